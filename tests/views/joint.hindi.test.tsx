/**
 * /joint in Hindi: the wait, no shell and a failure follow the language; the shell's or
 * the server's message stays as it came; a shell that did not answer in time says so in Hindi.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../contract/auth';
import type { DeviceInfo } from '../../contract/device';
import { LOGIN_FAILED, NO_SHELL, SIGNED_DEVICE } from '../../machines/joint/joint.cases';
import { jointMachine } from '../../machines/joint/joint.machine';
import { JointFlow } from '../../src/flows/joint/JointRoute';
import { BridgeError } from '../../src/lib/native-bridge';
import { fakeCalls } from '../support/fakes';
import { switchLanguage } from '../support/language';

afterEach(() => switchLanguage('en'));

describe('/joint in Hindi', () => {
  it("no shell, a late shell and a refused login, each in Hindi; the server's msg as it came", async () => {
    await switchLanguage('hi');
    const device = fakeCalls<DeviceInfo>();
    const login = fakeCalls<LoginResponse, DeviceInfo>();
    const machine = jointMachine.provide({ actors: { deviceInfo: device.actor, login: login.actor }, actions: { navigate: () => {}, adoptToken: () => {} } });
    render(
      <Router hook={memoryLocation({ path: '/joint' }).hook}>
        <JointFlow machine={machine} />
      </Router>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('साइन इन हो रहा है');
    expect(screen.getByRole('status').textContent).toContain('ऐप से जुड़ रहे हैं…');

    await act(async () => device.pending().reject(NO_SHELL));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('यह पेज ऐप में खोलें');
    expect(screen.getByRole('alert').textContent).toContain('यह पेज सिर्फ़ ऐप के अंदर काम करता है।');
    expect(screen.getByRole('link', { name: 'मोबाइल नंबर से साइन इन करें' }).getAttribute('href')).toBe('/login');

    fireEvent.click(screen.getByRole('button', { name: 'फिर से कोशिश करें' }));
    await act(async () => device.pending().reject(new BridgeError('timeout')));
    expect(screen.getByRole('alert').textContent).toContain('ऐप ने समय पर जवाब नहीं दिया। कृपया फिर से कोशिश करें।');

    fireEvent.click(screen.getByRole('button', { name: 'फिर से कोशिश करें' }));
    await act(async () => device.pending().resolve(SIGNED_DEVICE));
    expect(screen.getByRole('status').textContent).toContain('आपको साइन इन कर रहे हैं…');
    await act(async () => login.pending().reject(LOGIN_FAILED));
    expect(screen.getByRole('alert').textContent).toContain(LOGIN_FAILED.message);

    await switchLanguage('en');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in with your mobile number' })).toBeTruthy();
  });
});

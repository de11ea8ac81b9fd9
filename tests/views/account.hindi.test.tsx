/**
 * Account in Hindi: the language is chosen here too, with the same switch as on the
 * login screen: every text of the page follows at once (no reload), the switch says which language
 * is on, <html lang> follows and the choice is remembered on the device.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import type { Offered } from '../../contract/beyond-spec';
import type { SessionList } from '../../contract/sessions';
import { sessionsMachine } from '../../machines/sessions/sessions.machine';
import { AccountFlow } from '../../src/flows/personal/AccountRoute';
import { fromCall } from '../../src/lib/abortable';
import { switchLanguage } from '../support/language';

afterEach(() => switchLanguage('en'));

/** Account against a lender without the signed-in devices (the page as the spec has it). */
const show = () => {
  const { hook } = memoryLocation({ path: '/personal' });
  const machine = sessionsMachine.provide({ actors: { listSessions: fromCall(() => Promise.resolve<Offered<SessionList>>({ offered: false })) } });
  render(
    <Router hook={hook}>
      <AccountFlow machine={machine} onQuit={() => {}} />
    </Router>,
  );
};

describe('Account in Hindi', () => {
  it('the Language row switches the page to Hindi and back, remembered, without a reload', async () => {
    show();
    expect(screen.getByRole('link', { name: 'Order History' })).toBeTruthy();
    const row = screen.getByText('Language').parentElement!;
    expect(row.querySelector('[role="group"]')).toBe(screen.getByRole('group', { name: 'Language' }));
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' })));
    await screen.findByRole('heading', { name: 'अकाउंट' });
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem('bw.pref.lang')).toBe('hi');
    expect(screen.getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'अकाउंट' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ऑर्डर हिस्ट्री' }).getAttribute('href')).toBe('/orders');
    expect(screen.getByRole('link', { name: 'शेड्यूल किए गए आवेदन' }).getAttribute('href')).toBe('/schedule');
    expect(screen.getByRole('link', { name: 'सहायता केंद्र' }).getAttribute('href')).toBe('/personal/help');
    expect(screen.getByRole('link', { name: 'हमारे बारे में' }).getAttribute('href')).toBe('/personal/aboutus');
    expect(screen.getByRole('button', { name: 'बाहर निकलें' })).toBeTruthy();
    expect(screen.getByText('भाषा')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'भाषा' })).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'English' })));
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('bw.pref.lang')).toBe('en');
    expect(screen.getByRole('heading', { name: 'Account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quit' })).toBeTruthy();
  });

  it('opens in Hindi when Hindi was chosen before', async () => {
    await switchLanguage('hi');
    show();
    expect(screen.getByRole('heading', { name: 'अकाउंट' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ऑर्डर हिस्ट्री' })).toBeTruthy();
  });
});

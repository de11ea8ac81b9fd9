/**
 * The verification hub in Hindi: the page, the link without a product, the 'Info'
 * dialog and its OK follow the language; the machine's own message is in Hindi; the server's msg
 * stays as sent. English again is verbatim.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verificationMachine } from '../../machines/verification/verification.machine';
import type { VerificationStatus } from '../../contract/verification';
import { VerificationFlow } from '../../src/flows/auth/VerificationRoute';
import { fakeCalls } from '../support/fakes';
import { switchLanguage } from '../support/language';

afterEach(() => switchLanguage('en'));

function harness(pid: string) {
  const status = fakeCalls<VerificationStatus>();
  const navigate = vi.fn();
  const machine = verificationMachine.provide({
    actors: { loadStatus: status.actor },
    actions: { navigate: (_, p) => navigate(p), reportUnknownSteps: () => {} },
  });
  render(
    <Router hook={memoryLocation({ path: `/auth/index?pid=${pid}` }).hook}>
      <VerificationFlow pid={pid} machine={machine} />
    </Router>,
  );
  return { status, navigate };
}

describe('the verification hub in Hindi', () => {
  it('checks, then says in Hindi what went wrong; the server msg as sent', async () => {
    await switchLanguage('hi');
    const h = harness('7');
    expect(screen.getByRole('heading', { name: 'वेरिफ़िकेशन' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('आपका वेरिफ़िकेशन जाँचा जा रहा है…');
    // A failure without a msg: the machine's message, by key, in Hindi.
    await act(async () => h.status.live()[0]!.d.reject(new Error('')));
    const dialog = await screen.findByRole('dialog', { name: 'जानकारी' });
    expect(dialog.textContent).toContain('आपका वेरिफ़िकेशन जाँचा नहीं जा सका। कृपया फिर से कोशिश करें।');
    // English again, without a reload: the same dialog in the spec's words.
    await switchLanguage('en');
    expect(screen.getByRole('dialog', { name: 'Info' }).textContent).toContain('Could not check your verification. Please try again.');
    await switchLanguage('hi');
    await userEvent.setup().click(screen.getByRole('button', { name: 'ठीक है' }));
    expect(h.navigate).toHaveBeenCalledWith({ to: '/product/7', replace: true });
  });

  it("keeps the server's msg as it came", async () => {
    await switchLanguage('hi');
    const h = harness('7');
    await act(async () => h.status.live()[0]!.d.reject(new Error('System busy, please try again later')));
    const dialog = await screen.findByRole('dialog', { name: 'जानकारी' });
    expect(dialog.textContent).toContain('System busy, please try again later');
  });

  it('says in Hindi that the link names no product, with the way home', async () => {
    await switchLanguage('hi');
    harness('');
    expect(screen.getByText('इस लिंक में यह नहीं बताया गया है कि आप किस लोन के लिए आवेदन कर रहे हैं।')).toBeTruthy();
    expect(screen.getByText('शुरू करने के लिए होम पेज पर कोई लोन चुनें।')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'होम पर जाएँ' }).getAttribute('href')).toBe('/');
  });
});

/**
 * The bank screens in Hindi: "Add bank account" (labels, hints, the spec's field messages,
 * the failed bind's toast by key, the server's text as it came), the list of accounts and the IFSC
 * finder. Bank names, IFSCs and account digits stay as they are.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BankBindPayload, BankCard, BankName, Branch, NamedPlace } from '../../contract/bank';
import { bankAddMachine } from '../../machines/bank/bank-add.machine';
import { ifscMachine } from '../../machines/bank/ifsc.machine';
import { BANKS } from '../../machines/bank/ifsc.cases';
import { bankAddEffects } from '../../src/flows/bank/bank-add.effects';
import { BankAddFlow } from '../../src/flows/bank/BankAddRoute';
import { IfscFlow } from '../../src/flows/bank/IfscRoute';
import { ToastHost } from '../../src/ui/ToastHost';
import { fakeCalls } from '../support/fakes';
import { switchLanguage } from '../support/language';

const api = vi.hoisted(() => ({ getBankCards: vi.fn() }));
vi.mock('../../src/api/bank', async (original) => ({ ...(await original<Record<string, unknown>>()), ...api }));

afterEach(() => switchLanguage('en'));

function addBank(ifscCode: string | null = null) {
  const binds = fakeCalls<BankCard, { payload: BankBindPayload; idempotencyKey: string }>();
  const machine = bankAddMachine.provide({ ...bankAddEffects(vi.fn()), actors: { bind: binds.actor } });
  render(
    <Router hook={memoryLocation({ path: '/bank/add?pid=3' }).hook}>
      <BankAddFlow machine={machine} pid="3" ifscCode={ifscCode} draft={null} clientId="in.borrower.h5" />
      <ToastHost />
    </Router>,
  );
  return { binds, user: userEvent.setup({ delay: null }) };
}

const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((el) => el?.classList.contains('field-error'))?.textContent ?? null;

describe('"Add bank account" in Hindi', () => {
  it('shows the form in Hindi; the field messages, the toast and the server text follow', async () => {
    await switchLanguage('hi');
    const h = addBank();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('बैंक अकाउंट जोड़ें');
    expect(screen.getByText('लोन की राशि इसी अकाउंट में भेजी जाएगी। यह अकाउंट आपके नाम पर होना चाहिए।')).toBeTruthy();
    const ifsc = screen.getByLabelText('IFSC कोड');
    const account = screen.getByLabelText('बैंक अकाउंट नंबर');
    const confirm = screen.getByLabelText('अकाउंट नंबर दोबारा डालें');
    expect(screen.getByText('11 अक्षर, जैसे SBIN0001234')).toBeTruthy();
    expect(screen.getByText('सिर्फ़ अंक')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'IFSC खोजें' }).getAttribute('href')).toBe('/bank/ifsc?pid=3');

    // The spec's field messages, by key, in Hindi.
    await h.user.click(screen.getByRole('button', { name: 'सेव करें' }));
    expect(errorOf(ifsc)).toBe('कृपया IFSC कोड डालें');
    expect(errorOf(account)).toBe('कृपया बैंक अकाउंट नंबर डालें');
    expect(errorOf(confirm)).toBe('कृपया अकाउंट नंबर दोबारा डालें');
    await h.user.type(ifsc, 'SBIN1');
    expect(errorOf(ifsc)).toBe('IFSC कोड में 11 अक्षर होते हैं: पहले 4 अक्षर, फिर 0, फिर 6 अक्षर या अंक (जैसे SBIN0001234)।');
    await h.user.clear(ifsc);
    await h.user.type(ifsc, 'SBIN0001234');
    await h.user.type(account, '123456789012');
    await h.user.type(confirm, '123456789013');
    expect(errorOf(confirm)).toBe('कृपया अकाउंट नंबर की पुष्टि करें: दोनों नंबर एक जैसे नहीं हैं');
    await h.user.clear(confirm);
    await h.user.type(confirm, '123456789012');
    expect(errorOf(confirm)).toBeNull();

    // A failed bind without a reason: the machine's message, in Hindi, in a toast.
    await h.user.click(screen.getByRole('button', { name: 'सेव करें' }));
    await act(async () => h.binds.pending().reject(new Error('')));
    expect(await screen.findByText('बैंक अकाउंट नहीं जोड़ा जा सका। कृपया फिर से कोशिश करें।')).toBeTruthy();
    // The server's text as it came.
    await h.user.click(screen.getByRole('button', { name: 'सेव करें' }));
    await act(async () => h.binds.pending().reject(new Error('This bank account is already added.')));
    expect(await screen.findByText('This bank account is already added.')).toBeTruthy();

    // English again, verbatim, without a reload.
    await switchLanguage('en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Add bank account');
    expect(screen.getByLabelText('IFSC code')).toBe(ifsc);
  });
});

describe('the bank accounts and the IFSC finder in Hindi', () => {
  it('lists the accounts in Hindi, the bank names and numbers as they are', async () => {
    // The screen is loaded first, as a screen on show is when the borrower switches.
    const { default: BankListRoute } = await import('../../src/flows/bank/BankListRoute');
    await switchLanguage('hi');
    api.getBankCards.mockReset().mockResolvedValue([{ id: '7', cardNo: 'XXXXXXXX9012', bankCode: 'SBIN0001234' }]);
    const memory = memoryLocation({ path: '/bank?pid=3' });
    render(
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <BankListRoute />
      </Router>,
    );
    const card = await screen.findByRole('link', { name: /State Bank of India/ });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('बैंक अकाउंट');
    expect(screen.getByText('वह अकाउंट चुनें जिसमें लोन की राशि आनी है।')).toBeTruthy();
    expect(card.textContent).toContain('9012 पर ख़त्म होने वाला अकाउंट');
    expect(card.textContent).toContain('IFSC कोड SBIN0001234');
    expect(screen.getByRole('link', { name: 'बैंक अकाउंट जोड़ें' }).getAttribute('href')).toBe('/bank/add?pid=3');
  });

  it('walks the finder in Hindi; a failed list says so in Hindi', async () => {
    await switchLanguage('hi');
    const calls = {
      loadBanks: fakeCalls<BankName[]>(),
      loadStates: fakeCalls<NamedPlace[], { bankId: string }>(),
      loadCities: fakeCalls<NamedPlace[], { stateId: string }>(),
      loadBranches: fakeCalls<Branch[], { cityId: string }>(),
    };
    const machine = ifscMachine.provide({
      actors: { loadBanks: calls.loadBanks.actor, loadStates: calls.loadStates.actor, loadCities: calls.loadCities.actor, loadBranches: calls.loadBranches.actor },
      actions: { navigate: () => {} },
    });
    render(
      <Router hook={memoryLocation({ path: '/bank/ifsc?pid=3' }).hook}>
        <IfscFlow machine={machine} pid="3" />
      </Router>,
    );
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('अपना IFSC खोजें');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('अपना बैंक चुनें');
    await act(async () => calls.loadBanks.pending().resolve(BANKS));
    await user.type(screen.getByRole('searchbox', { name: 'बैंक खोजें' }), 'zzz');
    expect(screen.getByText('“zzz” से कुछ नहीं मिला।')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'बैंक खोजें' }));
    await user.click(within(screen.getByRole('list', { name: 'अपना बैंक चुनें' })).getAllByRole('button')[0]!);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('अपनी ब्रांच का राज्य चुनें');
    expect(screen.getByRole('button', { name: 'बैंक बदलें' })).toBeTruthy();
    await waitFor(() => calls.loadStates.pending());
    await act(async () => calls.loadStates.pending().reject(new Error('')));
    expect(screen.getByRole('alert').textContent).toContain('सूची लोड नहीं हो सकी। कृपया फिर से कोशिश करें।');
  });
});

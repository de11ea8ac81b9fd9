/**
 * "Add bank account" (BankAddFlow with the app's effects and fake binds), in StrictMode and normal
 * mode: the machine's generated paths replayed on the screen (binds counted, keys checked), the
 * spec's messages verbatim at their fields, digits only, one bind per intent (double tap, a retry
 * after a lost answer, a reload in the middle), and the draft surviving the trip to the IFSC finder
 * and a reload, in this tab only.
 */
import { StrictMode, type ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import type { BankBindPayload, BankCard } from '../../contract/bank';
import { bankAddMachine, type BankAddInput } from '../../machines/bank/bank-add.machine';
import { ACCOUNT, cases, DRAFT_KEY, IFSC, inputs, NEW_CARD, serialize } from '../../machines/bank/bank-add.cases';
import { BANK_FIELDS, bindPayload, fieldProblem, type BankField } from '../../machines/bank/bank-add.rules';
import { bankText } from '../../i18n/en/bank';
import { BANKS, BRANCHES, CITIES, STATES } from '../../machines/bank/ifsc.cases';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import { ApiError } from '../../src/api/client';
import { bankAddDraft, bankAddEffects } from '../../src/flows/bank/bank-add.effects';
import { BankAddFlow } from '../../src/flows/bank/BankAddRoute';
import { fromCall } from '../../src/lib/abortable';
import { ToastHost } from '../../src/ui/ToastHost';
import { fakeCalls } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

const api = vi.hoisted(() => ({
  bindCard: vi.fn(),
  getBanks: vi.fn(),
  getBankStates: vi.fn(),
  getBankCities: vi.fn(),
  getBankBranches: vi.fn(),
}));
vi.mock('../../src/api/bank', async (original) => ({ ...(await original<Record<string, unknown>>()), ...api }));

type BindInput = { payload: BankBindPayload; idempotencyKey: string };

const LABELS: Record<BankField, string> = { ifsc: 'IFSC code', account: 'Bank account number', confirm: 'Confirm account number' };
const input = (field: BankField) => screen.getByLabelText(LABELS[field]) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const errorOf = (field: BankField) => {
  const ids = input(field).getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((el) => el?.classList.contains('field-error'))?.textContent ?? null;
};

/** The form with the app's effects (draft, toast, keys) and fake binds; the draft read as the route does. */
function harness(strict: boolean, { pid = '3', ifscCode = null as string | null, draft = bankAddDraft().read() } = {}) {
  const binds = fakeCalls<BankCard, BindInput>();
  const bindCalls = vi.fn(binds.call);
  const navigate = vi.fn();
  const machine = bankAddMachine.provide({ ...bankAddEffects(navigate), actors: { bind: fromCall(bindCalls) } });
  const { hook } = memoryLocation({ path: '/bank/add?pid=3' });
  const ui: ReactNode = (
    <Router hook={hook}>
      <BankAddFlow machine={machine} pid={pid} ifscCode={ifscCode} draft={draft} clientId="in.borrower.h5" />
      <ToastHost />
    </Router>
  );
  const view = render(strict ? <StrictMode>{ui}</StrictMode> : ui);
  const keys = () => binds.live().map((b) => b.input.idempotencyKey);
  return { view, binds, bindCalls, navigate, keys, user: userEvent.setup({ delay: null }) };
}

const paths = generatePaths(bankAddMachine, { cases, inputs, serialize });

const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

describe.each(mode)('bank add paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const start = path.input as BankAddInput;
    let h!: ReturnType<typeof harness>;
    // The binds the model sends: their keys and payloads, to compare with what the screen sent.
    const modelBinds: { key: string | null; payload: BankBindPayload }[] = [];
    const settle = async (c: ActorDoneCase | ActorErrorCase) => {
      await waitFor(() => h.binds.pending());
      await act(async () => ('output' in c ? h.binds.pending().resolve(c.output as BankCard) : h.binds.pending().reject(c.error)));
    };
    await replayPath(path, {
      act: {
        'xstate.init': () => {
          h = harness(strict, { pid: start.pid, ifscCode: start.ifscCode, draft: start.draft });
        },
        // The value at once (a paste): typing it key by key would pass through other answers.
        'field.changed': (e) => void fireEvent.change(input(e.field), { target: { value: e.value } }),
        'form.submitted': () => void fireEvent.click(save()),
        'xstate.done.actor.bind': (e) => settle(e as ActorDoneCase),
        'xstate.error.actor.bind': (e) => settle(e as ActorErrorCase),
      },
      assert: async (s, step) => {
        if (s.matches('submitting') && step.event.type === 'form.submitted')
          modelBinds.push({ key: s.context.idempotencyKey, payload: bindPayload(s.context.values, s.context.pid, s.context.clientId) });
        if (!s.matches('done')) {
          for (const f of BANK_FIELDS) {
            expect(input(f).value).toBe(s.context.values[f]);
            const problem = s.context.flagged ? fieldProblem(s.context.values, f) : null;
            expect(errorOf(f)).toBe(problem && bankText.en[problem]);
          }
          expect(save().getAttribute('aria-busy')).toBe(s.matches('submitting') ? 'true' : null);
        }
        if (step.event.type === 'xstate.error.actor.bind') expect(await screen.findByText((step.event as ActorErrorCase<Error>).error.message)).toBeTruthy();
        if (s.matches('done')) await waitFor(() => expect(h.navigate).toHaveBeenCalledWith('/product/3/detail?bank_id=501', { replace: true }));
        else expect(h.navigate).not.toHaveBeenCalled();
      },
    });
    // Exactly the binds the path starts, with the model's payloads; the same key where the model keeps it (the draft's after a reload).
    expect(h.bindCalls).toHaveBeenCalledTimes(invocations(path.steps, 'bind'));
    const live = h.binds.live();
    expect(live.map((b) => b.input.payload)).toEqual(modelBinds.map((b) => b.payload));
    modelBinds.forEach((m, i) => {
      if (m.key === DRAFT_KEY) expect(live[i]!.input.idempotencyKey).toBe(DRAFT_KEY);
      modelBinds.forEach((n, j) => expect(live[i]!.input.idempotencyKey === live[j]!.input.idempotencyKey).toBe(m.key === n.key));
    });
  });
});

describe.each(mode)('bank add screen (%s)', (_, strict) => {
  it('says each problem once, at its field, in the spec’s words, and focuses the first', async () => {
    const h = harness(strict);
    await h.user.click(save());
    expect(errorOf('ifsc')).toBe('Please input Ifsc Code');
    expect(errorOf('account')).toBe('Please input Bank Account');
    expect(errorOf('confirm')).toBe('Please input Confirm Account');
    for (const text of ['Please input Ifsc Code', 'Please input Bank Account', 'Please input Confirm Account']) expect(screen.getAllByText(text)).toHaveLength(1);
    expect(document.activeElement).toBe(input('ifsc'));
    await h.user.type(input('ifsc'), 'sbin1234');
    expect(input('ifsc').value).toBe('SBIN1234');
    expect(errorOf('ifsc')).toBe(bankText.en.ifscMalformed);
    await h.user.type(input('account'), '1234');
    await h.user.type(input('confirm'), '1235');
    expect(errorOf('confirm')).toBe('Please Confirm Account');
    await h.user.click(save());
    expect(document.activeElement).toBe(input('ifsc'));
    expect(h.bindCalls).not.toHaveBeenCalled();
    // No toast repeats a field's problem.
    expect(screen.queryByRole('status', { name: /Please/ })).toBeNull();
  });

  it('keeps digits only in the accounts, at most 19, and an upper-cased IFSC of 11', async () => {
    const h = harness(strict);
    await h.user.type(input('account'), '12-34 ab5678901234567890123');
    expect(input('account').value).toBe('1234567890123456789');
    expect(input('account').getAttribute('maxlength')).toBe('19');
    expect(input('account').getAttribute('inputmode')).toBe('numeric');
    await h.user.type(input('ifsc'), 'hdfc0001234zz');
    expect(input('ifsc').value).toBe('HDFC0001234');
  });

  it('takes the IFSC from ?ifsc_code=, upper-cased, and links to the finder', () => {
    harness(strict, { ifscCode: 'sbin0001234' });
    expect(input('ifsc').value).toBe('SBIN0001234');
    expect(screen.getByRole('link', { name: 'Find IFSC' }).getAttribute('href')).toBe('/bank/ifsc?pid=3');
  });

  it('binds once on a double tap, then replaces the page with the confirmation, the new card chosen', async () => {
    const h = harness(strict, { ifscCode: IFSC });
    await h.user.type(input('account'), ACCOUNT);
    await h.user.type(input('confirm'), ACCOUNT);
    await h.user.dblClick(save());
    fireEvent.submit(save().closest('form')!);
    expect(h.bindCalls).toHaveBeenCalledTimes(1);
    expect(bankAddDraft().read()?.idempotencyKey).toBe(h.keys()[0]);
    await act(async () => h.binds.pending().resolve(NEW_CARD));
    expect(h.navigate).toHaveBeenCalledExactlyOnceWith('/product/3/detail?bank_id=501', { replace: true });
    expect(bankAddDraft().read()).toBeNull();
  });

  it('a retry after a lost answer sends the same key; a changed account is a new intent', async () => {
    const h = harness(strict, { ifscCode: IFSC });
    await h.user.type(input('account'), ACCOUNT);
    await h.user.type(input('confirm'), ACCOUNT);
    await h.user.click(save());
    await act(async () => h.binds.pending().reject(new ApiError('network', 'Network error. Please check your connection and try again.')));
    expect(await screen.findByText('Network error. Please check your connection and try again.')).toBeTruthy();
    expect(input('account').value).toBe(ACCOUNT);
    await h.user.click(save());
    const [first, retry] = h.keys();
    expect(retry).toBe(first);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    await act(async () => h.binds.pending().reject(new ApiError('server', 'This bank account is already added.')));
    await h.user.type(input('account'), '9');
    await h.user.type(input('confirm'), '9');
    await h.user.click(save());
    expect(h.keys()).toHaveLength(3);
    expect(h.keys()[2]).not.toBe(first);
  });

  it('a reload in the middle of a bind sends the same key again', async () => {
    const h = harness(strict, { ifscCode: IFSC });
    await h.user.type(input('account'), ACCOUNT);
    await h.user.type(input('confirm'), ACCOUNT);
    await h.user.click(save());
    const [first] = h.keys();
    h.view.unmount();
    const again = harness(strict, { ifscCode: IFSC });
    expect(input('account').value).toBe(ACCOUNT);
    await again.user.click(save());
    expect(again.keys()).toEqual([first]);
  });
});

describe.each(mode)('the draft across the IFSC finder and a reload (%s)', (_, strict) => {
  it('keeps what was typed while the finder is used, fills the IFSC it found, and survives a reload, in this tab only', async () => {
    api.getBanks.mockReset().mockResolvedValue(BANKS);
    api.getBankStates.mockReset().mockResolvedValue(STATES);
    api.getBankCities.mockReset().mockResolvedValue(CITIES);
    api.getBankBranches.mockReset().mockResolvedValue(BRANCHES);
    const [{ default: BankAddRoute }, { default: IfscRoute }] = await Promise.all([import('../../src/flows/bank/BankAddRoute'), import('../../src/flows/bank/IfscRoute')]);
    const memory = memoryLocation({ path: '/product/3/detail', record: true });
    memory.navigate('/bank/add?pid=3');
    const app = () => {
      const tree = (
        <Router hook={memory.hook} searchHook={memory.searchHook}>
          <Switch>
            <Route path="/bank/add" component={BankAddRoute} />
            <Route path="/bank/ifsc" component={IfscRoute} />
          </Switch>
        </Router>
      );
      return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
    };
    const view = app();
    const user = userEvent.setup({ delay: null });
    await user.type(input('account'), ACCOUNT);
    await user.type(input('confirm'), '1234');
    await user.click(screen.getByRole('link', { name: 'Find IFSC' }));
    await user.click(await screen.findByRole('button', { name: 'State Bank of India' }));
    await user.click(await screen.findByRole('button', { name: 'Karnataka' }));
    await user.click(await screen.findByRole('button', { name: 'Bengaluru' }));
    await user.click(await screen.findByRole('button', { name: /Koramangala/ }));
    // The finder replaced itself: Back from the form goes where it went before the finder.
    expect(memory.history).toEqual(['/product/3/detail', '/bank/add?pid=3', '/bank/add?pid=3&ifsc_code=SBIN0005778']);
    expect(input('ifsc').value).toBe('SBIN0005778');
    expect(input('account').value).toBe(ACCOUNT);
    expect(input('confirm').value).toBe('1234');
    view.unmount();
    app();
    expect(input('ifsc').value).toBe('SBIN0005778');
    expect(input('account').value).toBe(ACCOUNT);
    // A financial identifier: in this tab's storage, never the device's.
    expect(JSON.stringify({ ...sessionStorage })).toContain(ACCOUNT);
    expect(JSON.stringify({ ...localStorage })).not.toContain(ACCOUNT);
  });
});

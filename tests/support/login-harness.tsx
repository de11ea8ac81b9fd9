/**
 * Renders the sign-in screen (LoginFlow) for tests: the machine provided with fake calls (deferred,
 * settled by the test), recorded toasts, sessions and navigations, the draft in in-memory storage,
 * a simulated clock, and StrictMode on request. Shared by tests/views/login.paths.test.tsx and
 * tests/views/login.test.tsx.
 */
import { loginText } from '../../i18n/en/login';
import { textFor } from '../../src/ui/text';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import { SimulatedClock } from 'xstate';
import { loginMachine, type LoginInput } from '../../machines/login/login.machine';
import type { NavigateParams } from '../../machines/shared/navigation';
import { fromCall } from '../../src/lib/abortable';
import type { DraftStorage } from '../../src/lib/draft';
import { loginDraft } from '../../src/flows/login/login.effects';
import { LoginFlow } from '../../src/flows/login/LoginRoute';
import { fakeCalls, type Deferred } from './fakes';

export class MemoryStorage implements DraftStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

export type LoginHarness = ReturnType<typeof harness>;

/**
 * LoginFlow with fake calls, recorded effects, a simulated clock and in-memory storage. A draft in
 * `input` is stored first, so the screen restores it the way a reload does.
 */
export function harness({ strict, input = {}, storage = new MemoryStorage(), clock = new SimulatedClock() }: { strict: boolean; input?: LoginInput; storage?: MemoryStorage; clock?: SimulatedClock }) {
  const draft = loginDraft(() => storage);
  if (input.draft) draft.write(input.draft);
  const fakes = { sendCode: fakeCalls<void, { phone10: string }>(), login: fakeCalls<{ token: string }, { phone10: string; code: string }>() };
  // Every call the screen makes, aborted ones included.
  const calls = { sendCode: [] as string[], login: [] as { phone10: string; code: string }[] };
  const effects = { toasts: [] as string[], sessions: [] as { token: string; phone: string }[], navigations: [] as NavigateParams[] };
  const machine = loginMachine.provide({
    actors: {
      sendCode: fromCall((i: { phone10: string }, signal) => {
        calls.sendCode.push(i.phone10);
        return fakes.sendCode.call(i, signal);
      }),
      login: fromCall((i: { phone10: string; code: string }, signal) => {
        calls.login.push(i);
        return fakes.login.call(i, signal);
      }),
    },
    actions: {
      showToast: (_, { message }) => void effects.toasts.push(textFor(loginText, 'en').said(message)),
      persistDraft: (_, d) => draft.write(d),
      startSession: (_, s) => void effects.sessions.push(s),
      navigate: (_, to) => void effects.navigations.push(to),
    },
  });
  const wrap = (ui: ReactNode) => (strict ? <StrictMode>{ui}</StrictMode> : ui);
  const view = render(wrap(<LoginFlow machine={machine} draft={draft.read()} redirect={input.redirect ?? null} now={() => clock.now()} clock={clock} />));
  return { clock, storage, draft, fakes, calls, effects, view, user: userEvent.setup({ delay: null }), el: elements() };
}

/** The screen's controls, found once (React keeps the same DOM nodes; role queries are slow in jsdom). */
export function elements() {
  const one = <T extends Element>(selector: string): T => {
    const found = document.body.querySelectorAll<T>(selector);
    if (found.length !== 1) throw new Error(`expected one '${selector}', found ${found.length}`);
    return found[0]!;
  };
  return {
    phone: one<HTMLInputElement>('input[name="phone"]'),
    code: one<HTMLInputElement>('input[name="code"]'),
    agreement: one<HTMLInputElement>('input[type="checkbox"]'),
    sendCode: one<HTMLButtonElement>('.field-suffix button'),
    login: one<HTMLButtonElement>('button[type="submit"]'),
    error: one<HTMLElement>('[role="alert"]'),
  };
}

export const ui = {
  phone: () => screen.getByLabelText<HTMLInputElement>('Mobile number'),
  code: () => screen.getByLabelText<HTMLInputElement>('Verification code'),
  agreement: () => screen.getByRole<HTMLInputElement>('checkbox', { name: /I have read and agree to the Loan Guarantee Agreement/ }),
  sendCode: () => screen.getByRole('button', { name: /^(Send code|Resend in \d+s)$/ }),
  login: () => screen.getByRole('button', { name: 'Log in' }),
  error: () => screen.getByRole('alert'),
};

/** Settles the call in flight (`fakes.sendCode` or `fakes.login`); throws when there is none. */
export async function settle<T>(calls: { pending: () => Deferred<T> }, how: { value: T } | { error: unknown }) {
  const d = calls.pending();
  await act(async () => {
    if ('error' in how) d.reject(how.error);
    else d.resolve(how.value);
    await d.promise.catch(() => {});
  });
}

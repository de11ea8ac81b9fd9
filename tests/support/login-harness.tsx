/**
 * Renders the sign-in screen (LoginFlow) for tests: fake sendCode/login backed by deferred promises
 * the test settles, recorded toasts and sign-ins, a simulated clock, in-memory draft storage, and
 * StrictMode on request. Shared by tests/views/login.paths.test.tsx and tests/views/login.test.tsx.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import { SimulatedClock } from 'xstate';
import type { LoginInput, LoginRequest, LoginResult } from '../../machines/login/login.machine';
import { LoginFlow, type LoginDeps } from '../../src/flows/login/LoginRoute';
import { LOGIN_DRAFT_KEY, type DraftStorage } from '../../src/flows/login/draft';
import { deferred, type Deferred } from './model';

export class MemoryStorage implements DraftStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

export type LoginHarness = ReturnType<typeof harness>;

/** LoginFlow with fake calls (deferred), recorded effects, a simulated clock and in-memory storage. */
export function harness({ strict, input = {}, storage = new MemoryStorage(), clock = new SimulatedClock() }: { strict: boolean; input?: LoginInput; storage?: MemoryStorage; clock?: SimulatedClock }) {
  if (input.phone !== undefined || input.agreed !== undefined || input.resendDeadline !== undefined) {
    storage.setItem(LOGIN_DRAFT_KEY, JSON.stringify({ phone: input.phone ?? '', agreed: input.agreed ?? false, resendDeadline: input.resendDeadline ?? null }));
  }
  const pending = { sendCode: [] as Deferred<void>[], login: [] as Deferred<LoginResult>[] };
  const calls = { sendCode: [] as string[], login: [] as LoginRequest[] };
  const effects = { toasts: [] as string[], signedIn: [] as { token: string; phone: string }[] };
  const deps: LoginDeps = {
    sendCode: (phone10) => {
      calls.sendCode.push(phone10);
      const d = deferred<void>();
      pending.sendCode.push(d);
      return d.promise;
    },
    login: (request) => {
      calls.login.push(request);
      const d = deferred<LoginResult>();
      pending.login.push(d);
      return d.promise;
    },
    onSignedIn: (s) => void effects.signedIn.push(s),
    toast: (m) => void effects.toasts.push(m),
    now: () => clock.now(),
    clock,
    storage,
  };
  const wrap = (ui: ReactNode) => (strict ? <StrictMode>{ui}</StrictMode> : ui);
  const view = render(wrap(<LoginFlow deps={deps} />));
  return { clock, storage, pending, calls, effects, deps, view, user: userEvent.setup({ delay: null }), el: elements() };
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

export async function settle<T>(list: Deferred<T>[], how: { value: T } | { error: unknown }) {
  const d = list.at(-1);
  if (!d || d.settled) throw new Error('no request in flight to settle');
  await act(async () => {
    if ('error' in how) d.reject(how.error);
    else d.resolve(how.value);
    await d.promise.catch(() => {});
  });
}


/**
 * The event cases of the sign-in machine: generated test paths (tests/machines/login.machine.test.ts,
 * tests/views/login.paths.test.tsx) and the QA report (`npm run flows` → flows/login.md) both come
 * from these. Keep them minimal: every case is tried in every state where it is possible.
 *
 * Convention (machines/shared/cases.ts, CasesModule): `cases` (required), `inputs` and `serialize`.
 */
import type { SnapshotFrom } from 'xstate';
import { actorDone, actorError, delayElapsed, type CaseList } from '../shared/cases';
import { mobileOf, phoneDigits } from '../shared/phone';
import { loginMachine, type LoginContext, type LoginInput } from './login.machine';
import { LOGIN_CODE_DIGITS } from './login.rules';

/** The server's msg for a failed send or login (ApiError is an Error whose message is the msg). */
export const SEND_FAILURE = new Error('SMS limit reached, please try again later');
export const LOGIN_FAILURE = new Error('Verification code is incorrect');
export const TOKEN = 'token-of-test-borrower';

/** A valid mobile number; an invalid one (too short); a 4-digit code; a short code. */
export const VALID_PHONE = '9876543210';
export const SHORT_PHONE = '98765';
export const CODE = '1234';

export const cases = [
  { type: 'phone.changed', value: VALID_PHONE },
  { type: 'phone.changed', value: SHORT_PHONE },
  { type: 'code.changed', value: CODE },
  { type: 'code.changed', value: '12' },
  { type: 'agreement.toggled' },
  { type: 'code.requested' },
  { type: 'login.submitted' },
  actorDone('sendCode', undefined),
  actorError('sendCode', SEND_FAILURE),
  actorDone('login', { token: TOKEN }),
  actorError('login', LOGIN_FAILURE),
  delayElapsed(loginMachine, 'resendCooldown', 'login.form.codeRequest.cooldown'),
] satisfies CaseList<typeof loginMachine>;

/** Reload during a cooldown: the deadline is 42 s ahead of the clock. */
export const RELOAD_REMAINING_MS = 42_000;

/** Where the first visit was sent from (?redirect=): sign-in replaces /login with it. */
export const REDIRECT = '/product/3';

/**
 * A first visit from a protected page, and a reload (no ?redirect=) with a stored draft while the
 * resend cooldown still runs.
 */
export const inputs = {
  firstVisit: { redirect: REDIRECT, now: () => 0 },
  reloadedInCooldown: { draft: { phone: VALID_PHONE, agreed: true, resendDeadline: RELOAD_REMAINING_MS }, now: () => 0 },
} satisfies Record<string, LoginInput>;

/**
 * What decides what can happen next: the state, and whether the phone, the code and the tick make
 * the form complete, whether the phone is a valid mobile, and whether an error is shown. The digits
 * themselves do not matter (they would multiply the paths).
 */
export function serialize(snapshot: SnapshotFrom<typeof loginMachine>) {
  const c: LoginContext = snapshot.context;
  return {
    value: snapshot.value,
    phone: mobileOf(c.phone) ? 'mobile' : phoneDigits(c.phone) ? '10 digits' : 'short',
    code: c.code.length === LOGIN_CODE_DIGITS ? 'complete' : 'partial',
    agreed: c.agreed,
    error: c.error !== null,
  };
}

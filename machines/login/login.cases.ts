/**
 * The event cases of the sign-in machine: generated test paths (tests/machines/login.machine.test.ts,
 * tests/views/login.test.tsx) and the QA report (`npm run flows` → flows/login.md) both come from
 * these. Keep them minimal: every case is tried in every state where it is possible.
 *
 * Convention (tests/support/model.ts, CasesModule): `cases` (required), `inputs` and `serialize`
 * (optional). Types only come from the test harness, so this module stays pure at runtime.
 */
import type { CaseList } from '../../tests/support/model';
import type { loginMachine, LoginContext, LoginInput } from './login.machine';
import type { SnapshotFrom } from 'xstate';
import { isValidMobile, LOGIN_CODE_DIGITS, PHONE_DIGITS } from '../shared/phone';

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
  { type: 'xstate.done.actor.sendCode', output: undefined, actorId: 'sendCode' },
  { type: 'xstate.error.actor.sendCode', error: SEND_FAILURE, actorId: 'sendCode' },
  { type: 'xstate.done.actor.login', output: { token: TOKEN }, actorId: 'login' },
  { type: 'xstate.error.actor.login', error: LOGIN_FAILURE, actorId: 'login' },
  // The `after` of #login.form.codeRequest.cooldown (tests/support/model.ts: delayElapsed checks the name).
  { type: 'xstate.after.resendCooldown.login.form.codeRequest.cooldown' },
] satisfies CaseList<typeof loginMachine>;

/** Reload during a cooldown: the deadline is 42 s ahead of the clock. */
export const RELOAD_REMAINING_MS = 42_000;

/** A first visit, and a reload with a stored draft while the resend cooldown still runs. */
export const inputs = {
  firstVisit: { now: () => 0 },
  reloadedInCooldown: { phone: VALID_PHONE, agreed: true, resendDeadline: RELOAD_REMAINING_MS, now: () => 0 },
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
    phone: isValidMobile(c.phone) ? 'mobile' : c.phone.length === PHONE_DIGITS ? '10 digits' : 'short',
    code: c.code.length === LOGIN_CODE_DIGITS ? 'complete' : 'partial',
    agreed: c.agreed,
    error: c.error !== null,
  };
}

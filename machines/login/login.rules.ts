/**
 * Sign-in rules (spec §5 Login, §4 'Verification and sign-in', §9): the flow's constants, its
 * messages and the pure rules that the machine, the view and the tests share.
 */
import { mobileOf, PHONE_DIGITS } from '../shared/phone';

/** A mobile number has 10 digits. */
export { PHONE_DIGITS };

/** The code sent by SMS has 4 digits. */
export const LOGIN_CODE_DIGITS = 4;

/** Spec §4, §9: "a 60 s resend countdown runs after the code is sent" (shared with the Aadhaar OTP). */
export { RESEND_COOLDOWN_MS } from '../shared/countdown';

/** What survives a reload (the edge keeps it under 'bw.draft.login'); the code never does. */
export interface LoginDraft {
  /** The phone as typed (machines/shared/phone.ts phoneText): '+9198765' mid-way, '9876543210' once whole. */
  phone: string;
  agreed: boolean;
  /** When Send code becomes available again (epoch ms), or null when there is no cooldown. */
  resendDeadline: number | null;
}

/** The draft of a form: exactly these fields, so the code can never slip into storage. */
export const draftOf = (form: LoginDraft): LoginDraft => ({
  phone: form.phone,
  agreed: form.agreed,
  resendDeadline: form.resendDeadline,
});

/**
 * Spec §5: the login button is active only with 10 phone digits, 4 code digits and the tick. The
 * 10 digits are those the typed phone stands for, and only a mobile counts: a number is sent only
 * when valid (a code can only have gone to a valid one).
 */
export function loginAllowed(form: { phone: string; code: string; agreed: boolean }): boolean {
  return mobileOf(form.phone) !== null && form.code.length === LOGIN_CODE_DIGITS && form.agreed;
}

/**
 * The 10 digits sent (sendCode, login) and stored with the session. '' only for a phone that is
 * not a mobile, which the machine never sends (Send code and Log in are guarded by `mobileOf`).
 */
export const loginPhone = (form: { phone: string }): string => mobileOf(form.phone) ?? '';

/** Is the resend deadline still ahead at `now` (epoch ms)? */
export const cooldownRunning = (resendDeadline: number | null, now: number): boolean => resendDeadline !== null && resendDeadline > now;

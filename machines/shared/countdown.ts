/** Resend countdowns (sign-in code, Aadhaar OTP): kept as a deadline, shown in whole seconds. */

/** Whole seconds left until `deadline`, for 'Resend in 42s' (0 once it has passed or when there is none). */
export function remainingSeconds(deadline: number | null, now: number): number {
  if (deadline === null) return 0;
  const ms = deadline - now;
  return ms <= 0 ? 0 : Math.ceil(ms / 1000);
}

/** The one resend cooldown: a new sign-in code or Aadhaar OTP can be asked for 60 s after the last. */
export const RESEND_COOLDOWN_MS = 60_000;

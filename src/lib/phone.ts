/** Indian mobile numbers (spec §5 Login, §9): 10 digits, shown as +91, sent as 91 + digits. */
export const PHONE_DIGITS = 10;
export const CODE_DIGITS = 4;

/** Strips non-digits and trims to at most `max` digits. */
export function digitsOnly(input: string, max: number): string {
  return input.replace(/\D+/g, '').slice(0, max);
}

/**
 * The 10 local digits from what the borrower typed or pasted: non-digits stripped, and a leading
 * country code (+91 / 91 / 0) dropped when the number is otherwise too long.
 */
export function normalizePhone(input: string): string {
  let d = input.replace(/\D+/g, '');
  if (d.length > PHONE_DIGITS && d.startsWith('91')) d = d.slice(2);
  else if (d.length > PHONE_DIGITS && d.startsWith('0')) d = d.slice(1);
  return d.slice(0, PHONE_DIGITS);
}

/** "+91 98765 43210" */
export function formatPhone(digits10: string): string {
  return digits10.length === PHONE_DIGITS ? `+91 ${digits10.slice(0, 5)} ${digits10.slice(5)}` : `+91 ${digits10}`;
}

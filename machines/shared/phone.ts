/**
 * Indian mobile numbers (spec §5 Login, §9; CONVENTIONS §7): 10 digits starting 6–9, shown as +91,
 * sent as 91 + digits (contract/auth.ts toE164Digits). Pure: machines, views and the sandbox use them.
 */
export const PHONE_DIGITS = 10;
export const COUNTRY_CODE = '91';

/** Non-digits stripped, at most `max` digits. */
export function digitsOnly(input: string, max: number): string {
  return input.replace(/\D+/g, '').slice(0, max);
}

/**
 * The local digits of what the borrower typed or pasted: non-digits stripped, at most 10.
 * A pasted full number keeps its last 10 digits: '+91 98765-43210' (12 digits starting 91) and
 * '09876543210' (11 digits starting 0) both give '9876543210'. Typing an 11th digit does not shift
 * the number: '9198765432' + '1' stays '9198765432'.
 */
export function normalizePhone(input: string): string {
  const d = input.replace(/\D+/g, '');
  if (d.length === PHONE_DIGITS + COUNTRY_CODE.length && d.startsWith(COUNTRY_CODE)) return d.slice(COUNTRY_CODE.length);
  if (d.length === PHONE_DIGITS + 1 && d.startsWith('0')) return d.slice(1);
  return d.slice(0, PHONE_DIGITS);
}

/** 10 digits, the first one 6–9. */
export function isValidMobile(phone10: string): boolean {
  return /^[6-9]\d{9}$/.test(phone10);
}

/** "+91 98765 43210" (or "+91 98765" while incomplete). */
export function formatPhone(phone10: string): string {
  return phone10.length === PHONE_DIGITS ? `+91 ${phone10.slice(0, 5)} ${phone10.slice(5)}` : `+91 ${phone10}`;
}

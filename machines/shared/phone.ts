/**
 * Indian mobile numbers (spec §5 Login, §9; CONVENTIONS §7): 10 digits starting 6–9, shown as +91,
 * sent as 91 + digits (contract/auth.ts toE164Digits). Pure: machines, views and the sandbox use them.
 *
 * A phone field keeps what the borrower types (`phoneText`) and the number is derived from it
 * (`phoneDigits`, `mobileOf`): typing the number as the borrower knows it, with a leading +91, 91
 * or 0, must end with the same 10 digits as pasting it.
 */
export const PHONE_DIGITS = 10;
export const COUNTRY_CODE = '91';
/** A trunk prefix some borrowers type before the 10 digits ('09876543210'). */
const TRUNK_PREFIX = '0';

/** Non-digits stripped, at most `max` digits. */
export function digitsOnly(input: string, max: number): string {
  return input.replace(/\D+/g, '').slice(0, max);
}

/** 10 digits, the first one 6–9. */
export function isValidMobile(phone10: string): boolean {
  return /^[6-9]\d{9}$/.test(phone10);
}

/** The most digits a number starting with `digits` can have: 12 after +91 or 91, 11 after 0, else 10. */
function longest(digits: string, plus: boolean): number {
  if (plus || digits.startsWith(COUNTRY_CODE)) return COUNTRY_CODE.length + PHONE_DIGITS;
  if (digits.startsWith(TRUNK_PREFIX)) return TRUNK_PREFIX.length + PHONE_DIGITS;
  return PHONE_DIGITS;
}

/**
 * The 10 local digits when `digits` (after a '+' when `plus`) are one whole number, else null:
 * 10 digits not starting 0; 91 + 10; 0 + 10; +91 + 10. Ten digits starting 91 are a number of
 * their own (91xxxxxxxx mobiles exist); two more digits make them a 91-prefixed number instead.
 */
function wholeNumber(digits: string, plus: boolean): string | null {
  const prefixed = digits.length === COUNTRY_CODE.length + PHONE_DIGITS && digits.startsWith(COUNTRY_CODE);
  if (plus) return prefixed ? digits.slice(COUNTRY_CODE.length) : null;
  if (prefixed) return digits.slice(COUNTRY_CODE.length);
  if (digits.length === TRUNK_PREFIX.length + PHONE_DIGITS && digits.startsWith(TRUNK_PREFIX)) return digits.slice(TRUNK_PREFIX.length);
  if (digits.length === PHONE_DIGITS && !digits.startsWith(TRUNK_PREFIX)) return digits;
  return null;
}

/** One character typed at the end of a field holding `text` (itself a `phoneText`). */
function typeKey(text: string, ch: string): string {
  if (ch === '+') return text === '' ? '+' : text;
  if (!/^\d$/.test(ch)) return text;
  const hadPlus = text.startsWith('+');
  const digits = (hadPlus ? text.slice(1) : text) + ch;
  // A '+' stays only while it can still be +91 ('+9', '+91…'); '+98…' is a number typed after a stray '+'.
  const plus = hadPlus && (COUNTRY_CODE.startsWith(digits) || digits.startsWith(COUNTRY_CODE));
  // A digit past the longest number this start allows is refused: it never shifts the number.
  if (digits.length > longest(digits, plus)) return text;
  const whole = wholeNumber(digits, plus);
  // A whole prefixed mobile becomes its 10 digits, as a pasted one always did. One that is not a
  // mobile keeps its prefix: collapsing it would make a 10-digit text that further digits re-read.
  if (whole !== null && whole !== digits && isValidMobile(whole)) return whole;
  return (plus ? '+' : '') + digits;
}

/**
 * What a phone field keeps of what the borrower typed or pasted: the same as typing its characters
 * one by one into an empty field, so typing, pasting anywhere and deleting all end the same way.
 * - Separators and other non-digits are dropped; a '+' is kept only at the start, while it can be +91.
 * - Digits past the longest number the start allows are dropped (10; 11 after a leading 0; 12 after
 *   91 or +91): '9876543210' + '7' stays '9876543210'; '9198765432' + '1' is on its way to 91 + 10.
 * - A whole prefixed mobile becomes its 10 digits: '+91 98765-43210', '919876543210' and
 *   '09876543210' all give '9876543210'.
 * Idempotent: phoneText(phoneText(x)) === phoneText(x).
 */
export function phoneText(raw: string): string {
  let text = '';
  for (const ch of raw) text = typeKey(text, ch);
  return text;
}

/**
 * The 10 local digits that what was typed stands for, once it is one whole number (with or
 * without its prefix), else null: '98765' (too short), '0987654321' and '+9198765432' (a prefix
 * waiting for its digits), '91987654321' (on its way to 91 + 10) are not numbers yet. Not
 * necessarily a mobile: see `mobileOf`.
 */
export function phoneDigits(typed: string): string | null {
  const text = phoneText(typed);
  const plus = text.startsWith('+');
  return wholeNumber(plus ? text.slice(1) : text, plus);
}

/** The 10-digit mobile number that what was typed stands for, or null when it is not one (yet). */
export function mobileOf(typed: string): string | null {
  const digits = phoneDigits(typed);
  return digits !== null && isValidMobile(digits) ? digits : null;
}

/** The borrower typed the country code (a leading '+'): a field's fixed "+91" would show it twice. */
export const typesCountryCode = (text: string): boolean => text.startsWith('+');

/** "+91 98765 43210" (or "+91 98765" while incomplete). */
export function formatPhone(phone10: string): string {
  return phone10.length === PHONE_DIGITS ? `+91 ${phone10.slice(0, 5)} ${phone10.slice(5)}` : `+91 ${phone10}`;
}

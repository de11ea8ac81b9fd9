/**
 * Indian identity numbers (CONVENTIONS §7, spec §5 'No-upload KYC', §9): Aadhaar and PAN.
 * Pure, shared by the KYC machine (checks before anything is sent) and the sandbox server
 * (the same checks on what arrives, and the simulated OCR that reads a valid number).
 */

export const AADHAAR_DIGITS = 12;
export const PAN_LENGTH = 10;

// Verhoeff tables: multiplication in the dihedral group D5, the permutation, the inverse.
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
] as const;
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
] as const;
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9] as const;

function verhoeffState(digits: string, offset: number): number {
  let c = 0;
  const reversed = [...digits].reverse();
  for (let i = 0; i < reversed.length; i++) {
    const row = P[(i + offset) % 8] as readonly number[];
    c = (D[c] as readonly number[])[row[Number(reversed[i])] as number] as number;
  }
  return c;
}

/** True when the last digit of `digits` is the Verhoeff check digit of the others. */
export function verhoeffValid(digits: string): boolean {
  return /^\d+$/.test(digits) && verhoeffState(digits, 0) === 0;
}

/** The Verhoeff check digit to append to `digits`. */
export function verhoeffCheckDigit(digits: string): number {
  return INV[verhoeffState(digits, 1)] as number;
}

/**
 * Why an Aadhaar number or a PAN is not well-formed, as a code. The app names each reason by a key
 * of its own catalogue (machines/kyc/kyc.rules.ts), shown in the borrower's language; the sandbox
 * sends the English below as its msg.
 */
export type AadhaarReason = 'length' | 'start' | 'checksum';
export type PanReason = 'format';

/** The sandbox's English for each reason (server/src sends it as the msg of a refusal). */
export const AADHAAR_MESSAGES: Readonly<Record<AadhaarReason, string>> = {
  length: 'Aadhaar number must be 12 digits.',
  start: 'Aadhaar number cannot start with 0 or 1.',
  checksum: 'This Aadhaar number is not valid. Please check it.',
};

/** Why `aadhaar` (digits only) is not a well-formed Aadhaar number, or null when it is. */
export function aadhaarReason(aadhaar: string): AadhaarReason | null {
  if (!/^\d{12}$/.test(aadhaar)) return 'length';
  if (aadhaar.startsWith('0') || aadhaar.startsWith('1')) return 'start';
  if (!verhoeffValid(aadhaar)) return 'checksum';
  return null;
}

/** Why `aadhaar` (digits only) is not a well-formed Aadhaar number, in the sandbox's English, or null when it is. */
export function aadhaarProblem(aadhaar: string): string | null {
  const reason = aadhaarReason(aadhaar);
  return reason && AADHAAR_MESSAGES[reason];
}

export const PAN_PATTERN = /^[A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z]$/;
export const PAN_MESSAGE = 'PAN must be 10 characters like ABCPE1234F.';

/** Why `pan` is not a well-formed PAN, or null when it is. */
export function panReason(pan: string): PanReason | null {
  return PAN_PATTERN.test(pan) ? null : 'format';
}

/** Why `pan` is not a well-formed PAN, in the sandbox's English, or null when it is. */
export function panProblem(pan: string): string | null {
  return panReason(pan) && PAN_MESSAGE;
}

/** What the borrower typed as an Aadhaar number: digits only, at most 12 (spaces as printed on the card are dropped). */
export function normalizeAadhaar(input: string): string {
  return input.replace(/\D+/g, '').slice(0, AADHAAR_DIGITS);
}

/** What the borrower typed as a PAN: letters upper-cased, anything but letters and digits dropped, at most 10. */
export function normalizePan(input: string): string {
  return input
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '')
    .slice(0, PAN_LENGTH);
}

/** "XXXX XXXX 1234": only the last 4 digits of a verified Aadhaar number are shown. */
export function maskAadhaar(aadhaar: string): string {
  return aadhaar.length < 4 ? aadhaar : `XXXX XXXX ${aadhaar.slice(-4)}`;
}

/** "1234 5678 9012": the way the number is printed on the card. */
export function formatAadhaar(aadhaar: string): string {
  return aadhaar.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The length of a whole number shown grouped: 12 digits and 2 spaces. */
export const AADHAAR_GROUPED_LENGTH = formatAadhaar('0'.repeat(AADHAAR_DIGITS)).length;

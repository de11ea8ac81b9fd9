/**
 * The rules of "Add bank account" (/bank/add?pid=&ifsc_code=; spec §2 'Bank screens', §3 'Bank bind
 * payload', §5 'Bank add', §9 'Bank account: fewer than 20 digits'), pure: the machine applies them,
 * the view reads them.
 *
 * Decisions where the spec is silent (README):
 * - The IFSC is kept upper-cased, letters and digits only, at most 11 (the IFSC's length); it is
 *   checked against IFSC_PATTERN (contract/bank.ts) before anything is sent.
 * - The account and its confirmation keep digits only, at most 19 ("fewer than 20").
 * - Problems show after the first tap on Save, each once, at its field; from then on they follow
 *   what is typed. 'Please Confirm Account' (the two differ) is said at the confirmation field.
 */
import type { BankBindPayload } from '../../contract/bank';
import type { BankKey } from '../../i18n/en/bank';

/** Spec §9: fewer than 20 digits. */
export const ACCOUNT_MAX_DIGITS = 19;
/** An IFSC is 11 characters: four letters, a zero, six letters or digits. */
export const IFSC_LENGTH = 11;
/** contract/bank.ts IFSC_PATTERN (machines import the contract's types only; a test holds the two equal). */
export const IFSC_RULE = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export type BankField = 'ifsc' | 'account' | 'confirm';
/** The fields in the order of the form (the first with a problem takes focus). */
export const BANK_FIELDS: readonly BankField[] = ['ifsc', 'account', 'confirm'];

export interface BankValues {
  ifsc: string;
  account: string;
  confirm: string;
}

export const emptyBankValues = (): BankValues => ({ ifsc: '', account: '', confirm: '' });

/** Upper-cased letters and digits, at most 11 (what the IFSC field keeps). */
export const ifscText = (raw: string): string =>
  raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, IFSC_LENGTH);

/** Digits only, at most 19 (what the account fields keep). */
export const accountText = (raw: string): string => raw.replace(/\D/g, '').slice(0, ACCOUNT_MAX_DIGITS);

/** What field `field` keeps of `raw`. */
export const sanitize = (field: BankField, raw: string): string => (field === 'ifsc' ? ifscText(raw) : accountText(raw));

/** A field's problem: a message of the 'bank' catalogue (i18n/en/bank.ts). */
export type BankProblem = Extract<BankKey, 'ifscMissing' | 'ifscMalformed' | 'accountMissing' | 'confirmMissing' | 'confirmDiffers'>;

/** The problem of one field (its message's key), or null. */
export function fieldProblem(values: BankValues, field: BankField): BankProblem | null {
  switch (field) {
    case 'ifsc':
      if (values.ifsc === '') return 'ifscMissing';
      return IFSC_RULE.test(values.ifsc) ? null : 'ifscMalformed';
    case 'account':
      return values.account === '' ? 'accountMissing' : null;
    case 'confirm':
      if (values.confirm === '') return 'confirmMissing';
      return values.confirm === values.account ? null : 'confirmDiffers';
  }
}

export const isSendable = (values: BankValues): boolean => BANK_FIELDS.every((f) => fieldProblem(values, f) === null);

/** The first field with a problem, or null. */
export const firstProblem = (values: BankValues): BankField | null => BANK_FIELDS.find((f) => fieldProblem(values, f) !== null) ?? null;

/**
 * The client id sent with the bind (spec §3 'Bank bind payload', the spec does not say what it is):
 * this web app's client, the `packageName` header it sends on every call (VITE_PACKAGE_NAME).
 */
export function bindPayload(values: BankValues, pid: string, clientId: string): BankBindPayload {
  return {
    bankCode: values.ifsc,
    cardNo: values.account,
    confirmCardNo: values.confirm,
    ...(pid ? { productId: pid } : {}),
    clientId,
  };
}

/** Two answers send the same request (the key of an unanswered bind stays with them). */
export const samePayload = (a: BankValues, b: BankValues): boolean => a.ifsc === b.ifsc && a.account === b.account && a.confirm === b.confirm;

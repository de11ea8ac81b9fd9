/**
 * How a bank account is shown (the list on /bank; spec §3 'Bank card': id, cardNo, bankCode = the IFSC).
 *
 * Decisions where the spec is silent (README):
 * - An account number is shown masked: only its last 4 digits ('•••• 9012'), read out as
 *   "Account ending 9012". A backend that sends it masked already ('XXXXXX9012') shows the same.
 * - The bank is the `bankName` a backend sends with the card, else the bank of the IFSC's first four
 *   letters when it is one of the common ones below, else those four letters.
 */

export { BANK_BY_IFSC_PREFIX, bankOf, lastDigits, maskedAccount } from '../shared/bank-account';

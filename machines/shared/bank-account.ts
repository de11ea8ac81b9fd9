/**
 * How a bank account is shown, wherever it is (the account list, the loan confirmation, order pages):
 * masked to its last 4 digits, with its bank's name. A backend that sends the number masked already
 * ('XXXXXX9012') shows the same.
 */
import type { BankCard } from '../../contract/bank';

/** IFSC bank codes (the first four letters) of the banks most borrowers use (the sandbox's dataset has the same). */
export const BANK_BY_IFSC_PREFIX: Readonly<Record<string, string>> = {
  SBIN: 'State Bank of India',
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  UTIB: 'Axis Bank',
  PUNB: 'Punjab National Bank',
  BARB: 'Bank of Baroda',
  CNRB: 'Canara Bank',
  UBIN: 'Union Bank of India',
  KKBK: 'Kotak Mahindra Bank',
  IDIB: 'Indian Bank',
  BKID: 'Bank of India',
  IOBA: 'Indian Overseas Bank',
  YESB: 'Yes Bank',
  IDFB: 'IDFC FIRST Bank',
  INDB: 'IndusInd Bank',
  CBIN: 'Central Bank of India',
  UCBA: 'UCO Bank',
  MAHB: 'Bank of Maharashtra',
  PSIB: 'Punjab & Sind Bank',
  FDRL: 'Federal Bank',
  SIBL: 'South Indian Bank',
  KVBL: 'Karur Vysya Bank',
  CIUB: 'City Union Bank',
  TMBL: 'Tamilnad Mercantile Bank',
  KARB: 'Karnataka Bank',
  RATN: 'RBL Bank',
  BDBL: 'Bandhan Bank',
  AUBL: 'AU Small Finance Bank',
};

/** The last 4 digits of an account number (fewer when it has fewer). */
export const lastDigits = (cardNo: string): string => cardNo.replace(/\D/g, '').slice(-4);

/** '•••• 9012' */
export const maskedAccount = (cardNo: string): string => `•••• ${lastDigits(cardNo)}`;

/** The bank of a card, as sent or from its IFSC. */
export function bankOf(card: BankCard): string {
  const sent = (card as { bankName?: unknown }).bankName;
  if (typeof sent === 'string' && sent.trim()) return sent.trim();
  const prefix = card.bankCode.slice(0, 4).toUpperCase();
  return BANK_BY_IFSC_PREFIX[prefix] ?? (prefix || 'Bank account');
}

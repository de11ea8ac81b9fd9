/**
 * The rules of a payment's receipt (/orders/{id}/receipts/{paymentId}; beyond the spec), pure: which
 * record is a receipt, and what it paid off (texts by key: i18n/en/receipt.ts).
 */
import type { PaidOff, PaymentRecord } from '../../contract/payments';
import type { ReceiptKey } from '../../i18n/en/receipt';

/** The receipt of payment `paymentId`: its record, when the lender received it; null otherwise. */
export function receiptOf(payments: readonly PaymentRecord[], paymentId: string): PaymentRecord | null {
  return payments.find((p) => p.id === paymentId && p.status === 'received') ?? null;
}

/** What a payment pays off, in the order the receipt lists it. */
export const PARTS = ['principal', 'interest', 'fees', 'penalCharge', 'excess'] as const satisfies readonly (keyof PaidOff & ReceiptKey)[];

/** The amount the receipt is for: what the lender received. */
export const receivedAmount = (record: PaymentRecord): number => record.paidAmount ?? record.amount ?? 0;

/**
 * The parts of what the payment paid off, with their amounts (every part the lender names, zero
 * ones too, the excess only when there is one), or null when the lender did not itemise it, or
 * when its parts do not add up to the amount received: a receipt never shows figures that disagree.
 */
export function paidOffParts(record: PaymentRecord): { part: (typeof PARTS)[number]; amount: number }[] | null {
  const paidOff = record.paidOff;
  if (paidOff == null) return null;
  const parts = PARTS.map((part) => ({ part, amount: paidOff[part] ?? 0 })).filter((p) => p.part !== 'excess' || p.amount > 0);
  const sum = parts.reduce((a, p) => a + p.amount, 0);
  return Math.abs(sum - receivedAmount(record)) < 0.005 ? parts : null;
}

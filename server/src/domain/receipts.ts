/**
 * Receipts (docs/sandbox/payments.md 'Payments and receipts'): when the lender books a received payment, it
 * fixes what the payment paid off, what was left to pay after it and, for an extension fee, the new
 * due date; numbers the receipt; and sends the borrower a short SMS (to the outbox) in their language.
 * The order's payments, as the app lists them (GET /pay-order/v1/payments), are read from the same rows.
 *
 * What a payment pays off, in order: interest, then principal, then the penal charge (for an
 * extension fee: interest, the service fee, then the overdue fee). Money already paid counts first,
 * in the same order. The penal charge comes last because it grows with the days overdue: a receipt
 * issued before it grew stays true after.
 */
import type { PaymentRecordAnswer, PaymentRecordStatus } from '../../../contract/payments';
import { formatIstDay } from '../../../machines/shared/ist-format';
import type { Queryable } from '../db';
import type { Lang, Localized } from '../language';
import { istDate, istDateTime, istYmd } from '../time';
import { borrowerLanguage } from './language-preference';

/** What one payment paid off, whole rupees; the parts add up to the amount received. */
export interface Allocation {
  principal: number;
  interest: number;
  fees: number;
  penalCharge: number;
  /** Beyond anything owed (to be refunded). */
  excess: number;
}

type Part = Exclude<keyof Allocation, 'excess'>;

/**
 * `amount` paid off `owed` (the parts in the order they are paid), after `alreadyPaid` has paid off
 * the same parts in the same order. What is left once everything is paid is `excess`.
 */
export function allocate(owed: readonly (readonly [Part, number])[], alreadyPaid: number, amount: number): Allocation {
  const out: Allocation = { principal: 0, interest: 0, fees: 0, penalCharge: 0, excess: 0 };
  let before = Math.max(0, alreadyPaid);
  let rest = Math.max(0, amount);
  for (const [part, total] of owed) {
    const covered = Math.min(Math.max(0, total), before);
    before -= covered;
    const take = Math.min(Math.max(0, total) - covered, rest);
    out[part] += take;
    rest -= take;
  }
  out.excess = rest;
  return out;
}

/** A repayment: interest, principal (the repayment amount less the interest), then the penal charge. */
export function repaymentAllocation(
  order: { repayment_amount: number; interest: number; paid_amount: number },
  penalCharge: number,
  amount: number,
): Allocation {
  const interest = Math.min(Math.max(0, order.interest), order.repayment_amount);
  return allocate(
    [
      ['interest', interest],
      ['principal', order.repayment_amount - interest],
      ['penalCharge', penalCharge],
    ],
    order.paid_amount,
    amount,
  );
}

/** An extension fee: its interest, its service fee, then the overdue fee; what counted towards it before comes first. */
export function feeAllocation(
  fee: { interest: number | null; service_fee: number | null; overdue_fee: number | null; repaid_counted: number | null; fee_paid: number },
  amount: number,
): Allocation {
  return allocate(
    [
      ['interest', fee.interest ?? 0],
      ['fees', fee.service_fee ?? 0],
      ['penalCharge', fee.overdue_fee ?? 0],
    ],
    (fee.repaid_counted ?? 0) + fee.fee_paid,
    amount,
  );
}

/** 'RC' + the IST date of booking + a 6-digit number of the lender's sequence: RC20260115000042. */
export async function nextReceiptNo(tx: Queryable, now: Date): Promise<string> {
  const r = await tx.query<{ n: string }>("SELECT nextval('receipt_numbers')::text AS n");
  return `RC${istYmd(now)}${r.rows[0]!.n.padStart(6, '0')}`;
}

export interface BookedReceipt {
  paymentId: string;
  allocation: Allocation;
  /** What was left to pay on the order after this payment. */
  dueAfter: number;
  /** The due date an extension fee moved the loan to; null otherwise. */
  newDueAt: Date | null;
}

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

/** The SMS of a payment booked, by language: amount, order, reference, and what it left. */
const SMS: Localized<{
  received: (amount: string, orderNo: string, ref: string) => string;
  left: (due: string) => string;
  repaid: string;
  extended: (date: string) => string;
  receipt: (no: string) => string;
}> = {
  en: {
    received: (amount, orderNo, ref) => `Payment received: ${amount} for loan ${orderNo}, reference ${ref}.`,
    left: (due) => `Left to pay: ${due}.`,
    repaid: 'Your loan is repaid in full.',
    extended: (date) => `Your new due date is ${date}.`,
    receipt: (no) => `Receipt ${no}.`,
  },
  hi: {
    received: (amount, orderNo, ref) => `भुगतान मिल गया: लोन ${orderNo} के लिए ${amount}, रेफ़रेंस ${ref}।`,
    left: (due) => `बाकी राशि: ${due}।`,
    repaid: 'आपका लोन पूरा चुका दिया गया है।',
    extended: (date) => `चुकाने की नई तारीख: ${date}।`,
    receipt: (no) => `रसीद ${no}।`,
  },
};

/** The SMS text of a booked payment, in `lang`. */
export function paymentSms(
  p: { amount: number; orderNo: string; reference: string; receiptNo: string; dueAfter: number; newDueAt: Date | null; settled: boolean },
  lang: Lang,
): string {
  const words = SMS[lang];
  const after = p.newDueAt ? words.extended(formatIstDay(istDate(p.newDueAt), lang)) : p.settled ? words.repaid : words.left(rupees(p.dueAfter));
  return [words.received(rupees(p.amount), p.orderNo, p.reference), after, words.receipt(p.receiptNo)].join(' ');
}

/**
 * Fixes the receipt of a payment just booked (once: applyGatewayOutcome books a payment once), and
 * puts its SMS in the outbox, in the borrower's language.
 */
export async function issueReceipt(tx: Queryable, receipt: BookedReceipt & { settled: boolean }, now: Date): Promise<void> {
  const receiptNo = await nextReceiptNo(tx, now);
  const { allocation: a } = receipt;
  const r = await tx.query<{ user_id: number; phone: string; order_no: string; gateway_ref: string | null; paid_amount: number }>(
    `UPDATE payments p SET receipt_no = $2, paid_principal = $3, paid_interest = $4, paid_fees = $5, paid_penal = $6, paid_excess = $7,
            due_after = $8, new_due_at = $9
       FROM orders o, users u
      WHERE p.id = $1 AND o.id = p.order_id AND u.id = p.user_id
      RETURNING p.user_id, u.phone, o.order_no, p.gateway_ref, p.paid_amount`,
    [receipt.paymentId, receiptNo, a.principal, a.interest, a.fees, a.penalCharge, a.excess, receipt.dueAfter, receipt.newDueAt?.toISOString() ?? null],
  );
  const row = r.rows[0];
  if (!row) throw new Error(`issueReceipt: no payment ${receipt.paymentId}`);
  const text = paymentSms(
    {
      amount: row.paid_amount,
      orderNo: row.order_no,
      reference: row.gateway_ref ?? '',
      receiptNo,
      dueAfter: receipt.dueAfter,
      newDueAt: receipt.newDueAt,
      settled: receipt.settled,
    },
    await borrowerLanguage(tx, row.user_id),
  );
  await tx.query(`INSERT INTO sms_outbox (phone, purpose, text, code, created_at) VALUES ($1, 'payment', $2, NULL, $3)`, [row.phone, text, now.toISOString()]);
}

// ---------------------------------------------------------------------------------------------
// The order's payments, as GET /pay-order/v1/payments answers them.

interface PaymentRow {
  id: string;
  order_id: number;
  order_no: string;
  purpose: 'repay' | 'extension' | 'closure';
  status: 'created' | 'pending' | 'success' | 'failed';
  amount: number;
  paid_amount: number;
  created_at: Date;
  booked_at: Date | null;
  gateway_ref: string | null;
  resolves_at: Date | null;
  receipt_no: string | null;
  paid_principal: number | null;
  paid_interest: number | null;
  paid_fees: number | null;
  paid_penal: number | null;
  paid_excess: number | null;
  due_after: number | null;
  new_due_at: Date | null;
}

const STATUS: Readonly<Record<PaymentRow['status'], PaymentRecordStatus>> = { created: 'started', pending: 'pending', success: 'received', failed: 'failed' };

/** A payment row as the app reads it (contract/payments.ts PaymentRecord). */
export function paymentRecord(p: PaymentRow): PaymentRecordAnswer {
  const received = p.status === 'success';
  const itemised = received && p.paid_principal !== null;
  return {
    id: p.id,
    orderId: String(p.order_id),
    orderNo: p.order_no,
    purpose: p.purpose === 'extension' ? 'extensionFee' : p.purpose === 'closure' ? 'closure' : 'repayment',
    status: STATUS[p.status],
    amount: p.amount,
    paidAmount: p.paid_amount,
    createdAt: istDateTime(p.created_at),
    paidAt: received ? istDateTime(p.booked_at) : '',
    reference: p.gateway_ref ?? '',
    knownBy: p.status === 'pending' ? istDateTime(p.resolves_at) : '',
    receiptNo: received ? (p.receipt_no ?? '') : '',
    paidOff: itemised
      ? { principal: p.paid_principal ?? 0, interest: p.paid_interest ?? 0, fees: p.paid_fees ?? 0, penalCharge: p.paid_penal ?? 0, excess: p.paid_excess ?? 0 }
      : null,
    dueAfter: received ? p.due_after : null,
    newDueDate: received && p.new_due_at ? istDate(p.new_due_at) : '',
  };
}

/** The order's payments, newest first. */
export async function orderPayments(db: Queryable, orderId: number): Promise<PaymentRecordAnswer[]> {
  const r = await db.query<PaymentRow>(
    `SELECT p.id, p.order_id, o.order_no, p.purpose, p.status, p.amount, p.paid_amount, p.created_at, p.booked_at, p.gateway_ref,
            g.resolves_at, p.receipt_no, p.paid_principal, p.paid_interest, p.paid_fees, p.paid_penal, p.paid_excess, p.due_after, p.new_due_at
       FROM payments p JOIN orders o ON o.id = p.order_id LEFT JOIN gateway_transactions g ON g.payment_id = p.id
      WHERE p.order_id = $1
      ORDER BY p.created_at DESC, p.seq DESC`,
    [orderId],
  );
  return r.rows.map(paymentRecord);
}

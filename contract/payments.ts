/**
 * A loan's payments, each with what the lender did with it and, once received, its receipt. Beyond
 * the spec (the call is in ./beyond-spec.ts): a backend may not have it, and the app then tells a
 * payment from the order alone. Read leniently: only a payment's id is needed (it goes into the
 * receipt's link); anything else the app cannot read is missing, never an error.
 */
import * as v from 'valibot';
import { id, lenient, optionalNum, optionalObject, text } from './common';
import type { Endpoint } from './endpoint';
import { PaymentNotification, PaymentNotificationResult } from './orders';

/** What a payment pays: the loan, the fee of an extension of its due date, or the loan closed early at its quote. */
export const PAYMENT_PURPOSES = ['repayment', 'extensionFee', 'closure'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * Where a payment stands, in the lender's words: received (verified with the gateway and booked),
 * pending (the bank has not answered yet), failed (nothing was taken), started (the payment page was
 * opened; the lender has heard of no payment on it).
 */
export const PAYMENT_RECORD_STATUSES = ['received', 'pending', 'failed', 'started'] as const;
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];

/** One of `values`, as sent; anything else (another backend's word, a number, null) is null. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => v.optional(lenient(v.nullable(v.picklist(values)), null), null);

/**
 * What a received payment paid off, in whole rupees. Its parts add up to the amount received:
 * principal, interest, fees (an extension's service fee), the penal charge, and what came in beyond
 * anything owed (`excess`, to be refunded).
 */
export const PaidOff = v.looseObject({
  principal: optionalNum,
  interest: optionalNum,
  fees: optionalNum,
  penalCharge: optionalNum,
  excess: optionalNum,
});
export type PaidOff = v.InferOutput<typeof PaidOff>;

/**
 * One payment of an order. Times are lender times ('YYYY-MM-DD HH:mm:ss', India time). `amount` is
 * what the payment page asked for, `paidAmount` what the lender received. `knownBy`: when the bank's
 * answer to a pending payment is due. After it: `dueAfter`, what was left to pay; `newDueDate`, the
 * due date an extension fee moved the loan to.
 */
export const PaymentRecord = v.looseObject({
  id,
  orderId: v.optional(lenient(v.nullable(id), null), null),
  orderNo: text,
  purpose: oneOf(PAYMENT_PURPOSES),
  status: oneOf(PAYMENT_RECORD_STATUSES),
  amount: optionalNum,
  paidAmount: optionalNum,
  createdAt: text,
  paidAt: text,
  reference: text,
  knownBy: text,
  receiptNo: text,
  paidOff: v.optional(optionalObject(PaidOff.entries), null),
  dueAfter: optionalNum,
  newDueDate: text,
});
export type PaymentRecord = v.InferOutput<typeof PaymentRecord>;
/** What the sandbox writes for one payment (typed, so the app and the sandbox cannot drift apart). */
export type PaymentRecordAnswer = v.InferInput<typeof PaymentRecord> & {
  purpose: PaymentPurpose;
  status: PaymentRecordStatus;
  paidOff: v.InferInput<typeof PaidOff> | null;
};

/**
 * GET /pay-order/v1/payments?orderId=: the order's payments, newest first. A missing or null list is
 * none, and an item that cannot be read (no id) is left out rather than failing the others.
 */
export const PaymentList = v.looseObject({
  payments: v.optional(
    v.pipe(
      v.nullable(v.array(v.unknown())),
      v.transform((items) =>
        (items ?? []).flatMap((item) => {
          const read = v.safeParse(PaymentRecord, item);
          return read.success ? [read.output] : [];
        }),
      ),
    ),
    [],
  ),
});
export type PaymentList = v.InferOutput<typeof PaymentList>;

/** GET /pay-order/v1/payments?orderId= */
export const PaymentsQuery = v.looseObject({ orderId: id });
export type PaymentsQuery = v.InferOutput<typeof PaymentsQuery>;

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// An order's payments, and the gateway's notification of one: both beyond the spec.

/** An order's payments, newest first, each with its receipt once received (?orderId=). */
const listPayments = { method: 'GET', path: '/pay-order/v1/payments', query: PaymentsQuery, answer: PaymentList, token: true, beyondSpec: true } as const satisfies Endpoint;

/** The gateway's signed server-to-server notification: a payment counts only after it. */
const paymentCallback = {
  method: 'POST',
  path: '/pay-order/v1/callback',
  body: PaymentNotification,
  answer: PaymentNotificationResult,
  token: false,
  beyondSpec: true,
  caller: 'gateway',
} as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const paymentCalls = { listPayments, paymentCallback } as const;

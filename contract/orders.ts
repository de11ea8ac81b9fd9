/** Orders (spec §3 'Order list item', 'Order'; §7 order list, detail, repay). */
import * as v from 'valibot';
import { id, list, num, optionalCode, optionalId, optionalNum, text } from './common';
import { Ignored } from './envelope';
import type { Endpoint } from './endpoint';

export const OrderListItem = v.looseObject({
  orderId: id,
  orderNo: text,
  orderState: num,
  loanAmount: num,
  arriveAmount: optionalNum,
  repaymentAmount: optionalNum,
  /** Not in the spec's list item, but sent by backends that know it; used to match orders to products. */
  productId: optionalId,
});
export type OrderListItem = v.InferOutput<typeof OrderListItem>;
export const OrderList = list(OrderListItem);

export const Order = v.looseObject({
  orderId: id,
  orderNo: text,
  /** Not used by the app (the pages go by the order's id). */
  productId: optionalId,
  orderState: num,
  loanAmount: num,
  period: num,
  arriveAmount: optionalNum,
  repaymentAmount: optionalNum,
  repaymentDate: text,
  loanDate: text,
  applyTime: text,
  overdueDays: optionalNum,
  overdueFee: optionalNum,
  /** Beyond the spec: repaid so far (part payments); repaymentAmount is then what is still due. */
  paidAmount: optionalNum,
  serviceFee: optionalNum,
  gstFee: optionalNum,
  gtsFee: optionalNum,
  interest: optionalNum,
  extensionMsg: text,
  /** Flags and states whose values the spec does not list: a number (true/false as 1/0), else null. */
  extensionState: optionalCode,
  isExtension: optionalCode,
  /** 1 means reserved. */
  reservation: optionalCode,
  bankNo: text,
  canChooseAmount: optionalCode,
});
export type Order = v.InferOutput<typeof Order>;

/**
 * The payment page of a repayment or an extension fee (spec §7: data.paymentUrl). Beyond the spec,
 * `paymentId` names the lender's payment, so the app knows which payment it comes back from; a
 * backend without it is read as sending none.
 */
export const PaymentUrl = v.looseObject({ paymentUrl: v.pipe(v.string(), v.url()), paymentId: optionalId });
export type PaymentUrl = v.InferOutput<typeof PaymentUrl>;

/** GET /order/v1/detail?orderId= */
export const OrderQuery = v.looseObject({ orderId: id });
export type OrderQuery = v.InferOutput<typeof OrderQuery>;

/** POST /order/v1/loan (Get Money) and POST /pay-order/v1/repay: the order acted on. */
export const OrderActionPayload = v.object({ orderId: id });
export type OrderActionPayload = v.InferOutput<typeof OrderActionPayload>;

/**
 * The query parameter of the payment page's address that carries the app's return address
 * (`paymentUrl + ('?' or '&') + 'return=' + encodeURIComponent(returnUrl)`). The sandbox gateway also
 * reads `callback`, `callbackUrl`, `returnUrl` and `redirect_url` (docs/sandbox/payments.md 'Payment gateway').
 */
export const PAYMENT_RETURN_PARAM = 'return';

/** What a payment can be: created (page not paid yet), pending (the bank has not answered), success, failed. */
export const PaymentStatus = v.picklist(['created', 'pending', 'success', 'failed']);
export type PaymentStatus = v.InferOutput<typeof PaymentStatus>;

/**
 * The payment gateway's server-to-server notification to the lender (POST /pay-order/v1/callback, no
 * session): signed with `X-Gateway-Signature` = hex HMAC-SHA256(secret, timestamp + '.' + raw body).
 * `timestamp` is Unix seconds; `amount` whole rupees.
 */
export const PaymentNotification = v.object({
  paymentId: v.pipe(v.string(), v.regex(/^pay_[A-Za-z0-9]{1,64}$/, 'paymentId must be a payment id')),
  orderId: id,
  amount: v.pipe(v.number(), v.integer('amount must be whole rupees'), v.minValue(1, 'amount must be at least 1')),
  status: v.picklist(['pending', 'success', 'failed'], 'status must be pending, success or failed'),
  gatewayRef: v.pipe(v.string(), v.regex(/^gw_[A-Za-z0-9]{1,64}$/, 'gatewayRef must be a gateway reference')),
  timestamp: v.pipe(v.number(), v.integer('timestamp must be Unix seconds')),
});
export type PaymentNotification = v.InferOutput<typeof PaymentNotification>;

/** The lender's acknowledgement of a notification: what it did with it. */
export const PaymentNotificationResult = v.looseObject({
  paymentId: v.string(),
  status: PaymentStatus,
  /** true when this notification added money to the order; false when nothing changed (a replay, a pending, a failure). */
  booked: v.boolean(),
});
export type PaymentNotificationResult = v.InferOutput<typeof PaymentNotificationResult>;

/** Within the cooling-off period ('coolingOff': the exit without penalty), or after it ('preClosure'). */
export const CLOSURE_KINDS = ['coolingOff', 'preClosure'] as const;
export type ClosureKind = (typeof CLOSURE_KINDS)[number];

/** What a repayment pays, beyond the spec's whole amount due: the loan closed at its quote, or a part chosen by the borrower. */
export const REPAY_PURPOSES = ['closure', 'part'] as const;
export type RepayPurpose = (typeof REPAY_PURPOSES)[number];

/**
 * POST /pay-order/v1/repay with, beyond the spec's {orderId}, what it pays: `purpose` 'closure' with
 * the quote's `kind` and `amount` (refused when the quote has changed), or 'part' with the `amount`.
 */
export const RepayPayload = v.looseObject({
  orderId: id,
  purpose: v.optional(v.picklist(REPAY_PURPOSES)),
  kind: v.optional(v.picklist(CLOSURE_KINDS)),
  amount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type RepayPayload = v.InferOutput<typeof RepayPayload>;

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// The orders (spec §7): the list, the detail, Get Money and repayment.

const orderList = { method: 'GET', path: '/order/v1/list', answer: OrderList, token: true, beyondSpec: false } as const satisfies Endpoint;

const orderDetail = { method: 'GET', path: '/order/v1/detail', query: OrderQuery, answer: Order, token: true, beyondSpec: false } as const satisfies Endpoint;

/** Get Money. Its answer is not shown (spec §7). */
const confirmLoan = { method: 'POST', path: '/order/v1/loan', body: OrderActionPayload, answer: Ignored, token: true, beyondSpec: false, intent: true, money: true } as const satisfies Endpoint;

/** Answers the gateway's paymentUrl; the purpose, kind and amount of an early closure or a part payment are beyond the spec. */
const repay = { method: 'POST', path: '/pay-order/v1/repay', body: RepayPayload, answer: PaymentUrl, token: true, beyondSpec: false, intent: true, money: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const orderCalls = { orderList, orderDetail, confirmLoan, repay } as const;

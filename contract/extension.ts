/** Extension of the due date (spec §3 'Extension info'; §7 extension-calc, giveup, apply). */
import * as v from 'valibot';
import { withKfsNo } from './kfs';
import { id, num, optionalNum, text } from './common';
import { Ignored } from './envelope';
import type { Endpoint } from './endpoint';
import { PaymentUrl } from './orders';

/**
 * Order.extensionState as the sandbox sends it (the spec names the field, not its values). The app
 * reads the order's state instead (11: an extension applied, its fee not yet paid) and shows
 * extensionMsg as sent, so it works with a backend that uses other values.
 */
export const EXTENSION_STATE = { none: 0, awaitingPayment: 1, extended: 2, failed: 3, abandoned: 4 } as const;

/**
 * The extension of an order's due date (GET extension-calc/{orderId}). Before applying: the offer
 * (extensionApplyTime is now, extensionTime 7 days later). After applying (order state 11): the
 * extension applied, its fee to pay within 24 hours of extensionApplyTime.
 */
export const ExtensionInfo = v.looseObject({
  extensionId: id,
  orderRepayId: id,
  /** The fee still due: service fee + overdue fee + interest − extensionFeePaid. */
  extensionFee: num,
  extensionFeePaid: num,
  extensionServiceFee: num,
  /** A fraction. */
  extensionRate: num,
  interest: num,
  /** 'YYYY-MM-DD HH:mm:ss', India time. */
  extensionApplyTime: text,
  extensionDay: num,
  /** The new due date. */
  extensionTime: text,
  /**
   * Beyond the spec (other backends may omit them): the overdue fee the extension fee includes
   * (spec §2: service fee + overdue fee + interest − paid), and what the loan's repayment amount will
   * be once the fee is paid (the fee does not repay the loan).
   */
  overdueFee: optionalNum,
  repaymentAmountAfter: optionalNum,
});
export type ExtensionInfo = v.InferOutput<typeof ExtensionInfo>;

/** GET /order-repay-extension/v1/extension-calc/{id}: the order id. */
export const ExtensionOrderParam = id;

/** POST /order-repay-extension/v1/apply-extension (pay, answers a paymentUrl) and /giveup-extension. */
export const ExtensionActionPayload = v.object({ extensionId: id, orderId: id, orderRepayId: id, ...withKfsNo });
export type ExtensionActionPayload = v.InferOutput<typeof ExtensionActionPayload>;

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// The extension (spec §7): its figures, applying (and paying) and giving up.

/** {id} is the order's id. */
const extensionCalc = {
  method: 'GET',
  path: '/order-repay-extension/v1/extension-calc/{id}',
  params: { id: ExtensionOrderParam },
  answer: ExtensionInfo,
  token: true,
  beyondSpec: false,
} as const satisfies Endpoint;

const applyExtension = {
  method: 'POST',
  path: '/order-repay-extension/v1/apply-extension',
  body: ExtensionActionPayload,
  answer: PaymentUrl,
  token: true,
  beyondSpec: false,
  intent: true,
  money: true,
} as const satisfies Endpoint;

const giveupExtension = { method: 'POST', path: '/order-repay-extension/v1/giveup-extension', body: ExtensionActionPayload, answer: Ignored, token: true, beyondSpec: false, intent: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const extensionCalls = { extensionCalc, applyExtension, giveupExtension } as const;

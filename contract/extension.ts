/** Extension of the due date (spec §3 'Extension info'; §7 extension-calc, giveup, apply). */
import * as v from 'valibot';
import { id, num, text } from './common';

export const ExtensionInfo = v.looseObject({
  extensionId: id,
  orderRepayId: id,
  extensionFee: num,
  extensionFeePaid: num,
  extensionServiceFee: num,
  /** A fraction. */
  extensionRate: num,
  interest: num,
  extensionApplyTime: text,
  extensionDay: num,
  /** The new due date. */
  extensionTime: text,
});
export type ExtensionInfo = v.InferOutput<typeof ExtensionInfo>;

/** GET /order-repay-extension/v1/extension-calc/{id}: the order id. */
export const ExtensionOrderParam = id;

/** POST /order-repay-extension/v1/apply-extension (pay, answers a paymentUrl) and /giveup-extension. */
export const ExtensionActionPayload = v.object({ extensionId: id, orderId: id, orderRepayId: id });
export type ExtensionActionPayload = v.InferOutput<typeof ExtensionActionPayload>;

/** Scheduled applications (spec §3 'Scheduled order'; §7 order-auto-apply and its list, detail, cancel). */
import * as v from 'valibot';
import { withKfsNo } from './kfs';
import { id, list, num, optionalId, text } from './common';

export const ScheduledOrder = v.looseObject({
  id,
  productId: id,
  productName: text,
  /** 0 scheduled, 2 applied, 3 canceled. */
  state: num,
  expectBorrowAmount: num,
  bankNo: text,
  createTime: text,
  cardId: optionalId,
  /** The applied order's number (state 2); '' before. */
  orderNo: text,
});
export type ScheduledOrder = v.InferOutput<typeof ScheduledOrder>;
export const ScheduledOrderList = list(ScheduledOrder);

/** The scheduled order states (spec §4 'Scheduled order states'). */
export const SCHEDULE_STATE = { scheduled: 0, applied: 2, canceled: 3 } as const;

/**
 * POST /order/v1/order-auto-apply: schedule an application of `productId` for `expectBorrowAmount`
 * to the bank card `cardId`. The spec names the call but not its body; these are the Scheduled
 * order's own fields (spec §3). Answers the ScheduledOrder created.
 */
export const ScheduleApplyPayload = v.object({ productId: id, expectBorrowAmount: num, cardId: id, ...withKfsNo });
export type ScheduleApplyPayload = v.InferOutput<typeof ScheduleApplyPayload>;

/** GET /order/v1/get-auto-apply?orderId= (the scheduled order's id). */
export const ScheduledOrderQuery = v.looseObject({ orderId: id });

/** POST /order/v1/cancel-auto-apply */
export const CancelScheduledOrderPayload = v.object({ id, orderNo: v.string() });
export type CancelScheduledOrderPayload = v.InferOutput<typeof CancelScheduledOrderPayload>;

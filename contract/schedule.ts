/** Scheduled applications (spec §3 'Scheduled order'; §7 order-auto-apply and its list, detail, cancel). */
import * as v from 'valibot';
import { id, list, num, text } from './common';

export const ScheduledOrder = v.looseObject({
  id,
  productId: id,
  productName: text,
  /** 0 scheduled, 2 applied, 3 canceled. */
  state: num,
  expectBorrowAmount: num,
  bankNo: text,
  createTime: text,
  cardId: v.optional(v.nullable(id)),
  orderNo: text,
});
export type ScheduledOrder = v.InferOutput<typeof ScheduledOrder>;
export const ScheduledOrderList = list(ScheduledOrder);

/** GET /order/v1/get-auto-apply?orderId= */
export const ScheduledOrderQuery = v.looseObject({ orderId: id });

/** POST /order/v1/cancel-auto-apply */
export const CancelScheduledOrderPayload = v.object({ id, orderNo: v.string() });
export type CancelScheduledOrderPayload = v.InferOutput<typeof CancelScheduledOrderPayload>;

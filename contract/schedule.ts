/** Scheduled applications (spec §3 'Scheduled order'; §7 order-auto-apply and its list, detail, cancel). */
import * as v from 'valibot';
import { withKfsNo } from './kfs';
import { id, list, num, optionalId, text } from './common';
import { Ignored } from './envelope';
import type { Endpoint } from './endpoint';

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

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// Scheduled applications (spec §7): the list, one, scheduling and cancelling.

const scheduleList = { method: 'GET', path: '/order/v1/get-auto-apply-list', answer: ScheduledOrderList, token: true, beyondSpec: false } as const satisfies Endpoint;

/** ?orderId= (the scheduled order's id) */
const scheduledOrder = { method: 'GET', path: '/order/v1/get-auto-apply', query: ScheduledOrderQuery, answer: ScheduledOrder, token: true, beyondSpec: false } as const satisfies Endpoint;

const scheduleApply = { method: 'POST', path: '/order/v1/order-auto-apply', body: ScheduleApplyPayload, answer: ScheduledOrder, token: true, beyondSpec: false, intent: true, money: true } as const satisfies Endpoint;

const cancelSchedule = { method: 'POST', path: '/order/v1/cancel-auto-apply', body: CancelScheduledOrderPayload, answer: Ignored, token: true, beyondSpec: false, intent: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const scheduleCalls = { scheduleList, scheduledOrder, scheduleApply, cancelSchedule } as const;

/** The scheduled-application calls (spec §7): the list, one scheduled order, scheduling and cancelling. */
import { api, type CallOptions, type IntentOptions } from './client';
import { Ignored } from '../../contract/common';
import {
  ScheduledOrder,
  ScheduledOrderList,
  type CancelScheduledOrderPayload,
  type ScheduleApplyPayload,
} from '../../contract/schedule';

/** GET /order/v1/get-auto-apply-list */
export function scheduleList({ signal }: CallOptions = {}): Promise<ScheduledOrder[]> {
  return api.get('order/v1/get-auto-apply-list', ScheduledOrderList, { signal });
}

/** GET /order/v1/get-auto-apply?orderId= (the scheduled order's id) */
export function scheduledOrder(orderId: string, { signal }: CallOptions = {}): Promise<ScheduledOrder> {
  return api.get('order/v1/get-auto-apply', ScheduledOrder, { searchParams: { orderId }, signal });
}

/** POST /order/v1/order-auto-apply {productId, expectBorrowAmount, cardId}, with the intent's Idempotency-Key → the ScheduledOrder created. */
export function scheduleApply(payload: ScheduleApplyPayload, { signal, idempotencyKey }: IntentOptions): Promise<ScheduledOrder> {
  return api.post('order/v1/order-auto-apply', ScheduledOrder, { json: payload, signal, idempotencyKey });
}

/** POST /order/v1/cancel-auto-apply {id, orderNo}, with the intent's Idempotency-Key. The answer's data is not used. */
export async function cancelSchedule(payload: CancelScheduledOrderPayload, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.post('order/v1/cancel-auto-apply', Ignored, { json: payload, signal, idempotencyKey });
}

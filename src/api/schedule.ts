/** The scheduled-application calls (contract/schedule.ts): the list, one, scheduling and cancelling. */
import { scheduleCalls, type CancelScheduledOrderPayload, type ScheduleApplyPayload, type ScheduledOrder } from '../../contract/schedule';
import { api, type CallOptions, type IntentOptions } from './client';

export function scheduleList({ signal }: CallOptions = {}): Promise<ScheduledOrder[]> {
  return api.call(scheduleCalls.scheduleList, { signal });
}

/** One scheduled order, by its id. */
export function scheduledOrder(orderId: string, { signal }: CallOptions = {}): Promise<ScheduledOrder> {
  return api.call(scheduleCalls.scheduledOrder, { query: { orderId }, signal });
}

/** With the intent's Idempotency-Key: the scheduled order created. */
export function scheduleApply(payload: ScheduleApplyPayload, { signal, idempotencyKey }: IntentOptions): Promise<ScheduledOrder> {
  return api.call(scheduleCalls.scheduleApply, { json: payload, signal, idempotencyKey });
}

/** With the intent's Idempotency-Key. The answer's data is not used. */
export async function cancelSchedule(payload: CancelScheduledOrderPayload, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.call(scheduleCalls.cancelSchedule, { json: payload, signal, idempotencyKey });
}

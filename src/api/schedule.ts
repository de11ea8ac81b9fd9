/** The scheduled-application calls (contract/schedule.ts): the list, one, scheduling and cancelling. */
import { scheduleCalls, type CancelScheduledOrderPayload, type ScheduleApplyPayload, type ScheduledOrder } from '../../contract/schedule';
import { api, type CallOptions, type IntentOptions } from './client';
import { readAhead, readKey, readOrCall } from './read-ahead';

const scheduleListRead = readKey(scheduleCalls.scheduleList.path);

/** The scheduled applications: a fresh read-ahead answer (started at sign-in, with home's), else the call. */
export function scheduleList({ signal }: CallOptions = {}): Promise<ScheduledOrder[]> {
  return readOrCall(scheduleListRead, (s) => api.call(scheduleCalls.scheduleList, { signal: s }), signal);
}

/** Home's link to the Schedule List, read with home's data once the sign-in has answered. */
export function readSchedulesAhead(): void {
  readAhead(scheduleListRead, (signal) => scheduleList({ signal })).catch(() => {});
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

/** Scheduled applications (spec §7): the list, one, scheduling and cancelling. */
import { Ignored } from '../envelope';
import type { Endpoint } from '../endpoint';
import { CancelScheduledOrderPayload, ScheduleApplyPayload, ScheduledOrder, ScheduledOrderList, ScheduledOrderQuery } from '../schedule';

export const scheduleCalls = {
  scheduleList: { method: 'GET', path: '/order/v1/get-auto-apply-list', answer: ScheduledOrderList, token: true, beyondSpec: false },
  /** ?orderId= (the scheduled order's id) */
  scheduledOrder: { method: 'GET', path: '/order/v1/get-auto-apply', query: ScheduledOrderQuery, answer: ScheduledOrder, token: true, beyondSpec: false },
  scheduleApply: { method: 'POST', path: '/order/v1/order-auto-apply', body: ScheduleApplyPayload, answer: ScheduledOrder, token: true, beyondSpec: false, intent: true, money: true },
  cancelSchedule: { method: 'POST', path: '/order/v1/cancel-auto-apply', body: CancelScheduledOrderPayload, answer: Ignored, token: true, beyondSpec: false, intent: true },
} as const satisfies Record<string, Endpoint>;

/** Scheduled applications (spec §7): the list, one, scheduling and cancelling. */
import { Ignored } from '../envelope';
import type { Endpoint } from '../endpoint';
import { CancelScheduledOrderPayload, ScheduleApplyPayload, ScheduledOrder, ScheduledOrderList, ScheduledOrderQuery } from '../schedule';

export const scheduleList = { method: 'GET', path: '/order/v1/get-auto-apply-list', answer: ScheduledOrderList, token: true, beyondSpec: false } as const satisfies Endpoint;

/** ?orderId= (the scheduled order's id) */
export const scheduledOrder = { method: 'GET', path: '/order/v1/get-auto-apply', query: ScheduledOrderQuery, answer: ScheduledOrder, token: true, beyondSpec: false } as const satisfies Endpoint;

export const scheduleApply = { method: 'POST', path: '/order/v1/order-auto-apply', body: ScheduleApplyPayload, answer: ScheduledOrder, token: true, beyondSpec: false, intent: true, money: true } as const satisfies Endpoint;

export const cancelSchedule = { method: 'POST', path: '/order/v1/cancel-auto-apply', body: CancelScheduledOrderPayload, answer: Ignored, token: true, beyondSpec: false, intent: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const scheduleCalls = { scheduleList, scheduledOrder, scheduleApply, cancelSchedule } as const;

/** The orders (spec §7): the list, the detail, Get Money and repayment. */
import { RepayPayload } from '../repay';
import { Ignored } from '../envelope';
import type { Endpoint } from '../endpoint';
import { Order, OrderActionPayload, OrderList, OrderQuery, PaymentUrl } from '../orders';

export const orderList = { method: 'GET', path: '/order/v1/list', answer: OrderList, token: true, beyondSpec: false } as const satisfies Endpoint;

export const orderDetail = { method: 'GET', path: '/order/v1/detail', query: OrderQuery, answer: Order, token: true, beyondSpec: false } as const satisfies Endpoint;

/** Get Money. Its answer is not shown (spec §7). */
export const confirmLoan = { method: 'POST', path: '/order/v1/loan', body: OrderActionPayload, answer: Ignored, token: true, beyondSpec: false, intent: true, money: true } as const satisfies Endpoint;

/** Answers the gateway's paymentUrl; the purpose, kind and amount of an early closure or a part payment are beyond the spec. */
export const repay = { method: 'POST', path: '/pay-order/v1/repay', body: RepayPayload, answer: PaymentUrl, token: true, beyondSpec: false, intent: true, money: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const orderCalls = { orderList, orderDetail, confirmLoan, repay } as const;

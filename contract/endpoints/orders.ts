/** The orders (spec §7): the list, the detail, Get Money and repayment. */
import { RepayPayload } from '../closure';
import { Ignored } from '../envelope';
import type { Endpoint } from '../endpoint';
import { Order, OrderActionPayload, OrderList, OrderQuery, PaymentUrl } from '../orders';

export const orderCalls = {
  orderList: { method: 'GET', path: '/order/v1/list', answer: OrderList, token: true, beyondSpec: false },
  orderDetail: { method: 'GET', path: '/order/v1/detail', query: OrderQuery, answer: Order, token: true, beyondSpec: false },
  /** Get Money. Its answer is not shown (spec §7). */
  confirmLoan: { method: 'POST', path: '/order/v1/loan', body: OrderActionPayload, answer: Ignored, token: true, beyondSpec: false, intent: true, money: true },
  /** Answers the gateway's paymentUrl; the purpose, kind and amount of an early closure or a part payment are beyond the spec. */
  repay: { method: 'POST', path: '/pay-order/v1/repay', body: RepayPayload, answer: PaymentUrl, token: true, beyondSpec: false, intent: true, money: true },
} as const satisfies Record<string, Endpoint>;

/** The order calls (contract/orders.ts): the list, the detail, Get Money and repayment. */
import { orderCalls, type Order, type OrderActionPayload, type OrderListItem, type PaymentUrl } from '../../contract/orders';
import { api, type CallOptions, type IntentOptions } from './client';
import { readKey, readOrCall } from './read-ahead';

export const orderListRead = readKey(orderCalls.orderList.path);

/** Loan History's list: a fresh read-ahead answer (started when APPLY NOW succeeded), else the call. */
export function getOrderList({ signal }: CallOptions = {}): Promise<OrderListItem[]> {
  return readOrCall(orderListRead, (s) => api.call(orderCalls.orderList, { signal: s }), signal);
}

export function getOrder(orderId: string, { signal }: CallOptions = {}): Promise<Order> {
  return api.call(orderCalls.orderDetail, { query: { orderId }, signal });
}

/** Get Money, with the intent's Idempotency-Key. The answer's data is not used (spec §7: not shown). */
export async function confirmLoan(orderId: string, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  const payload: OrderActionPayload = { orderId };
  await api.call(orderCalls.confirmLoan, { json: payload, signal, idempotencyKey });
}

/** With the intent's Idempotency-Key: the gateway's paymentUrl. */
export function repay(orderId: string, { signal, idempotencyKey }: IntentOptions): Promise<PaymentUrl> {
  const payload: OrderActionPayload = { orderId };
  return api.call(orderCalls.repay, { json: payload, signal, idempotencyKey });
}

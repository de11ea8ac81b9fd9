/** The order calls (contract/orders.ts): the list, the detail, Get Money and repayment. */
import { orderCalls, type Order, type OrderActionPayload, type OrderListItem, type PaymentUrl } from '../../contract/orders';
import { api, type CallOptions, type IntentOptions } from './client';
import { forgetRead, keepRead, readKey, readOrCall } from './read-ahead';

export const orderListRead = readKey(orderCalls.orderList.path);

/** Loan History's list: a fresh read-ahead answer (started when APPLY NOW succeeded), else the call. */
export function getOrderList({ signal }: CallOptions = {}): Promise<OrderListItem[]> {
  return readOrCall(orderListRead, (s) => api.call(orderCalls.orderList, { signal: s }), signal);
}

export const orderDetailRead = (orderId: string): string => readKey(orderCalls.orderDetail.path, { orderId });

/** The order: a fresh answer kept by the page that sent the borrower here, else the call. */
export function getOrder(orderId: string, { signal }: CallOptions = {}): Promise<Order> {
  return readOrCall(orderDetailRead(orderId), (s) => api.call(orderCalls.orderDetail, { query: { orderId }, signal: s }), signal);
}

/**
 * An order just read, kept for the page it belongs on (the audit page sends a passed order to its
 * confirm page, which asks it first): taken once, by this session, within seconds.
 */
export function keepOrderAhead(orderId: string, order: Order): void {
  keepRead(orderDetailRead(orderId), order);
}

/** Get Money, with the intent's Idempotency-Key. The answer's data is not used (spec §7: not shown). */
export async function confirmLoan(orderId: string, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  const payload: OrderActionPayload = { orderId };
  forgetRead(orderDetailRead(orderId)); // what the order said is about to change
  await api.call(orderCalls.confirmLoan, { json: payload, signal, idempotencyKey });
}

/** With the intent's Idempotency-Key: the gateway's paymentUrl. */
export function repay(orderId: string, { signal, idempotencyKey }: IntentOptions): Promise<PaymentUrl> {
  const payload: OrderActionPayload = { orderId };
  forgetRead(orderDetailRead(orderId));
  return api.call(orderCalls.repay, { json: payload, signal, idempotencyKey });
}

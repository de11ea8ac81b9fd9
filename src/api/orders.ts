/** The order calls (spec §7): the list, the detail, Get Money and repayment. */
import { api, type CallOptions, type IntentOptions } from './client';
import { Ignored } from '../../contract/common';
import { Order, OrderList, PaymentUrl, type OrderActionPayload, type OrderListItem } from '../../contract/orders';

/** GET /order/v1/list */
export function getOrderList({ signal }: CallOptions = {}): Promise<OrderListItem[]> {
  return api.get('order/v1/list', OrderList, { signal });
}

/** GET /order/v1/detail?orderId= */
export function getOrder(orderId: string, { signal }: CallOptions = {}): Promise<Order> {
  return api.get('order/v1/detail', Order, { searchParams: { orderId }, signal });
}

/** POST /order/v1/loan {orderId} (Get Money), with the intent's Idempotency-Key. The answer's data is not used (spec §7: not shown). */
export async function confirmLoan(orderId: string, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  const payload: OrderActionPayload = { orderId };
  await api.post('order/v1/loan', Ignored, { json: payload, signal, idempotencyKey });
}

/** POST /pay-order/v1/repay {orderId}, with the intent's Idempotency-Key → data.paymentUrl. */
export function repay(orderId: string, { signal, idempotencyKey }: IntentOptions): Promise<PaymentUrl> {
  const payload: OrderActionPayload = { orderId };
  return api.post('pay-order/v1/repay', PaymentUrl, { json: payload, signal, idempotencyKey });
}

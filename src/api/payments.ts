/**
 * An order's payments and their receipts, beyond the spec: `{ offered: false }` when the backend has
 * no such call; the order page then tells a payment from the order alone, with no list and no receipts.
 */
import { paymentCalls, type PaymentRecord } from '../../contract/payments';
import type { Offered } from '../../contract/offered';
import type { CallOptions } from './client';
import { offered } from './offered';

/** The order's payments, newest first. */
export async function listPayments(orderId: string, { signal }: CallOptions = {}): Promise<Offered<PaymentRecord[]>> {
  const answer = await offered(paymentCalls.listPayments, { searchParams: { orderId }, signal });
  return answer.offered ? { offered: true, value: answer.value.payments } : answer;
}

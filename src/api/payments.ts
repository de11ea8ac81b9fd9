/**
 * An order's payments and their receipts: a call beyond the spec (contract/beyond-spec.ts). It answers
 * `{ offered: false }` when the backend has no such call; the order page then tells a payment from the
 * order alone, and shows no payments list and no receipts.
 */
import { BEYOND_SPEC } from '../../contract/beyond-spec';
import type { Offered } from '../../contract/offered';
import type { PaymentRecord } from '../../contract/payments';
import type { CallOptions } from './client';
import { offered } from './offered';

/** GET /pay-order/v1/payments?orderId=: the order's payments, newest first. */
export async function listPayments(orderId: string, { signal }: CallOptions = {}): Promise<Offered<PaymentRecord[]>> {
  const answer = await offered(BEYOND_SPEC.listPayments, { searchParams: { orderId }, signal });
  return answer.offered ? { offered: true, value: answer.value.payments } : answer;
}

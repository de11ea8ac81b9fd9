/**
 * The lender's Key Fact Statements, calls beyond the spec (contract/kfs.ts, contract/beyond-spec.ts).
 * Each answers `{ offered: false }` when the backend has no such call: the flow then shows the KFS the
 * app builds and takes the borrower's tick on the page as the acknowledgement.
 */
import { BEYOND_SPEC } from '../../contract/beyond-spec';
import type { IssueKfsPayload, LenderKfs, OrderKfs } from '../../contract/kfs';
import type { Offered } from '../../contract/offered';
import type { CallOptions } from './client';
import { offered } from './offered';

/** POST /kfs/v1/issue: a new numbered KFS, valid for its working days. */
export function issueKfs(payload: IssueKfsPayload, { signal }: CallOptions = {}): Promise<Offered<LenderKfs>> {
  return offered(BEYOND_SPEC.issueKfs, { json: payload, signal });
}

/** POST /kfs/v1/acknowledge: only made for a KFS the lender issued, so "not offered" is an error here. */
export async function acknowledgeKfs(kfsNo: string, { signal }: CallOptions = {}): Promise<LenderKfs> {
  const answer = await offered(BEYOND_SPEC.acknowledgeKfs, { json: { kfsNo }, signal });
  // No message: the screen says its own, in the borrower's language.
  if (!answer.offered) throw new Error('');
  return answer.value;
}

/** GET /kfs/v1/order?orderId=: the KFS the order stands on, and whether it binds now. */
export function orderKfs(orderId: string, { signal }: CallOptions = {}): Promise<Offered<OrderKfs>> {
  return offered(BEYOND_SPEC.orderKfs, { searchParams: { orderId }, signal });
}

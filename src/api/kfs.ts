/**
 * The lender's Key Fact Statements, beyond the spec: each answers `{ offered: false }` when the backend
 * has no such call; the flow then shows the KFS the app builds and takes the tick on the page as the
 * acknowledgement.
 */
import { kfsCalls, type IssueKfsPayload, type LenderKfs, type OrderKfs } from '../../contract/kfs';
import type { Offered } from '../../contract/offered';
import type { CallOptions } from './client';
import { offered } from './offered';
import { forgetRead, readAhead, readKey, readOrCall } from './read-ahead';

/** A new numbered KFS, valid for its working days. */
export function issueKfs(payload: IssueKfsPayload, { signal }: CallOptions = {}): Promise<Offered<LenderKfs>> {
  if (payload.kind === 'order') forgetRead(orderKfsRead(payload.orderId));
  return offered(kfsCalls.issueKfs, { json: payload, signal });
}

/** Only made for a KFS the lender issued, so "not offered" is an error here. */
export async function acknowledgeKfs(kfsNo: string, { signal }: CallOptions = {}): Promise<LenderKfs> {
  const answer = await offered(kfsCalls.acknowledgeKfs, { json: { kfsNo }, signal });
  // No message: the screen says its own, in the borrower's language.
  if (!answer.offered) throw new Error('');
  return answer.value;
}

const orderKfsRead = (orderId: string) => readKey(kfsCalls.orderKfs.path, { orderId });
const callOrderKfs = (orderId: string) => (signal?: AbortSignal) => offered(kfsCalls.orderKfs, { searchParams: { orderId }, signal });

/** The KFS the order stands on, and whether it binds now: read ahead by the page that sent the borrower here, else the call. */
export function orderKfs(orderId: string, { signal }: CallOptions = {}): Promise<Offered<OrderKfs>> {
  return readOrCall(orderKfsRead(orderId), callOrderKfs(orderId), signal);
}

/** The confirm page is next (it asks the order's KFS once it has the order): asked now, beside it. */
export function readOrderKfsAhead(orderId: string): void {
  readAhead(orderKfsRead(orderId), callOrderKfs(orderId)).catch(() => {});
}

/**
 * The borrower's documents: calls beyond the spec (contract/beyond-spec.ts). They answer
 * `{ offered: false }` when the backend has no such call; Account's Documents page then says the
 * lender provides none in the app and whom to ask.
 */
import { BEYOND_SPEC } from '../../contract/beyond-spec';
import type { DocumentDetail, DocumentSummary } from '../../contract/documents';
import type { Offered } from '../../contract/offered';
import type { CallOptions } from './client';
import { offered } from './offered';

/** GET /user/v1/documents: every document of the borrower, per loan. */
export async function listDocuments({ signal }: CallOptions = {}): Promise<Offered<DocumentSummary[]>> {
  const answer = await offered(BEYOND_SPEC.listDocuments, { signal });
  return answer.offered ? { offered: true, value: answer.value.documents } : answer;
}

/** GET /user/v1/documents/detail?id=: one document the lender issued. */
export async function getDocument(id: string, { signal }: CallOptions = {}): Promise<Offered<DocumentDetail>> {
  return offered(BEYOND_SPEC.documentDetail, { searchParams: { id }, signal });
}

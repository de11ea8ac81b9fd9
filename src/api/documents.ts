/**
 * The borrower's documents, beyond the spec: `{ offered: false }` when the backend has no such call;
 * Account's Documents page then says the lender provides none in the app and whom to ask.
 */
import { documentCalls, type DocumentDetail, type DocumentSummary } from '../../contract/documents';
import type { Offered } from '../../contract/offered';
import type { CallOptions } from './client';
import { offered } from './offered';

/** Every document of the borrower, per loan. */
export async function listDocuments({ signal }: CallOptions = {}): Promise<Offered<DocumentSummary[]>> {
  const answer = await offered(documentCalls.listDocuments, { signal });
  return answer.offered ? { offered: true, value: answer.value.documents } : answer;
}

/** One document the lender issued. */
export async function getDocument(id: string, { signal }: CallOptions = {}): Promise<Offered<DocumentDetail>> {
  return offered(documentCalls.documentDetail, { searchParams: { id }, signal });
}

/**
 * The borrower's documents (beyond the spec: contract/beyond-spec.ts; docs/sandbox/documents-and-kfs.md 'Documents'):
 * - GET /user/v1/documents: every document of the borrower, per order (KFS, sanction letter,
 *   receipts, no-dues certificate), each with its number and date.
 * - GET /user/v1/documents/detail?id=: one document the lender issued, as data the app writes in the
 *   borrower's language. Another borrower's is answered like one that does not exist.
 */
import { Hono } from 'hono';
import { DocumentDetail, DocumentList, DocumentQuery } from '../../../contract/documents';
import { requireUser } from '../auth';
import { bringBorrowerUpToDate } from '../domain/catch-up';
import { borrowerDocument, borrowerDocuments, DOCUMENT_MESSAGES } from '../domain/documents';
import type { AppEnv } from '../env';
import { answer, ApiError, readQuery } from '../envelope';
import { parseId } from './products';

export function documentRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/user/v1/documents', requireUser, async (c) => {
    const { db, clock } = c.var.deps;
    // Documents are issued on the lender's clock: what is due by now (a disbursal, a settling payment) is issued first.
    await bringBorrowerUpToDate(db, c.var.user.id, clock.now());
    return answer(c, DocumentList, await borrowerDocuments(db, c.var.user.id));
  });
  r.get('/user/v1/documents/detail', requireUser, async (c) => {
    const id = parseId(readQuery(c, DocumentQuery, DOCUMENT_MESSAGES.badId).id);
    if (id === undefined) throw new ApiError(DOCUMENT_MESSAGES.badId);
    const doc = await borrowerDocument(c.var.deps.db, c.var.user.id, id);
    if (!doc) throw new ApiError(DOCUMENT_MESSAGES.notFound);
    return answer(c, DocumentDetail, doc);
  });
  return r;
}

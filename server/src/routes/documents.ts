/**
 * The borrower's documents (endpoint table: listDocuments, documentDetail), issued on the lender's
 * clock (domain/documents.ts). Another borrower's document answers like one that does not exist.
 */
import { Hono } from 'hono';
import { ENDPOINTS } from '../../../contract/endpoints';
import { bringBorrowerUpToDate } from '../domain/catch-up';
import { borrowerDocument, borrowerDocuments, DOCUMENT_MESSAGES } from '../domain/documents';
import type { AppEnv } from '../env';
import { ApiError } from '../envelope';
import { parseId } from './products';
import { serve } from './serve';

export function documentRoutes() {
  const r = new Hono<AppEnv>();
  serve(r, ENDPOINTS.listDocuments, async (c) => {
    const { db, clock } = c.var.deps;
    // Documents are issued on the lender's clock: what is due by now (a disbursal, a settling payment) is issued first.
    await bringBorrowerUpToDate(db, c.var.user.id, clock.now());
    return borrowerDocuments(db, c.var.user.id);
  });
  serve(r, ENDPOINTS.documentDetail, { invalid: DOCUMENT_MESSAGES.badId }, async (c, query) => {
    const id = parseId(query.id);
    if (id === undefined) throw new ApiError(DOCUMENT_MESSAGES.badId);
    const doc = await borrowerDocument(c.var.deps.db, c.var.user.id, id);
    if (!doc) throw new ApiError(DOCUMENT_MESSAGES.notFound);
    return doc;
  });
  return r;
}

/** The borrower's documents (KFS, sanction letter, receipts, no-dues certificate): beyond the spec. */
import { DocumentDetail, DocumentList, DocumentQuery } from '../documents';
import type { Endpoint } from '../endpoint';

export const listDocuments = { method: 'GET', path: '/user/v1/documents', answer: DocumentList, token: true, beyondSpec: true } as const satisfies Endpoint;

/** ?id= */
export const documentDetail = { method: 'GET', path: '/user/v1/documents/detail', query: DocumentQuery, answer: DocumentDetail, token: true, beyondSpec: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const documentCalls = { listDocuments, documentDetail } as const;

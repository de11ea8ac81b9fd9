/**
 * The borrower's documents, per order (beyond the spec: the calls are in ./beyond-spec.ts): the KFS as
 * acknowledged, the sanction letter, the receipts and, once the loan is repaid, the no-dues
 * certificate. The lender answers data, not text: the app writes each document in the borrower's
 * language. Times are lender times ('YYYY-MM-DD HH:mm:ss', India time), days 'YYYY-MM-DD'.
 */
import * as v from 'valibot';
import { id, optionalNum, optionalObject, text } from './common';
import type { Endpoint } from './endpoint';

/** The documents the lender issues itself, and receipts (a payment's, opened on the receipt page). */
export const ISSUED_KINDS = ['kfs', 'sanctionLetter', 'noDues'] as const;
export type IssuedKind = (typeof ISSUED_KINDS)[number];
export const DOCUMENT_KINDS = [...ISSUED_KINDS, 'receipt'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * One document in the list. `id` goes into its link: the document's id, or for a receipt the
 * payment's (its page is /orders/{orderId}/receipts/{id}).
 */
export const DocumentSummary = v.looseObject({
  id,
  kind: v.picklist(DOCUMENT_KINDS),
  orderId: id,
  orderNo: text,
  number: text,
  issuedAt: text,
});
export type DocumentSummary = v.InferOutput<typeof DocumentSummary>;

/**
 * GET /user/v1/documents: every document of the borrower, newest order first, each order's in the
 * order they were issued. An item the app cannot read (a kind it does not know) is left out.
 */
export const DocumentList = v.looseObject({
  documents: v.optional(
    v.pipe(
      v.nullable(v.array(v.unknown())),
      v.transform((items) =>
        (items ?? []).flatMap((item) => {
          const read = v.safeParse(DocumentSummary, item);
          return read.success ? [read.output] : [];
        }),
      ),
    ),
    [],
  ),
});
export type DocumentList = v.InferOutput<typeof DocumentList>;
/** What the sandbox writes for the list. */
export type DocumentListAnswer = { documents: v.InferInput<typeof DocumentSummary>[] };

/** GET /user/v1/documents/detail?id= */
export const DocumentQuery = v.looseObject({ id });
export type DocumentQuery = v.InferOutput<typeof DocumentQuery>;

/** The loan's terms as the contract states them (rupees; the rate per day as a fraction). */
export const LoanTerms = v.looseObject({
  loanAmount: optionalNum,
  processingFee: optionalNum,
  gst: optionalNum,
  disbursedAmount: optionalNum,
  interest: optionalNum,
  repaymentAmount: optionalNum,
  periodDays: optionalNum,
  ratePerDay: optionalNum,
  disbursedAt: text,
  dueDate: text,
});
export type LoanTerms = v.InferOutput<typeof LoanTerms>;

/**
 * One document the lender issued: its number and date, who issued it and to whom, the loan, and what
 * its kind states: the loan's terms (KFS, sanction letter), the KFS acknowledged (its number, when it
 * was issued and acknowledged), the settlement (no dues: the amount repaid and the closing day).
 */
export const DocumentDetail = v.looseObject({
  id,
  kind: v.picklist(ISSUED_KINDS),
  number: text,
  issuedAt: text,
  orderId: id,
  orderNo: text,
  lender: v.optional(optionalObject({ name: text, rbiRegistration: text, address: text }), null),
  borrower: v.optional(optionalObject({ name: text, phone: text }), null),
  terms: v.optional(optionalObject(LoanTerms.entries), null),
  kfs: v.optional(optionalObject({ number: text, issuedAt: text, acknowledgedAt: text }), null),
  settlement: v.optional(optionalObject({ amountRepaid: optionalNum, closedOn: text }), null),
});
export type DocumentDetail = v.InferOutput<typeof DocumentDetail>;
/** What the sandbox writes for one document. */
export type DocumentDetailAnswer = v.InferInput<typeof DocumentDetail> & { kind: IssuedKind };

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// The borrower's documents (KFS, sanction letter, receipts, no-dues certificate): beyond the spec.

const listDocuments = { method: 'GET', path: '/user/v1/documents', answer: DocumentList, token: true, beyondSpec: true } as const satisfies Endpoint;

/** ?id= */
const documentDetail = { method: 'GET', path: '/user/v1/documents/detail', query: DocumentQuery, answer: DocumentDetail, token: true, beyondSpec: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const documentCalls = { listDocuments, documentDetail } as const;

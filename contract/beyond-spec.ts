/**
 * The calls beyond the spec: the spec names none of them, so a backend may not have them. The app
 * makes them through `offered` (src/api/offered.ts), which answers `{ offered: false }` when the
 * backend has no such call, and every screen that uses one has a state for that: without it the app
 * does what the spec says. Each call is declared here, with the schema its answer is read with.
 */
import type * as v from 'valibot';
import { Complaint, ComplaintList } from './complaints';
import { ClosureQuote } from './closure';
import { Ignored } from './common';
import { DocumentDetail, DocumentList } from './documents';
import { LenderKfs, OrderKfs } from './kfs';
import { PaymentList } from './payments';
import { ConsentItem, DeletionRequest, PrivacyOverview } from './privacy';
import { SessionList } from './sessions';

export { answersNotOffered, UNKNOWN_PATH_MSG, type Offered } from './offered';

export interface BeyondSpecCall<S extends v.GenericSchema = v.GenericSchema> {
  readonly method: 'GET' | 'POST';
  /** Under the API base (/api1), written as the spec writes its paths. */
  readonly path: `/${string}`;
  /** How its answer's data is read. */
  readonly answer: S;
}

/** The endpoint table of the calls beyond the spec. */
export const BEYOND_SPEC = {
  /** The borrower's signed-in devices (Account): SessionList. */
  listSessions: { method: 'GET', path: '/user/v1/sessions', answer: SessionList },
  /** Signs one of the borrower's sessions out: RevokeSessionPayload {id}. */
  revokeSession: { method: 'POST', path: '/user/v1/sessions/revoke', answer: Ignored },
  /** Quit: ends the session of the token it is sent with. */
  logout: { method: 'POST', path: '/user/v1/logout', answer: Ignored },
  /** An order's payments, newest first, each with its receipt once received (?orderId=): PaymentList. */
  listPayments: { method: 'GET', path: '/pay-order/v1/payments', answer: PaymentList },
  /** The borrower's documents, per order (KFS, sanction letter, receipts, no-dues certificate): DocumentList. */
  listDocuments: { method: 'GET', path: '/user/v1/documents', answer: DocumentList },
  /** One document the lender issued (?id=): DocumentDetail. */
  documentDetail: { method: 'GET', path: '/user/v1/documents/detail', answer: DocumentDetail },
  /** The borrower's complaints to the lender, newest first (Help): ComplaintList. */
  listComplaints: { method: 'GET', path: '/user/v1/complaints', answer: ComplaintList },
  /** Raises a complaint: RaiseComplaintPayload, with an Idempotency-Key; answers the ticket. */
  raiseComplaint: { method: 'POST', path: '/user/v1/complaints', answer: Complaint },
  /** What closes the loan now: the cooling-off exit or pre-closure (?orderId=): ClosureQuote. */
  closureQuote: { method: 'GET', path: '/order/v1/closure', answer: ClosureQuote },
  /** The privacy centre: the borrower's consents and deletion requests: PrivacyOverview. */
  privacy: { method: 'GET', path: '/user/v1/privacy', answer: PrivacyOverview },
  /** Records a consent given (ConsentPayload {purpose}), on the lender's clock: ConsentItem. */
  giveConsent: { method: 'POST', path: '/user/v1/consents', answer: ConsentItem },
  /** Withdraws a consent (ConsentPayload {purpose}); data sent under it afterwards is refused: ConsentItem. */
  withdrawConsent: { method: 'POST', path: '/user/v1/consents/withdraw', answer: ConsentItem },
  /** Asks for the deletion of what the law does not require the lender to keep: DeletionRequest. */
  requestDeletion: { method: 'POST', path: '/user/v1/deletion-requests', answer: DeletionRequest },
  /** A new numbered Key Fact Statement with its validity: IssueKfsPayload → LenderKfs. */
  issueKfs: { method: 'POST', path: '/kfs/v1/issue', answer: LenderKfs },
  /** The borrower acknowledges a KFS by its number (idempotent): AcknowledgeKfsPayload → LenderKfs. */
  acknowledgeKfs: { method: 'POST', path: '/kfs/v1/acknowledge', answer: LenderKfs },
  /** The loan KFS an order was acknowledged under and whether it binds now (?orderId=): OrderKfs. */
  orderKfs: { method: 'GET', path: '/kfs/v1/order', answer: OrderKfs },
} as const satisfies Record<string, BeyondSpecCall>;

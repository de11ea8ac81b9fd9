/** The lender's numbered Key Fact Statements: beyond the spec. */
import type { Endpoint } from '../endpoint';
import { AcknowledgeKfsPayload, IssueKfsPayload, LenderKfs, OrderKfs, OrderKfsQuery } from '../kfs';

export const kfsCalls = {
  /** A new numbered KFS with its validity. */
  issueKfs: { method: 'POST', path: '/kfs/v1/issue', body: IssueKfsPayload, answer: LenderKfs, token: true, beyondSpec: true },
  /** The borrower acknowledges a KFS by its number (idempotent). */
  acknowledgeKfs: { method: 'POST', path: '/kfs/v1/acknowledge', body: AcknowledgeKfsPayload, answer: LenderKfs, token: true, beyondSpec: true },
  /** The KFS an order was acknowledged under, and whether it binds now (?orderId=). */
  orderKfs: { method: 'GET', path: '/kfs/v1/order', query: OrderKfsQuery, answer: OrderKfs, token: true, beyondSpec: true },
} as const satisfies Record<string, Endpoint>;

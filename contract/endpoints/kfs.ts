/** The lender's numbered Key Fact Statements: beyond the spec. */
import type { Endpoint } from '../endpoint';
import { AcknowledgeKfsPayload, IssueKfsPayload, LenderKfs, OrderKfs, OrderKfsQuery } from '../kfs';

/** A new numbered KFS with its validity. */
export const issueKfs = { method: 'POST', path: '/kfs/v1/issue', body: IssueKfsPayload, answer: LenderKfs, token: true, beyondSpec: true } as const satisfies Endpoint;

/** The borrower acknowledges a KFS by its number (idempotent). */
export const acknowledgeKfs = { method: 'POST', path: '/kfs/v1/acknowledge', body: AcknowledgeKfsPayload, answer: LenderKfs, token: true, beyondSpec: true } as const satisfies Endpoint;

/** The KFS an order was acknowledged under, and whether it binds now (?orderId=). */
export const orderKfs = { method: 'GET', path: '/kfs/v1/order', query: OrderKfsQuery, answer: OrderKfs, token: true, beyondSpec: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const kfsCalls = { issueKfs, acknowledgeKfs, orderKfs } as const;

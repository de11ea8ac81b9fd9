/**
 * The lender's Key Fact Statements, beyond the spec (contract/beyond-spec.ts; docs/borrower-rights.md
 * 'Key Fact Statement'): each has a number, a validity, and the figures it states; the borrower
 * acknowledges one by its number, and the apply, schedule and extension requests name the one
 * acknowledged (`kfsNo`, an extra field a backend following the spec ignores).
 */
import * as v from 'valibot';
import { id, num, optionalNum, optionalText } from './common';
import type { Endpoint } from './endpoint';

export const KFS_KINDS = ['application', 'order', 'schedule', 'extension'] as const;
export type KfsKind = (typeof KFS_KINDS)[number];

/** A KFS number as the requests carry it. */
export const KfsNo = v.pipe(v.string('Expected a KFS number'), v.trim(), v.minLength(1, 'Expected a KFS number'), v.maxLength(40, 'A KFS number has at most 40 characters'));

/**
 * What a KFS states: a loan's figures (application, order, schedule), or an extension's amendment
 * (the fee and its parts, the new due date). Rupees; dates as IST days 'YYYY-MM-DD'.
 */
export const KfsFacts = v.looseObject({
  sanctioned: optionalNum,
  tenureDays: optionalNum,
  interest: optionalNum,
  dailyRate: optionalNum,
  processingFee: optionalNum,
  gst: optionalNum,
  netDisbursed: optionalNum,
  totalRepayable: optionalNum,
  dueDate: optionalText,
  // The extension's amendment.
  extensionDays: optionalNum,
  currentDueDate: optionalText,
  newDueDate: optionalText,
  extensionServiceFee: optionalNum,
  extensionOverdueFee: optionalNum,
  extensionInterest: optionalNum,
  extensionFeePaid: optionalNum,
  extensionFee: optionalNum,
  repaymentAfter: optionalNum,
});
export type KfsFacts = v.InferOutput<typeof KfsFacts>;

/** A KFS the lender issued: times are ISO instants. */
export const LenderKfs = v.looseObject({
  kfsNo: KfsNo,
  kind: v.picklist(KFS_KINDS),
  issuedAt: v.string(),
  validUntil: v.string(),
  acknowledgedAt: v.optional(v.nullable(v.string()), null),
  facts: v.optional(KfsFacts, {}),
});
export type LenderKfs = v.InferOutput<typeof LenderKfs>;

/** POST /kfs/v1/issue: a new KFS for an application or a schedule (a product and an amount), an order, or an order's extension. */
export const IssueKfsPayload = v.variant('kind', [
  v.object({ kind: v.literal('application'), productId: id, amount: num }),
  v.object({ kind: v.literal('schedule'), productId: id, amount: num }),
  v.object({ kind: v.literal('order'), orderId: id }),
  v.object({ kind: v.literal('extension'), orderId: id }),
], 'Expected kind: application, schedule, order or extension');
export type IssueKfsPayload = v.InferOutput<typeof IssueKfsPayload>;

/** POST /kfs/v1/acknowledge: the borrower has read this KFS (the same number twice is one acknowledgement). */
export const AcknowledgeKfsPayload = v.object({ kfsNo: KfsNo });
export type AcknowledgeKfsPayload = v.InferOutput<typeof AcknowledgeKfsPayload>;

/** GET /kfs/v1/order?orderId=: the loan KFS the order was last acknowledged under, and whether it binds now. */
export const OrderKfsQuery = v.looseObject({ orderId: id });
export const OrderKfs = v.looseObject({ kfs: v.nullable(LenderKfs), validNow: v.boolean() });
export type OrderKfs = v.InferOutput<typeof OrderKfs>;

/** The extra field of apply, schedule and apply-extension: the KFS acknowledged for it. */
export const withKfsNo = { kfsNo: v.optional(KfsNo) };

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// The lender's numbered Key Fact Statements: beyond the spec.

/** A new numbered KFS with its validity. */
const issueKfs = { method: 'POST', path: '/kfs/v1/issue', body: IssueKfsPayload, answer: LenderKfs, token: true, beyondSpec: true } as const satisfies Endpoint;

/** The borrower acknowledges a KFS by its number (idempotent). */
const acknowledgeKfs = { method: 'POST', path: '/kfs/v1/acknowledge', body: AcknowledgeKfsPayload, answer: LenderKfs, token: true, beyondSpec: true } as const satisfies Endpoint;

/** The KFS an order was acknowledged under, and whether it binds now (?orderId=). */
const orderKfs = { method: 'GET', path: '/kfs/v1/order', query: OrderKfsQuery, answer: OrderKfs, token: true, beyondSpec: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const kfsCalls = { issueKfs, acknowledgeKfs, orderKfs } as const;

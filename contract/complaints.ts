/**
 * Complaints to the lender (Help; Digital Lending Directions 2025, grievance redressal): a ticket
 * with a category, the order it is about, the borrower's words, the date a reply is due, the
 * lender's replies and whether it may now go to the RBI Ombudsman. Beyond the spec (its calls are in
 * ./beyond-spec.ts): a backend may not have them.
 */
import * as v from 'valibot';
import { flag, id, list, optionalId, text } from './common';
import type { Endpoint } from './endpoint';

/** What a complaint is about; the borrower picks one. */
export const COMPLAINT_CATEGORIES = ['loan', 'repayment', 'charges', 'recovery', 'privacy', 'app', 'other'] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

/** Where a ticket stands: no reply yet, answered but not settled, settled by the lender. */
export const COMPLAINT_STATUSES = ['open', 'replied', 'resolved'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** One reply of the lender's: shown as text, never as HTML. `at` is a lender time ('YYYY-MM-DD HH:mm:ss', IST). */
export const ComplaintReply = v.looseObject({ text, at: text });
export type ComplaintReply = v.InferOutput<typeof ComplaintReply>;

/**
 * A ticket. Only `ticketNo` is needed: the rest may be missing. `status` is one of COMPLAINT_STATUSES
 * or another backend's word (then read as open); `replyDueBy` is an IST date ('YYYY-MM-DD');
 * `escalation` is the lender saying the ticket went 30 days without a resolution, counted on its clock.
 */
export const Complaint = v.looseObject({
  ticketNo: id,
  category: text,
  orderId: optionalId,
  orderNo: text,
  content: text,
  status: text,
  raisedAt: text,
  replyDueBy: text,
  resolvedAt: text,
  escalation: flag,
  replies: list(ComplaintReply),
});
export type Complaint = v.InferOutput<typeof Complaint>;
/** What the sandbox writes for one ticket (typed, so the app and the sandbox cannot drift apart). */
export type ComplaintAnswer = v.InferInput<typeof Complaint> & { status: ComplaintStatus; category: ComplaintCategory };

/**
 * GET /user/v1/complaints (?ticketNo= for one): the borrower's tickets, newest first. A missing or
 * null list is none; an item without a ticket number is left out rather than failing the others.
 */
export const ComplaintList = v.looseObject({
  complaints: v.optional(
    v.pipe(
      v.nullable(v.array(v.unknown())),
      v.transform((items) =>
        (items ?? []).flatMap((item) => {
          const read = v.safeParse(Complaint, item);
          return read.success ? [read.output] : [];
        }),
      ),
    ),
    [],
  ),
});
export type ComplaintList = v.InferOutput<typeof ComplaintList>;

/** GET /user/v1/complaints?ticketNo=: one ticket of the borrower's. */
export const ComplaintQuery = v.looseObject({
  ticketNo: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9-]{1,40}$/, 'ticketNo must be a ticket number such as GRV-20261127-00001'))),
});

/**
 * POST /user/v1/complaints {category, orderId, content}: raises a ticket (with an Idempotency-Key).
 * The content follows the feedback rule (machines/shared/feedback.ts), which the lender checks too.
 */
export const RaiseComplaintPayload = v.object({
  category: v.picklist(COMPLAINT_CATEGORIES, `category must be one of ${COMPLAINT_CATEGORIES.join(', ')}`),
  orderId: v.optional(v.nullable(v.pipe(v.string('orderId must be an order id, or null'), v.regex(/^\d{1,9}$/, 'orderId must be an order id, or null'))), null),
  content: v.pipe(v.string('content is required'), v.trim(), v.minLength(1, 'content is required')),
});
export type RaiseComplaintPayload = v.InferInput<typeof RaiseComplaintPayload>;

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// Complaints to the lender (Help): beyond the spec.

/** Newest first; ?ticketNo= for one. */
const listComplaints = { method: 'GET', path: '/user/v1/complaints', query: ComplaintQuery, answer: ComplaintList, token: true, beyondSpec: true } as const satisfies Endpoint;

/** Answers the ticket. */
const raiseComplaint = { method: 'POST', path: '/user/v1/complaints', body: RaiseComplaintPayload, answer: Complaint, token: true, beyondSpec: true, intent: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const complaintCalls = { listComplaints, raiseComplaint } as const;

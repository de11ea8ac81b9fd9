/**
 * The rules of complaints on Help (machines/complaints/complaints.machine.ts), which the view reads
 * too: what may be written (the feedback rule, machines/shared/feedback.ts, Hindi included), what a
 * complaint needs before it is sent, a ticket's status in the app's words, and the orders to pick from.
 */
import type { Complaint, ComplaintCategory, ComplaintStatus } from '../../contract/complaints';
import type { ComplaintsKey } from '../../i18n/en/complaints';
import { feedbackContent, type EditNotice } from '../shared/feedback';

export { applyEdit, cleanText, FEEDBACK_MAX_LENGTH as COMPLAINT_MAX_LENGTH, feedbackContent as complaintContent, feedbackLength as complaintLength } from '../shared/feedback';

/** What Help says under the form after an edit or a tap, until the next clean edit (a key of i18n/en/complaints.ts, with { max }). */
export type ComplaintNotice = Extract<ComplaintsKey, EditNotice | 'empty' | 'noCategory'>;

/** An order the complaint may be about: one of the borrower's, as Loan History lists it. */
export interface OrderChoice {
  orderId: string;
  orderNo: string;
  loanAmount: number;
}

/** The topics in the order the form offers them: every category of the contract (checked below). */
export const CATEGORIES = ['loan', 'repayment', 'charges', 'recovery', 'privacy', 'app', 'other'] as const satisfies readonly ComplaintCategory[];
const STATUSES = ['open', 'replied', 'resolved'] as const satisfies readonly ComplaintStatus[];
// The lists above are the contract's (machines may import its types only): a category or status added there fails here.
type Unlisted = Exclude<ComplaintCategory, (typeof CATEGORIES)[number]> | Exclude<ComplaintStatus, (typeof STATUSES)[number]>;
export const allListed: [Unlisted] extends [never] ? true : never = true;

export const isCategory = (x: string): x is ComplaintCategory => (CATEGORIES as readonly string[]).includes(x);

/** The label key of a category. */
export const categoryKey = (c: ComplaintCategory): ComplaintsKey => `cat_${c}`;

/** A ticket's status in the app's words; another backend's word is read as waiting for a reply. */
export function statusKey(ticket: Pick<Complaint, 'status'>): ComplaintsKey {
  const s = (STATUSES as readonly string[]).includes(ticket.status) ? (ticket.status as ComplaintStatus) : 'open';
  return `status_${s}`;
}

/** Why the complaint cannot be sent as it is (a topic first, then the text), or null when it can. */
export function complaintProblem(form: { category: string; text: string }): 'noCategory' | 'empty' | null {
  if (!isCategory(form.category)) return 'noCategory';
  if (feedbackContent(form.text) === '') return 'empty';
  return null;
}

/** The order picked, when it is still one of the borrower's; otherwise none. */
export const pickedOrder = (orders: readonly OrderChoice[], orderId: string): string | null => (orders.some((o) => o.orderId === orderId) ? orderId : null);

/** The RBI Ombudsman's Complaint Management System and its number: where a complaint goes after 30 days. */
export const RBI_CMS_URL = 'https://cms.rbi.org.in';
export const RBI_PHONE = '14448';

/**
 * The event cases of complaints on Help (tests/machines/complaints.machine.test.ts, the view tests
 * and `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { SnapshotFrom } from 'xstate';
import type { Complaint } from '../../contract/complaints';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import type { ComplaintsInput, complaintsMachine, ComplaintsLoaded } from './complaints.machine';
import { COMPLAINT_MAX_LENGTH, complaintProblem, type OrderChoice } from './complaints.rules';

/** A ticket as the lender lists it. */
export const ticket = (over: Partial<Complaint> & Pick<Complaint, 'ticketNo'>): Complaint => ({
  category: 'other',
  orderId: null,
  orderNo: '',
  content: '',
  status: 'open',
  raisedAt: '2026-05-01 10:00:00',
  replyDueBy: '2026-05-08',
  resolvedAt: '',
  escalation: false,
  replies: [],
  ...over,
});

export const ORDER: OrderChoice = { orderId: '41', orderNo: 'BW20260401000041', loanAmount: 5000 };
/** Waiting 31 days without a resolution, with a reply: the RBI route shows on it. */
export const ESCALATED = ticket({
  ticketNo: 'GRV-20260401-00007',
  category: 'charges',
  orderId: ORDER.orderId,
  orderNo: ORDER.orderNo,
  content: 'A fee I did not agree to.',
  status: 'replied',
  raisedAt: '2026-04-01 09:15:00',
  replyDueBy: '2026-04-08',
  escalation: true,
  replies: [{ text: 'We are checking the fee <b>with</b> our team.', at: '2026-04-03 11:00:00' }],
});
export const RESOLVED = ticket({
  ticketNo: 'GRV-20260310-00003',
  category: 'app',
  content: 'The app logged me out.',
  status: 'resolved',
  resolvedAt: '2026-03-12 16:20:00',
  replies: [{ text: 'Fixed in the new version.', at: '2026-03-12 16:20:00' }],
});
export const LOADED: ComplaintsLoaded = { complaints: [ESCALATED, RESOLVED], orders: [ORDER] };
export const RAISED = ticket({ ticketNo: 'GRV-20260502-00012', category: 'repayment', content: 'Payment not shown.', raisedAt: '2026-05-02 10:00:00', replyDueBy: '2026-05-09' });

export const LOAD_FAILURE = new Error('Service busy, please try again');
export const SEND_FAILURE = new Error('You have raised several complaints in the last minute. Please try again in 40 seconds.');

export const TYPED = 'Payment not shown.';
export const HINDI = 'मेरा भुगतान नहीं दिखा, ५००० रुपये। कृपया देखें!';
export const WITH_REFUSED = 'भुगतान ₹ नहीं 😀';
export const TOO_LONG = 'a'.repeat(COMPLAINT_MAX_LENGTH + 5);

export const cases = [
  actorDone('loadComplaints', { offered: true, value: LOADED }),
  actorDone('loadComplaints', { offered: false }),
  actorError('loadComplaints', LOAD_FAILURE),
  { type: 'complaints.retried' },
  { type: 'complaint.started' },
  { type: 'category.changed', value: 'repayment' },
  { type: 'category.changed', value: '' },
  { type: 'order.changed', value: ORDER.orderId },
  { type: 'order.changed', value: '' },
  { type: 'text.changed', value: TYPED },
  { type: 'text.changed', value: HINDI },
  { type: 'text.changed', value: WITH_REFUSED },
  { type: 'text.changed', value: TOO_LONG },
  { type: 'text.changed', value: '' },
  { type: 'complaint.cancelled' },
  { type: 'complaint.sent' },
  actorDone('raiseComplaint', { offered: true, value: RAISED }),
  actorDone('raiseComplaint', { offered: false }),
  actorError('raiseComplaint', SEND_FAILURE),
] satisfies CaseList<typeof complaintsMachine>;

export const DRAFT_KEY = 'draft-key-complaint-0001';

/** A first visit, a draft typed before a reload, and a send a reload left unanswered. */
export const inputs = {
  fresh: { draft: null },
  restored: { draft: { category: 'repayment', orderId: ORDER.orderId, text: TYPED, idempotencyKey: null } },
  reloadedWhileSending: { draft: { category: 'repayment', orderId: '', text: TYPED, idempotencyKey: DRAFT_KEY } },
} satisfies Record<string, ComplaintsInput>;

/** What decides what can happen next: the state, whether the form is complete, keyed, and a ticket raised. */
export function serialize(snapshot: SnapshotFrom<typeof complaintsMachine>) {
  const c = snapshot.context;
  return {
    value: snapshot.value,
    form: complaintProblem(c) ?? 'complete',
    blank: c.text === '' && c.category === '',
    keyed: c.idempotencyKey !== null,
    raised: c.raised !== null,
  };
}

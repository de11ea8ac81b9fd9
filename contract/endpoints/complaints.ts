/** Complaints to the lender (Help): beyond the spec. */
import { Complaint, ComplaintList, ComplaintQuery, RaiseComplaintPayload } from '../complaints';
import type { Endpoint } from '../endpoint';

export const complaintCalls = {
  /** Newest first; ?ticketNo= for one. */
  listComplaints: { method: 'GET', path: '/user/v1/complaints', query: ComplaintQuery, answer: ComplaintList, token: true, beyondSpec: true },
  /** Answers the ticket. */
  raiseComplaint: { method: 'POST', path: '/user/v1/complaints', body: RaiseComplaintPayload, answer: Complaint, token: true, beyondSpec: true, intent: true },
} as const satisfies Record<string, Endpoint>;

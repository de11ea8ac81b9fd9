/** Complaints to the lender (Help): beyond the spec. */
import { Complaint, ComplaintList, ComplaintQuery, RaiseComplaintPayload } from '../complaints';
import type { Endpoint } from '../endpoint';

/** Newest first; ?ticketNo= for one. */
export const listComplaints = { method: 'GET', path: '/user/v1/complaints', query: ComplaintQuery, answer: ComplaintList, token: true, beyondSpec: true } as const satisfies Endpoint;

/** Answers the ticket. */
export const raiseComplaint = { method: 'POST', path: '/user/v1/complaints', body: RaiseComplaintPayload, answer: Complaint, token: true, beyondSpec: true, intent: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const complaintCalls = { listComplaints, raiseComplaint } as const;

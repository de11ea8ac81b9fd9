/**
 * Complaints to the lender (Help), beyond the spec: each answers `{ offered: false }` when the backend
 * has no such call; Help then names the grievance officer and the RBI route, and offers no form.
 */
import { complaintCalls, type Complaint, type ComplaintList, type RaiseComplaintPayload } from '../../contract/complaints';
import type { Offered } from '../../contract/offered';
import type { CallOptions, IntentOptions } from './client';
import { offered } from './offered';

/** The borrower's tickets, newest first. */
export function listComplaints({ signal }: CallOptions = {}): Promise<Offered<ComplaintList>> {
  return offered(complaintCalls.listComplaints, { signal });
}

/** Raises a ticket; the same key for the same intent (a retry) raises none more. */
export function raiseComplaint(payload: RaiseComplaintPayload, { signal, idempotencyKey }: IntentOptions): Promise<Offered<Complaint>> {
  return offered(complaintCalls.raiseComplaint, { json: payload, signal, idempotencyKey });
}

/**
 * Complaints to the lender (Help): calls beyond the spec (contract/beyond-spec.ts). Each answers
 * `{ offered: false }` when the backend has no such call; Help then names the grievance officer and
 * the RBI route, and offers no form.
 */
import { BEYOND_SPEC } from '../../contract/beyond-spec';
import type { Complaint, ComplaintList, RaiseComplaintPayload } from '../../contract/complaints';
import type { Offered } from '../../contract/offered';
import type { CallOptions, IntentOptions } from './client';
import { offered } from './offered';

/** GET /user/v1/complaints: the borrower's tickets, newest first. */
export function listComplaints({ signal }: CallOptions = {}): Promise<Offered<ComplaintList>> {
  return offered(BEYOND_SPEC.listComplaints, { signal });
}

/** POST /user/v1/complaints: raises a ticket; the same key for the same intent (a retry) raises none more. */
export function raiseComplaint(payload: RaiseComplaintPayload, { signal, idempotencyKey }: IntentOptions): Promise<Offered<Complaint>> {
  return offered(BEYOND_SPEC.raiseComplaint, { json: payload, signal, idempotencyKey });
}

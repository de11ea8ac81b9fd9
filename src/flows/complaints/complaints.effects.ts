/**
 * The effects of complaints on Help: the list (and the borrower's orders to pick from), the raise
 * with its idempotency key, and the draft in this tab (sessionStorage: the borrower's own words, kept
 * over a reload but never beyond the tab, removed by Quit).
 */
import * as v from 'valibot';
import { assign } from 'xstate';
import { IdempotencyKey } from '../../../contract/common';
import type { Offered } from '../../../contract/offered';
import type { ComplaintDraft, complaintsMachine, ComplaintsLoaded } from '../../../machines/complaints/complaints.machine';
import { listComplaints, raiseComplaint } from '../../api/complaints';
import { getOrderList } from '../../api/orders';
import { fromCall } from '../../lib/abortable';
import { draftStore, type DraftStore } from '../../lib/draft';
import { newKey } from '../../lib/idempotency';
import { tabStorage } from '../../lib/tab-storage';
import type { Effects } from '../shared/effects';

/** A stored draft read back; anything else counts as none (never trust storage). */
export function parseComplaintDraft(raw: unknown): ComplaintDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { category, orderId, text, idempotencyKey } = raw as Partial<Record<keyof ComplaintDraft, unknown>>;
  if (typeof text !== 'string' || typeof category !== 'string') return null;
  return { category, orderId: typeof orderId === 'string' ? orderId : '', text, idempotencyKey: v.is(IdempotencyKey, idempotencyKey) ? idempotencyKey : null };
}

/** The draft 'complaint' of this tab's borrower (bw.draft.complaint.<phone> in sessionStorage). */
export const complaintDraft = (): DraftStore<ComplaintDraft> => draftStore('complaint', parseComplaintDraft, { storage: tabStorage });

export function complaintsEffects(draft: DraftStore<ComplaintDraft> = complaintDraft()): Effects<typeof complaintsMachine> {
  return {
    actors: {
      loadComplaints: fromCall(async (_: unknown, signal): Promise<Offered<ComplaintsLoaded>> => {
        const answer = await listComplaints({ signal });
        if (!answer.offered) return answer;
        // The order is optional: without Loan History the form offers only 'Not about an order'.
        const orders = await getOrderList({ signal }).catch((error: unknown) => {
          if (signal.aborted) throw error;
          return [];
        });
        const choices = orders.map((o) => ({ orderId: o.orderId, orderNo: o.orderNo, loanAmount: o.loanAmount }));
        return { offered: true, value: { complaints: answer.value.complaints, orders: choices } };
      }),
      raiseComplaint: fromCall(({ category, orderId, content, idempotencyKey }, signal) => raiseComplaint({ category, orderId, content }, { signal, idempotencyKey })),
    },
    actions: {
      persistDraft: (_, { draft: d }) => draft.write(d),
      clearDraft: () => draft.remove(),
      newIdempotencyKey: assign({ idempotencyKey: newKey }),
    },
  };
}

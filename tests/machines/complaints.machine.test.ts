/**
 * Complaints on Help: the rules (what may be sent, a ticket's status, the order picked), transition
 * coverage of the generated paths, invariants along every path (the rules enforced in every state
 * after loading, the key kept until answered), and the running machine (one raise per key, a
 * backend without the calls).
 */
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Offered } from '../../contract/beyond-spec';
import type { Complaint } from '../../contract/complaints';
import * as complaintCases from '../../machines/complaints/complaints.cases';
import { DRAFT_KEY, LOADED, ORDER, RAISED, TYPED } from '../../machines/complaints/complaints.cases';
import { complaintsMachine, type ComplaintsLoaded, type RaiseInput } from '../../machines/complaints/complaints.machine';
import { categoryKey, complaintProblem, pickedOrder, statusKey } from '../../machines/complaints/complaints.rules';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { deferred } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';

const paths = generatePaths(complaintsMachine, complaintCases);

describe('complaints rules', () => {
  it('a topic first, then a text that is not blank', () => {
    expect(complaintProblem({ category: '', text: TYPED })).toBe('noCategory');
    expect(complaintProblem({ category: 'fraud', text: TYPED })).toBe('noCategory');
    expect(complaintProblem({ category: 'loan', text: '   ' })).toBe('empty');
    expect(complaintProblem({ category: 'loan', text: TYPED })).toBeNull();
  });

  it('a status in the app’s words (another word is waiting), a category’s label, an order still theirs', () => {
    expect(['open', 'replied', 'resolved', 'escalated', ''].map((status) => statusKey({ status }))).toEqual(['status_open', 'status_replied', 'status_resolved', 'status_open', 'status_open']);
    expect(categoryKey('recovery')).toBe('cat_recovery');
    expect(pickedOrder([ORDER], ORDER.orderId)).toBe(ORDER.orderId);
    expect(pickedOrder([ORDER], '99')).toBeNull();
  });
});

describe('complaints machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(complaintsMachine, paths);
    expect(coverage.missing, formatCoverage('complaints', coverage)).toEqual([]);
  });

  it('every state after loading names the officer and the RBI route', () => {
    for (const state of ['notOffered', 'failed', 'ready'] as const) {
      expect(complaintsMachine.states[state]?.meta).toEqual({ rules: ['grievance-officer-shown', 'grievance-escalation'] });
    }
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const { state: s } of path.steps) {
      if (s.hasTag('sending')) expect(s.context.idempotencyKey).not.toBeNull();
      if (s.hasTag('sending')) expect(complaintProblem(s.context)).toBeNull();
      if (s.context.raised) expect(s.context.complaints[0]?.ticketNo).toBe(s.context.raised.ticketNo);
      if (s.hasTag('failed')) expect(s.context.error).toEqual({ server: complaintCases.LOAD_FAILURE.message });
      if (s.context.orderId !== '' && s.hasTag('ready')) expect(s.context.orders.map((o) => o.orderId)).toContain(s.context.orderId);
    }
  });
});

describe('the running machine', () => {
  const start = (raise: (input: RaiseInput) => Promise<Offered<Complaint>>, options: { input: { draft?: null | { category: string; orderId: string; text: string; idempotencyKey: string | null } } } = { input: {} }) =>
    createActor(
      complaintsMachine.provide({
        actors: {
          loadComplaints: fromPromise<Offered<ComplaintsLoaded>>(() => Promise.resolve({ offered: true, value: LOADED })),
          raiseComplaint: fromPromise<Offered<Complaint>, RaiseInput>(({ input }) => raise(input)),
        },
      }),
      options,
    ).start();
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it('one raise per tap, a retry after a failure with the same key, a new key once the text changes', async () => {
    const sent: RaiseInput[] = [];
    const answers: ReturnType<typeof deferred<Offered<Complaint>>>[] = [];
    const actor = start((input) => {
      sent.push(input);
      answers.push(deferred<Offered<Complaint>>());
      return answers[answers.length - 1]!.promise;
    });
    await tick();
    actor.send({ type: 'complaint.started' });
    actor.send({ type: 'category.changed', value: 'repayment' });
    actor.send({ type: 'order.changed', value: ORDER.orderId });
    actor.send({ type: 'text.changed', value: TYPED });
    actor.send({ type: 'complaint.sent' });
    actor.send({ type: 'complaint.sent' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ category: 'repayment', orderId: ORDER.orderId, content: TYPED });
    answers[0]!.reject(new Error('Service busy'));
    await tick();
    actor.send({ type: 'complaint.sent' });
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
    answers[1]!.reject(new Error('Service busy'));
    await tick();
    actor.send({ type: 'text.changed', value: `${TYPED} Please` });
    actor.send({ type: 'complaint.sent' });
    expect(sent[2]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
    answers[2]!.resolve({ offered: true, value: RAISED });
    await tick();
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ text: '', category: '', idempotencyKey: null, raised: RAISED });
    actor.stop();
  });

  it('a send a reload left unanswered goes again with its key', async () => {
    const sent: RaiseInput[] = [];
    const actor = start((input) => (sent.push(input), new Promise(() => {})), { input: { draft: { category: 'repayment', orderId: '', text: TYPED, idempotencyKey: DRAFT_KEY } } });
    await tick();
    expect(actor.getSnapshot().matches({ ready: 'writing' })).toBe(true);
    actor.send({ type: 'complaint.sent' });
    expect(sent.map((s) => s.idempotencyKey)).toEqual([DRAFT_KEY]);
    actor.stop();
  });

  it('a backend without the calls: the machine ends there and never asks again', async () => {
    let asked = 0;
    const actor = createActor(
      complaintsMachine.provide({ actors: { loadComplaints: fromPromise<Offered<ComplaintsLoaded>>(() => (asked++, Promise.resolve({ offered: false }))) } }),
      { input: {} },
    ).start();
    await tick();
    expect(actor.getSnapshot().value).toBe('notOffered');
    expect(actor.getSnapshot().status).toBe('done');
    actor.send({ type: 'complaints.retried' });
    expect(asked).toBe(1);
  });
});

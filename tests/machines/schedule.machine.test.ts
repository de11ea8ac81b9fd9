/**
 * Scheduled applications ("scheduling"): the rules, transition coverage of the generated paths of
 * the three machines (the list, a scheduled order with Cancel, scheduling one), invariants along
 * every path, and the running machines (one request per intent, the key kept for a retry).
 */
import { createActor, fromPromise } from 'xstate';
import type { LenderKfs } from '../../contract/kfs';
import type { Offered } from '../../contract/offered';
import { describe, expect, it } from 'vitest';
import type { ScheduleApplyPayload, ScheduledOrder, CancelScheduledOrderPayload } from '../../contract/schedule';
import { SCHEDULE_STATE } from '../../contract/schedule';
import * as listCases from '../../machines/schedule/schedule-list.cases';
import { scheduled } from '../../machines/schedule/schedule-list.cases';
import { scheduleListMachine } from '../../machines/schedule/schedule-list.machine';
import * as detailCases from '../../machines/schedule/scheduled-order.cases';
import { scheduledOrderMachine, type ScheduledOrderInput } from '../../machines/schedule/scheduled-order.machine';
import * as applyCases from '../../machines/schedule/schedule-apply.cases';
import { scheduleApplyMachine, type ScheduleApplyInput, type ScheduleApplyLoaded } from '../../machines/schedule/schedule-apply.machine';
import {
  APPLIED,
  CANCELED,
  cancelPayload,
  chooseCard,
  detailLink,
  openOrderBlocks,
  restoreAmount,
  SCHEDULED,
  scheduleStateKey,
} from '../../machines/schedule/schedule.rules';
import { formatIstTime as formatTime } from '../../machines/shared/ist-format';
import { say } from '../../i18n/core';
import { scheduleText, type ScheduleKey } from '../../i18n/en/schedule';
import { textFor } from '../../src/ui/text';
import type { NavigateParams } from '../../machines/shared/navigation';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { fakeCalls, type Deferred } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';

const listPaths = generatePaths(scheduleListMachine, listCases);
const detailPaths = generatePaths(scheduledOrderMachine, detailCases);
const applyPaths = generatePaths(scheduleApplyMachine, applyCases);

describe('schedule rules', () => {
  it("names the spec's states (the contract's numbers) and links only a scheduled one to its detail", () => {
    expect([SCHEDULED, APPLIED, CANCELED]).toEqual([SCHEDULE_STATE.scheduled, SCHEDULE_STATE.applied, SCHEDULE_STATE.canceled]);
    const english = textFor(scheduleText, 'en');
    expect([0, 2, 3, 1].map((n) => english(scheduleStateKey(n), { state: n }))).toEqual(['Scheduled', 'Applied', 'Canceled', 'State 1']);
    expect(detailLink(scheduled('a/b', 0, { productId: '7' }))).toBe('/schedule/a%2Fb?pid=7');
    expect(detailLink(scheduled('9', 2))).toBeNull();
    expect(detailLink(scheduled('9', 3))).toBeNull();
  });

  it('cancel sends the id and the order number; times are shown in IST', () => {
    expect(cancelPayload(scheduled('31', 0))).toEqual({ id: '31', orderNo: '' });
    expect(formatTime('2025-06-10 09:05:00')).toBe('10 Jun 2025, 09:05 IST');
    expect(formatTime('')).toBe('—');
    expect(formatTime('yesterday')).toBe('yesterday');
  });

  it('the largest amount by default, a restored one if still offered; the draft card if still there, else the first', () => {
    expect(restoreAmount([3000, 20000, 5000], null)).toBe(20000);
    expect(restoreAmount([3000, 5000], 5000)).toBe(5000);
    expect(restoreAmount([3000, 5000], 7000)).toBe(5000);
    expect(restoreAmount([], 7000)).toBeNull();
    expect(chooseCard(applyCases.CARDS, 'c2')).toBe('c2');
    expect(chooseCard(applyCases.CARDS, 'gone')).toBe('c1');
    expect(chooseCard([], null)).toBeNull();
    expect(openOrderBlocks(applyCases.OPEN_ORDER)).toBe(true);
    expect(openOrderBlocks(applyCases.MAY_APPLY)).toBe(false);
    expect(openOrderBlocks(null)).toBe(false);
  });
});

describe.each([
  ['scheduleList', scheduleListMachine, listPaths],
  ['scheduledOrder', scheduledOrderMachine, detailPaths],
  ['scheduleApply', scheduleApplyMachine, applyPaths],
] as const)('%s machine: paths generated from the machine', (name, machine, paths) => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(machine as never, paths as never);
    expect(coverage.missing, formatCoverage(name, coverage)).toEqual([]);
  });
});

describe('invariants along every path', () => {
  it.each(detailPaths.map((p) => [p.title, p] as const))('scheduled order %s', (_, path) => {
    for (const { state: s } of path.steps) {
      if (s.hasTag('cancellable')) expect(s.context.order?.state).toBe(0);
      if (s.hasTag('closed')) expect(s.context.order?.state).not.toBe(0);
      if (s.hasTag('cancelling')) expect(s.context.idempotencyKey).not.toBeNull();
      if (s.hasTag('failed')) expect(s.context.error).toBeTruthy();
    }
  });

  it.each(applyPaths.map((p) => [p.title, p] as const))('scheduling %s', (_, path) => {
    for (const { state: s } of path.steps) {
      if (s.hasTag('submitting')) {
        expect(s.context.idempotencyKey).not.toBeNull();
        expect(s.context.cardId).not.toBeNull();
      }
      if (s.hasTag('editing')) expect(s.context.product?.amountList).toContain(s.context.amount);
      if (s.hasTag('failed')) expect(s.context.loadError).toBeTruthy();
    }
  });
});

const flush = () => new Promise((r) => setTimeout(r, 0));

/** The navigations and drafts a running machine asks for, recorded in order (null: the draft removed). */
function recorded() {
  const navigations: NavigateParams[] = [];
  const drafts: unknown[] = [];
  const actions = {
    navigate: (_: unknown, p: NavigateParams) => void navigations.push(p),
    persistDraft: (_: unknown, { draft }: { draft: unknown }) => void drafts.push(draft),
    clearDraft: () => void drafts.push(null),
  };
  return { navigations, drafts, actions };
}

/** A call of the house's fakeCalls as these tests read it: what was sent, with which key, and its deferred. */
const sent = <T, P>(c: { input: { payload: P; idempotencyKey: string }; d: Deferred<T> }) => ({ payload: c.input.payload, key: c.input.idempotencyKey, d: c.d });

function runDetail(input: ScheduledOrderInput) {
  const load = fakeCalls<ScheduledOrder, { orderId: string }>();
  const cancel = fakeCalls<void, { payload: CancelScheduledOrderPayload; idempotencyKey: string }>();
  const { navigations, drafts, actions } = recorded();
  const machine = scheduledOrderMachine.provide({ actors: { loadScheduledOrder: load.actor, cancelSchedule: cancel.actor }, actions });
  const actor = createActor(machine, { input }).start();
  return {
    actor,
    navigations,
    drafts,
    get loads() {
      return load.all().map((c) => c.d);
    },
    get cancels() {
      return cancel.all().map(sent);
    },
  };
}

describe('scheduled order machine, running', () => {
  it('Cancel → No sends nothing; Yes sends once, a failure keeps the key for the retry, then /schedule replaces the page', async () => {
    const r = runDetail(detailCases.inputs.fresh);
    r.loads[0]!.resolve(scheduled('31', 0));
    await flush();
    r.actor.send({ type: 'cancel.tapped' });
    r.actor.send({ type: 'cancel.declined' });
    expect(r.cancels).toHaveLength(0);
    r.actor.send({ type: 'cancel.tapped' });
    r.actor.send({ type: 'cancel.confirmed' });
    r.actor.send({ type: 'cancel.confirmed' });
    expect(r.cancels).toHaveLength(1);
    expect(r.cancels[0]!.payload).toEqual({ id: '31', orderNo: '' });
    const key = r.cancels[0]!.key;
    expect(r.drafts).toEqual([{ idempotencyKey: key }]);
    r.cancels[0]!.d.reject(detailCases.CANCEL_FAILURE);
    await flush();
    expect(r.actor.getSnapshot().context.notice).toEqual({ server: detailCases.CANCEL_FAILURE.message });
    r.actor.send({ type: 'cancel.tapped' });
    r.actor.send({ type: 'cancel.confirmed' });
    expect(r.cancels.map((c) => c.key)).toEqual([key, key]);
    r.cancels[1]!.d.resolve();
    await flush();
    expect(r.navigations).toEqual([{ to: '/schedule', replace: true }]);
    expect(r.drafts.at(-1)).toBeNull();
    expect(r.actor.getSnapshot().status).toBe('done');
  });

  it('a reload during the cancel sends the draft key again; an applied or canceled one offers no Cancel and drops it', async () => {
    const r = runDetail(detailCases.inputs.reloadedWhileCancelling);
    r.loads[0]!.resolve(scheduled('31', 0));
    await flush();
    r.actor.send({ type: 'cancel.tapped' });
    r.actor.send({ type: 'cancel.confirmed' });
    expect(r.cancels.map((c) => c.key)).toEqual([detailCases.DRAFT_KEY]);
    const done = runDetail(detailCases.inputs.reloadedWhileCancelling);
    done.loads[0]!.resolve(scheduled('31', 3));
    await flush();
    done.actor.send({ type: 'cancel.tapped' });
    expect(done.actor.getSnapshot().hasTag('asking')).toBe(false);
    expect(done.drafts).toEqual([null]);
  });
});

function runApply(input: ScheduleApplyInput, lenderKfs: Offered<LenderKfs> = { offered: false }) {
  const load = fakeCalls<ScheduleApplyLoaded, { pid: string }>();
  const send = fakeCalls<ScheduledOrder, { payload: ScheduleApplyPayload; idempotencyKey: string }>();
  const acks: string[] = [];
  const { navigations, drafts, actions } = recorded();
  const machine = scheduleApplyMachine.provide({
    actors: {
      loadPage: load.actor,
      scheduleApply: send.actor,
      issueKfs: fromPromise(async () => lenderKfs),
      acknowledgeKfs: fromPromise(async ({ input: i }) => {
        acks.push(i.kfsNo);
        return { ...applyCases.SCHEDULE_KFS, acknowledgedAt: '2026-11-27T06:01:00.000Z' };
      }),
    },
    actions,
  });
  const actor = createActor(machine, { input }).start();
  return {
    actor,
    navigations,
    drafts,
    get loads() {
      return load.all().map((c) => c.d);
    },
    get sends() {
      return send.all().map(sent);
    },
    acks,
  };
}

describe('scheduling machine, running', () => {
  it("the lender's KFS for the amount: no scheduling before its tick, acknowledged first, then named in the request", async () => {
    const r = runApply(applyCases.inputs.fresh, { offered: true, value: applyCases.SCHEDULE_KFS });
    r.loads[0]!.resolve(applyCases.LOADED);
    await flush();
    expect(r.actor.getSnapshot().getMeta()['scheduleApply.editing']).toEqual({ rules: ['kfs-for-schedule'] });
    r.actor.send({ type: 'schedule.tapped' });
    expect([r.acks.length, r.sends.length]).toEqual([0, 0]);
    r.actor.send({ type: 'kfs.ticked', checked: true });
    r.actor.send({ type: 'schedule.tapped' });
    expect(r.acks).toEqual([applyCases.SCHEDULE_KFS.kfsNo]);
    await flush();
    expect(r.sends[0]!.payload).toEqual({ productId: '1', expectBorrowAmount: 20000, cardId: 'c1', kfsNo: applyCases.SCHEDULE_KFS.kfsNo });
  });

  it('the largest amount and the first card; one request per tap; a refusal keeps the key; a new amount is a new intent; then the new schedule replaces the page', async () => {
    const r = runApply(applyCases.inputs.fresh);
    r.loads[0]!.resolve(applyCases.LOADED);
    await flush();
    expect(r.actor.getSnapshot().context).toMatchObject({ amount: 20000, cardId: 'c1', idempotencyKey: null });
    r.actor.send({ type: 'schedule.tapped' });
    r.actor.send({ type: 'schedule.tapped' });
    expect(r.sends).toHaveLength(1);
    expect(r.sends[0]!.payload).toEqual({ productId: '1', expectBorrowAmount: 20000, cardId: 'c1' });
    const key = r.sends[0]!.key;
    r.sends[0]!.d.reject(applyCases.REFUSAL);
    await flush();
    expect(r.actor.getSnapshot().context.notice).toEqual({ server: applyCases.REFUSAL.message });
    r.actor.send({ type: 'schedule.tapped' });
    expect(r.sends[1]!.key).toBe(key);
    r.sends[1]!.d.reject(applyCases.REFUSAL);
    await flush();
    r.actor.send({ type: 'amount.changed', amount: 5000 });
    await flush();
    r.actor.send({ type: 'card.selected', cardId: 'c2' });
    expect(r.actor.getSnapshot().context.idempotencyKey).toBeNull();
    r.actor.send({ type: 'schedule.tapped' });
    expect(r.sends[2]!.payload).toEqual({ productId: '1', expectBorrowAmount: 5000, cardId: 'c2' });
    expect(r.sends[2]!.key).not.toBe(key);
    r.sends[2]!.d.resolve(scheduled('41', 0));
    await flush();
    expect(r.navigations).toEqual([{ to: '/schedule/41?pid=1', replace: true }]);
    expect(r.drafts.at(-1)).toBeNull();
  });

  it("no card: the spec's message, nothing sent; a reload mid-request sends the draft's key with the draft's intent", async () => {
    const none = runApply(applyCases.inputs.fresh);
    none.loads[0]!.resolve(applyCases.LOADED_NO_CARDS);
    await flush();
    none.actor.send({ type: 'schedule.tapped' });
    expect(none.sends).toHaveLength(0);
    expect(none.actor.getSnapshot().context.notice).toEqual(say<ScheduleKey>('noCard'));
    expect(textFor(scheduleText, 'en').said(none.actor.getSnapshot().context.notice!)).toBe('Please Select or Add Bank Account');
    const reloaded = runApply(applyCases.inputs.reloadedWhileSubmitting);
    reloaded.loads[0]!.resolve(applyCases.LOADED);
    await flush();
    reloaded.actor.send({ type: 'schedule.tapped' });
    expect(reloaded.sends.map((s) => s.key)).toEqual([applyCases.DRAFT_KEY]);
  });
});

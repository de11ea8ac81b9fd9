/**
 * The rating prompt (/rate) and the rating audit page (/orders/audit): their rules, transition
 * coverage of the generated paths, invariants along every path, and the running machines (the 1 s
 * close on a simulated clock, one request per Refresh, 10 → finish once).
 */
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { rateMachine } from '../../machines/rating/rate.machine';
import * as rateCases from '../../machines/rating/rate.cases';
import { ratingAuditMachine } from '../../machines/rating/rating-audit.machine';
import * as auditCases from '../../machines/rating/rating-audit.cases';
import { NO_SHELL, REFUSED, TIMEOUT } from '../../machines/rating/rating.fixtures';
import { bridgeFailure, CLOSE_DELAY_MS, FINISHED_STATE, isFinished, RATING_PROJECT, STORE_REVIEW_PROJECT, storeMessage } from '../../machines/rating/rating.rules';
import type { Order } from '../../contract/orders';
import { ratingText } from '../../i18n/en/rating';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { deferred, type Deferred } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';

const ratePaths = generatePaths(rateMachine, { cases: rateCases.cases, serialize: rateCases.serialize });
const auditPaths = generatePaths(ratingAuditMachine, { cases: auditCases.cases, inputs: auditCases.inputs, serialize: auditCases.serialize });

describe('rating rules', () => {
  it('spec §9: close after 1 s; §4: 10 finishes, nothing else does', () => {
    expect(CLOSE_DELAY_MS).toBe(1000);
    expect(FINISHED_STATE).toBe(10);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 11].some(isFinished)).toBe(false);
    expect(isFinished(10)).toBe(true);
  });

  it('reads the bridge failure kinds; anything else is other', () => {
    expect([NO_SHELL, TIMEOUT, REFUSED].map(bridgeFailure)).toEqual(['no-shell', 'timeout', 'refused']);
    expect([new Error('x'), null, 'no-shell', { kind: 'weird' }].map(bridgeFailure)).toEqual(['other', 'other', 'other', 'other']);
    expect(ratingText.en[storeMessage(NO_SHELL)]).toBe('Please rate us in the app store.');
    expect(storeMessage(TIMEOUT)).toBe('storeFailed');
  });

  it('names the analytics projects (spec §9), distinct', () => {
    expect(RATING_PROJECT).toBeTruthy();
    expect(STORE_REVIEW_PROJECT).toBeTruthy();
    expect(RATING_PROJECT).not.toBe(STORE_REVIEW_PROJECT);
  });

  it('keeps the spec texts verbatim', () => {
    expect(ratingText.en.auditing).toBe('In Auditing...');
    expect(ratingText.en.evaluateUs).toBe('Evaluate Us');
    expect(ratingText.en.toEvaluate).toBe('To Evaluate');
    expect(ratingText.en.infoTitle).toBe('Info');
    expect(ratingText.en.fiveStars).toMatch(/5 stars/);
    expect(ratingText.en.growth).toMatch(/gradually increase with your credit history and repayment/);
  });
});

describe('the rating prompt machine', () => {
  it('the generated paths cover every transition', () => {
    const coverage = transitionCoverage(rateMachine, ratePaths);
    expect(coverage.missing, formatCoverage('rate', coverage)).toEqual([]);
  });

  it('closes only after the 1 s wait, along every path; never while idle', () => {
    for (const path of ratePaths)
      for (const [i, step] of path.steps.entries()) {
        const prev = path.steps[i - 1]?.state;
        if (step.state.matches('closing')) expect(prev?.matches('waiting') || prev?.matches('closing')).toBe(true);
        if (step.state.matches('outside')) expect(step.state.context.notice).not.toBeNull();
      }
  });

  function running() {
    const clock = new SimulatedClock();
    const opened: Deferred<void>[] = [];
    const closed: Deferred<void>[] = [];
    const machine = rateMachine.provide({
      actors: {
        openStoreReview: fromPromise(() => (opened.push(deferred<void>()), opened.at(-1)!.promise)),
        closeWebview: fromPromise(() => (closed.push(deferred<void>()), closed.at(-1)!.promise)),
      },
    });
    const actor = createActor(machine, { clock }).start();
    return { actor, clock, opened, closed };
  }

  it('Evaluate Us: the store page, then the close exactly 1 s later; taps meanwhile ignored', async () => {
    const { actor, clock, opened, closed } = running();
    actor.send({ type: 'evaluate.tapped' });
    actor.send({ type: 'evaluate.tapped' });
    actor.send({ type: 'cancel.tapped' });
    expect(opened).toHaveLength(1);
    opened[0]!.resolve();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('waiting')).toBe(true));
    clock.increment(CLOSE_DELAY_MS - 1);
    expect(closed).toHaveLength(0);
    clock.increment(1);
    expect(closed).toHaveLength(1);
    closed[0]!.resolve();
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
  });

  it('Cancel: the close 1 s later, no store page', () => {
    const { actor, clock, opened, closed } = running();
    actor.send({ type: 'cancel.tapped' });
    clock.increment(999);
    expect(closed).toHaveLength(0);
    clock.increment(1);
    expect(closed).toHaveLength(1);
    expect(opened).toHaveLength(0);
  });
});

describe('the rating audit machine', () => {
  it('the generated paths cover every transition', () => {
    const coverage = transitionCoverage(ratingAuditMachine, auditPaths);
    expect(coverage.missing, formatCoverage('ratingAudit', coverage)).toEqual([]);
  });

  it('finishes only after an order in state 10; the Info dialog only after a failed check', () => {
    for (const path of auditPaths)
      for (const [i, step] of path.steps.entries()) {
        const prev = path.steps[i - 1];
        if (step.state.hasTag('finishing') && !prev?.state.hasTag('finishing')) {
          expect((step.event as { output?: Order }).output?.orderState).toBe(10);
        }
        if (step.state.hasTag('info')) expect(step.state.context.error).toBeTruthy();
        if (path.input?.orderId === null) expect(step.state.hasTag('refreshing')).toBe(false);
      }
  });

  function running(orderId: string | null = auditCases.ORDER_ID) {
    const loads: Deferred<Order>[] = [];
    const finish = vi.fn(() => Promise.resolve());
    const machine = ratingAuditMachine.provide({
      actors: {
        loadOrder: fromPromise(() => (loads.push(deferred<Order>()), loads.at(-1)!.promise)),
        finish: fromPromise(finish),
        openStoreReview: fromPromise(() => Promise.resolve()),
      },
    });
    const actor = createActor(machine, { input: { orderId } }).start();
    return { actor, loads, finish };
  }

  it('one request per Refresh, however many taps; 10 → finish once', async () => {
    const { actor, loads, finish } = running();
    actor.send({ type: 'refresh.tapped' });
    actor.send({ type: 'refresh.tapped' });
    expect(loads).toHaveLength(1);
    loads[0]!.resolve(auditCases.order(1));
    await vi.waitFor(() => expect(actor.getSnapshot().context.status).toBe('stillInReview'));
    expect(finish).not.toHaveBeenCalled();
    actor.send({ type: 'refresh.tapped' });
    loads[1]!.resolve(auditCases.order(10));
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('finished')).toBe(true));
    actor.send({ type: 'refresh.tapped' });
    expect(loads).toHaveLength(2);
    expect(finish).toHaveBeenCalledTimes(1);
  });

  it('without an orderId: the message, and Refresh does nothing', () => {
    const { actor, loads } = running('  ');
    expect(actor.getSnapshot().hasTag('noOrder')).toBe(true);
    actor.send({ type: 'refresh.tapped' });
    expect(loads).toHaveLength(0);
  });
});

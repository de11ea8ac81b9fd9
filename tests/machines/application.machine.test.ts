import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { applicationMachine, type ApplicationDraft, type ApplicationInput } from '../../machines/application/application.machine';
import {
  BARE_CONFIG,
  CARDS,
  CONFIG,
  DENIED,
  DRAFT_KEY,
  FIGURES,
  inputs,
  LOADED,
  MAY_APPLY,
  OPEN_ORDER,
  OTHER_AMOUNT,
  PRODUCT,
  TODAY,
  cases,
  serialize,
} from '../../machines/application/application.cases';
import { say, type Said } from '../../i18n/core';
import { applicationText, type ApplicationKey } from '../../i18n/en/application';
import { textFor } from '../../src/ui/text';
import {
  applyPayload,
  CALCULATE_DEBOUNCE_MS,
  chooseCard,
  defaultAmount,
  deniedWait,
  keyFacts,
  LEAVE_AFTER_APPLY_MS,
  maskCardNo,
  restoreAmount,
} from '../../machines/application/application.rules';
import type { ApplyPayload, CalculateQuery, CalculationResult } from '../../contract/loans';
import type { LenderKfs } from '../../contract/kfs';
import type { Offered } from '../../contract/offered';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { generatePaths } from '../../model-testing/paths';
import { stepNavigations } from '../../model-testing/actions';
import type { ActorDoneCase } from '../../machines/shared/cases';
import { safeRedirect } from '../../machines/shared/paths';
import { deferred, type Deferred } from '../support/fakes';

const paths = generatePaths(applicationMachine, { cases, inputs, serialize });
/** What the borrower reads in English (the spec's texts, verbatim). */
const shown = (said: Said<ApplicationKey> | null) => (said ? textFor(applicationText, 'en').said(said) : null);

describe('application rules', () => {
  it('defaults to the largest amount; keeps a restored amount only while offered', () => {
    expect(defaultAmount([3000, 5000, 20000])).toBe(20000);
    expect(defaultAmount([])).toBeNull();
    expect(restoreAmount([3000, 5000], 3000)).toBe(3000);
    expect(restoreAmount([3000, 5000], 4000)).toBe(5000);
    expect(restoreAmount([3000, 5000], null)).toBe(5000);
  });

  it('picks ?bank_id=, else the card chosen before, else the first; none without cards', () => {
    expect(chooseCard(CARDS, 'c2', 'c1')).toBe('c2');
    expect(chooseCard(CARDS, 'gone', 'c2')).toBe('c2');
    expect(chooseCard(CARDS, null, 'gone')).toBe('c1');
    expect(chooseCard([], 'c2', 'c1')).toBeNull();
  });

  it('shows card numbers by their last 4 digits only', () => {
    expect(maskCardNo('123456789012')).toBe('•••• 9012');
    expect(maskCardNo('12 34')).toBe('•••• 1234');
  });

  it("builds the apply payload with the product's period; autoMoney is the amount only when auto-get-money is on", () => {
    expect(applyPayload({ pid: '1', amount: 20000, cardId: 'c1', autoGetMoney: 1, period: 91 })).toEqual({
      cardId: 'c1',
      borrowAmount: 20000,
      periods: 91,
      productId: '1',
      checkEmail: 0,
      autoGetMoney: 1,
      autoMoney: 20000,
    });
    expect(applyPayload({ pid: '1', amount: 5000, cardId: 'c2', autoGetMoney: 0, period: 91 })).toMatchObject({ autoGetMoney: 0, autoMoney: 0 });
  });

  it("sends a denial to the countdown the precheck gives, or the spec's 15 days", () => {
    expect(deniedWait(DENIED)).toEqual({ day: 14, hour: 6 });
    expect(deniedWait({ orderStatus: 0 })).toEqual({ day: 15, hour: 0 });
  });

  it('the Key Fact Statement: net disbursed, total repayable, due date, APR on the net disbursed, penal charge per day, lender and grievance officer', () => {
    const kfs = keyFacts({ amount: 20000, product: PRODUCT, figures: FIGURES, config: CONFIG, today: TODAY });
    expect(kfs).toMatchObject({
      sanctioned: 20000,
      tenureDays: 91,
      interest: 1638,
      dailyRate: 0.0009,
      processingFee: 600,
      gst: 108,
      netDisbursed: 19292,
      totalRepayable: 21638,
      dueDate: '2025-04-11',
      penalChargePerDay: 0.001,
      penalChargePerDayAmount: 20,
      coolingOffDays: 3,
      lender: { name: 'Sandbox Finance Private Limited', rbiRegistration: 'N-14.03456' },
      grievanceOfficer: { name: 'Priya Raman', phone: '+91 80 4718 2099', email: 'grievance@borrower.example' },
    });
    expect(kfs.apr! * 100).toBeCloseTo(46.06, 1);
    // The lender's own net disbursed amount and due date win when it sends them.
    const sent = keyFacts({ amount: 20000, product: PRODUCT, figures: { ...FIGURES, arriveAmount: 19300, dueDate: '2025-04-12' }, config: CONFIG, today: TODAY });
    expect(sent).toMatchObject({ netDisbursed: 19300, dueDate: '2025-04-12' });
  });

  it('says what the lender did not send, as missing (never invented)', () => {
    const kfs = keyFacts({ amount: 20000, product: PRODUCT, figures: FIGURES, config: { ...BARE_CONFIG, lender: { name: ' ', rbiRegistration: '', address: '', website: '' } }, today: TODAY });
    expect(kfs.penalChargePerDay).toBeNull();
    expect(kfs.penalChargePerDayAmount).toBeNull();
    expect(kfs.coolingOffDays).toBeNull();
    expect(kfs.foreclosureFee).toBeNull();
    expect(kfs.lender).toEqual({ name: null, rbiRegistration: null });
    expect(kfs.grievanceOfficer).toEqual({ name: null, phone: null, email: null });
  });
});

describe('application machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(applicationMachine, paths);
    expect(coverage.missing, formatCoverage('application', coverage)).toEqual([]);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const step of path.steps) {
      const s = step.state;
      const c = s.context;
      if (s.hasTag('applying')) {
        expect(c.idempotencyKey).not.toBeNull();
        expect(c.acknowledged).toBe(true);
        expect(c.cardId).not.toBeNull();
        expect(c.figures).not.toBeNull();
      }
      // The KFS acknowledgement is only ever for figures on screen.
      if (c.acknowledged && s.status === 'active') expect(s.hasTag('figuresReady')).toBe(true);
      if (s.hasTag('calculating')) expect(c.figures).toBeNull();
      if (s.matches('failed')) expect(c.loadError).toBeTruthy();
      if (s.matches({ confirming: { calculation: 'failed' } })) expect(c.calculateError).toBeTruthy();
    }
  });

  it('some path meets precheck 2', () => {
    expect(paths.some((p) => p.steps.some((s) => 'output' in s.event && s.event.output === OPEN_ORDER))).toBe(true);
  });

  it.each(paths.map((p) => [p.title, p] as const))('where it goes: %s', (_, path) => {
    const navigations = stepNavigations(applicationMachine, path);
    path.steps.forEach((step, i) => {
      // Precheck 2: Loan History replaces the page, told which product was refused; nothing else.
      if (step.event.type === 'xstate.done.actor.precheck' && (step.event as ActorDoneCase).output === OPEN_ORDER) {
        expect(navigations[i]).toEqual([{ to: '/orders?blocked=1', replace: true }]);
        expect(step.state.status).toBe('done');
      }
      for (const { to } of navigations[i]!) expect(safeRedirect(to)).toBe(to);
    });
    // The schedule page is reached from Loan History's notice, never straight from the confirmation.
    expect(navigations.flat().map((n) => n.to)).not.toContainEqual(expect.stringMatching(/\/schedule/));
  });
});

/** The machine with deferred calls, a simulated clock and recorded effects (keys from the machine's own deterministic id source). */
function run(input: ApplicationInput, extra: Partial<Parameters<typeof applicationMachine.provide>[0]['actors']> = {}) {
  const calls = {
    precheck: [] as Deferred<typeof MAY_APPLY>[],
    loadPage: [] as Deferred<typeof LOADED>[],
    calculate: [] as { query: CalculateQuery; d: Deferred<CalculationResult>; signal: AbortSignal }[],
    apply: [] as { payload: ApplyPayload; idempotencyKey: string; d: Deferred<void> }[],
  };
  const navigations: { to: string; replace?: boolean }[] = [];
  const drafts: (ApplicationDraft | null)[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    applicationMachine.provide({
      actors: {
        precheck: fromPromise(() => {
          const d = deferred<typeof MAY_APPLY>();
          calls.precheck.push(d);
          return d.promise;
        }),
        loadPage: fromPromise(() => {
          const d = deferred<typeof LOADED>();
          calls.loadPage.push(d);
          return d.promise;
        }),
        calculate: fromPromise(({ input, signal }) => {
          const d = deferred<CalculationResult>();
          calls.calculate.push({ query: input, d, signal });
          return d.promise;
        }),
        apply: fromPromise(({ input }) => {
          const d = deferred<void>();
          calls.apply.push({ ...input, d });
          return d.promise;
        }),
        ...extra,
      },
      actions: {
        navigate: (_, p) => void navigations.push(p),
        persistDraft: (_, { draft }) => void drafts.push(draft),
        clearDraft: () => void drafts.push(null),
      },
    }),
    { input, clock },
  ).start();
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return { actor, calls, navigations, drafts, clock, tick };
}

async function confirming(input: ApplicationInput = inputs.fresh) {
  const r = run(input);
  r.calls.precheck[0]!.resolve(MAY_APPLY);
  r.calls.loadPage[0]!.resolve(LOADED);
  await r.tick();
  return r;
}

describe('application machine with provided effects', () => {
  it('precheck 0 replaces the page with the denial and its countdown; 2 with Loan History, told which product was refused', async () => {
    const denied = run(inputs.fresh);
    denied.calls.precheck[0]!.resolve(DENIED);
    await denied.tick();
    expect(denied.navigations).toEqual([{ to: '/product/1/denied?day=14&hour=6', replace: true }]);
    expect(denied.actor.getSnapshot().status).toBe('done');
    const open = run(inputs.fresh);
    open.calls.precheck[0]!.resolve(OPEN_ORDER);
    await open.tick();
    expect(open.navigations).toEqual([{ to: '/orders?blocked=1', replace: true }]);
    expect(open.actor.getSnapshot().status).toBe('done');
  });

  it("asks for the largest amount's figures with the product's period, once the page has loaded", async () => {
    const r = await confirming();
    expect(r.calls.calculate.map((c) => c.query)).toEqual([{ amount: 20000, period: 91, productId: '1' }]);
    expect(r.actor.getSnapshot().context).toMatchObject({ amount: 20000, cardId: 'c1', autoGetMoney: 1 });
  });

  it("asks the figures and the lender's KFS side by side: the page is ready once both have answered, in either order", async () => {
    const issued: Deferred<Offered<LenderKfs>>[] = [];
    const r = run(inputs.fresh, {
      issueKfs: fromPromise(() => {
        const d = deferred<Offered<LenderKfs>>();
        issued.push(d);
        return d.promise;
      }),
    });
    r.calls.precheck[0]!.resolve(MAY_APPLY);
    r.calls.loadPage[0]!.resolve(LOADED);
    await r.tick();
    // One round trip after the page's data: both calls are under way before either answers.
    expect(r.calls.calculate).toHaveLength(1);
    expect(issued).toHaveLength(1);
    issued[0]!.resolve({ offered: false });
    await r.tick();
    expect(r.actor.getSnapshot().hasTag('figuresReady')).toBe(false);
    r.calls.calculate[0]!.d.resolve(FIGURES);
    await r.tick();
    expect(r.actor.getSnapshot().hasTag('figuresReady')).toBe(true);
  });

  it('debounces quick amount changes into one calculation and cancels the one in flight: an older answer never shows', async () => {
    const r = await confirming();
    const first = r.calls.calculate[0]!;
    r.actor.send({ type: 'amount.changed', amount: 10000 });
    expect(first.signal.aborted).toBe(true);
    r.clock.increment(CALCULATE_DEBOUNCE_MS - 1);
    r.actor.send({ type: 'amount.changed', amount: OTHER_AMOUNT });
    r.clock.increment(CALCULATE_DEBOUNCE_MS - 1);
    expect(r.calls.calculate).toHaveLength(1);
    r.clock.increment(1);
    expect(r.calls.calculate.map((c) => c.query.amount)).toEqual([20000, OTHER_AMOUNT]);
    first.d.resolve({ ...FIGURES, repaymentAmount: 1 });
    await r.tick();
    expect(r.actor.getSnapshot().context.figures).toBeNull();
    const answer = { repaymentAmount: 5410, serviceFee: 150, gstFee: 27, interest: 410 };
    r.calls.calculate[1]!.d.resolve(answer);
    await r.tick();
    expect(r.actor.getSnapshot().context.figures).toEqual(answer);
    expect(r.drafts.at(-1)).toMatchObject({ amount: OTHER_AMOUNT });
  });

  it('applies once per intent: the key is made at the tap, kept for a retry, dropped by a change; success goes to Loan History (?submitted=) after 300 ms', async () => {
    const r = await confirming();
    r.calls.calculate[0]!.d.resolve(FIGURES);
    await r.tick();
    r.actor.send({ type: 'apply.tapped' });
    expect(r.actor.getSnapshot().context.notice).toEqual(say('acknowledge'));
    r.actor.send({ type: 'kfs.toggled', accepted: true });
    r.actor.send({ type: 'apply.tapped' });
    r.actor.send({ type: 'apply.tapped' });
    expect(r.calls.apply).toHaveLength(1);
    const key = r.calls.apply[0]!.idempotencyKey;
    expect(r.drafts.at(-1)).toEqual({ amount: 20000, cardId: 'c1', autoGetMoney: 1, idempotencyKey: key });
    expect(r.calls.apply[0]!.payload).toEqual({ cardId: 'c1', borrowAmount: 20000, periods: 91, productId: '1', checkEmail: 0, autoGetMoney: 1, autoMoney: 20000 });
    // A lost answer: the same key again.
    r.calls.apply[0]!.d.reject(new Error('Network error'));
    await r.tick();
    expect(r.actor.getSnapshot().context.notice).toEqual({ server: 'Network error' });
    r.actor.send({ type: 'apply.tapped' });
    expect(r.calls.apply[1]!.idempotencyKey).toBe(key);
    r.calls.apply[1]!.d.reject(new Error('Bank busy'));
    await r.tick();
    // The toggle is a new intent: a new key (the acknowledgement stays: the KFS is the same).
    r.actor.send({ type: 'autoGetMoney.toggled' });
    expect(r.actor.getSnapshot().context.idempotencyKey).toBeNull();
    r.actor.send({ type: 'apply.tapped' });
    const third = r.calls.apply[2]!;
    expect(third.idempotencyKey).not.toBe(key);
    expect(third.payload).toMatchObject({ autoGetMoney: 0, autoMoney: 0 });
    third.d.resolve();
    await r.tick();
    expect(r.drafts.at(-1)).toBeNull();
    r.clock.increment(LEAVE_AFTER_APPLY_MS - 1);
    expect(r.navigations).toEqual([]);
    r.clock.increment(1);
    expect(r.navigations).toEqual([{ to: '/orders?submitted=1', replace: true }]);
    expect(r.calls.apply).toHaveLength(3);
  });

  it('a new amount or card unticks the KFS; nothing is sent without a card', async () => {
    const r = await confirming();
    r.calls.calculate[0]!.d.resolve(FIGURES);
    await r.tick();
    r.actor.send({ type: 'kfs.toggled', accepted: true });
    r.actor.send({ type: 'card.selected', cardId: 'c2' });
    expect(r.actor.getSnapshot().context).toMatchObject({ cardId: 'c2', acknowledged: false });
    r.actor.send({ type: 'kfs.toggled', accepted: true });
    r.actor.send({ type: 'amount.changed', amount: OTHER_AMOUNT });
    expect(r.actor.getSnapshot().context.acknowledged).toBe(false);
    // Not while the figures are being asked.
    r.actor.send({ type: 'kfs.toggled', accepted: true });
    expect(r.actor.getSnapshot().context.acknowledged).toBe(false);

    const none = run(inputs.fresh);
    none.calls.precheck[0]!.resolve(MAY_APPLY);
    none.calls.loadPage[0]!.resolve({ ...LOADED, cards: [] });
    await none.tick();
    none.actor.send({ type: 'apply.tapped' });
    expect(shown(none.actor.getSnapshot().context.notice)).toBe('Please Select or Add Bank Account');
    expect(none.calls.apply).toHaveLength(0);
  });

  it("a reload during the apply restores the intent and its key: the same key goes again; ?bank_id= wins over the draft's card (a new intent)", async () => {
    const r = await confirming(inputs.reloadedWhileApplying);
    expect(r.actor.getSnapshot().context).toMatchObject({ amount: 20000, cardId: 'c1', idempotencyKey: DRAFT_KEY });
    r.calls.calculate[0]!.d.resolve(FIGURES);
    await r.tick();
    r.actor.send({ type: 'kfs.toggled', accepted: true });
    r.actor.send({ type: 'apply.tapped' });
    expect(r.calls.apply[0]!.idempotencyKey).toBe(DRAFT_KEY);

    const picked = await confirming(inputs.cardPicked);
    expect(picked.actor.getSnapshot().context).toMatchObject({ amount: OTHER_AMOUNT, cardId: 'c2', autoGetMoney: 0, idempotencyKey: null });
  });
});

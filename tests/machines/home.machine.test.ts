import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { say, type Said } from '../../i18n/core';
import { homeText, type HomeKey } from '../../i18n/en/home';
import { homeMachine } from '../../machines/home/home.machine';
import { cases, inputs, LOAD_FAILURE, MULTI, NO_OPEN_ORDERS, OPEN_ORDERS, order, serialize, SINGLE } from '../../machines/home/home.cases';
import type { ActorDoneCase } from '../../machines/shared/cases';
import { safeRedirect } from '../../machines/shared/paths';
import { stepNavigations } from '../../model-testing/actions';
import { textFor } from '../../src/ui/text';
import { applyDecision, canSchedule, hasOpenOrderFor, inProgressTarget, showsSchedules } from '../../machines/home/home.rules';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { generatePaths } from '../../model-testing/paths';

const paths = generatePaths(homeMachine, { cases, inputs, serialize });

describe('home rules', () => {
  it('in-progress items: 1 audit, 2 confirm, 6 or 8 detail, else the order list; the id is encoded', () => {
    expect([1, 2, 6, 8, 11].map((state) => inProgressTarget('a/b', state))).toEqual([
      '/orders/a%2Fb/audit',
      '/orders/a%2Fb/confirm',
      '/orders/a%2Fb/detail',
      '/orders/a%2Fb/detail',
      '/orders',
    ]);
  });

  it('an open order blocks its product; an order without a productId counts for any product', () => {
    expect(hasOpenOrderFor([order(4, { productId: '1' })], '1')).toBe(true);
    expect(hasOpenOrderFor([order(4, { productId: '2' })], '1')).toBe(false);
    expect(hasOpenOrderFor([order(4)], '1')).toBe(true);
    expect(hasOpenOrderFor([order(7)], '1')).toBe(false);
  });

  it('applying: single layout checks orders; multi layout goes by browser and product type', () => {
    const env = { androidBrowser: false, androidDownloadUrl: 'https://play.example/app' };
    const safe = (raw: string) => (raw.startsWith('https://') ? raw : null);
    expect(applyDecision(SINGLE, '1', env, safe)).toEqual({ kind: 'checkOrders' });
    expect(applyDecision(MULTI, '1', env, safe)).toEqual({ kind: 'verify' });
    expect(applyDecision(MULTI, '2', env, safe)).toEqual({ kind: 'ignore' });
    expect(applyDecision(MULTI, '3', env, safe)).toEqual({ kind: 'external', url: 'https://partner.example/loan' });
    expect(applyDecision(MULTI, '4', env, safe)).toEqual({ kind: 'linkBroken' });
    expect(applyDecision(MULTI, '1', { ...env, androidBrowser: true }, safe)).toEqual({ kind: 'download', url: env.androidDownloadUrl });
    expect(applyDecision(null, '1', env, safe)).toEqual({ kind: 'ignore' });
  });
});

describe('home rules: scheduled applications', () => {
  it("a full product of the multi layout offers scheduling, unless it is a partner's link", () => {
    const [open, full, partner] = MULTI.homeProductVos;
    expect(canSchedule(2, full!)).toBe(true);
    expect(canSchedule(2, open!)).toBe(false);
    expect(canSchedule(2, { ...partner!, isFull: 1 })).toBe(false);
    expect(canSchedule(1, full!)).toBe(false);
  });

  it('home links to the Schedule List only when the list is known to hold one', () => {
    expect(showsSchedules(null)).toBe(false);
    expect(showsSchedules([])).toBe(false);
    expect(showsSchedules([{ state: 3 }])).toBe(true);
  });
});

describe('home machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(homeMachine, paths);
    expect(coverage.missing, formatCoverage('home', coverage)).toEqual([]);
    expect(coverage.total).toBeGreaterThan(10);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const step of path.steps) {
      const s = step.state;
      // Invariants in every state the path reaches.
      if (s.matches('ready')) expect(s.context.home).not.toBeNull();
      if (s.matches('failed')) expect(s.context.error).toBeTruthy();
      if (s.matches('checkingOrders')) {
        expect(s.context.home?.userStatus).toBe(1);
        expect(s.context.applyingFor).not.toBeNull();
        expect(s.hasTag('busy')).toBe(true);
      } else expect(s.context.applyingFor).toBeNull();
    }
  });

  it('some path meets an open order found', () => {
    expect(paths.some((p) => p.steps.some((s) => 'output' in s.event && s.event.output === OPEN_ORDERS))).toBe(true);
  });

  it.each(paths.map((p) => [p.title, p] as const))('where it goes: %s', (_, path) => {
    const navigations = stepNavigations(homeMachine, path);
    path.steps.forEach((step, i) => {
      // Single layout, an open order for the product: Loan History, told which product, says why.
      if (step.event.type === 'xstate.done.actor.loadOrders' && (step.event as ActorDoneCase).output === OPEN_ORDERS)
        expect(navigations[i]).toEqual([{ to: '/orders?blocked=1', replace: false }]);
      if (step.event.type === 'xstate.done.actor.loadOrders' && (step.event as ActorDoneCase).output === NO_OPEN_ORDERS)
        expect(navigations[i]).toEqual([{ to: '/auth/index?pid=1', replace: false }]);
      for (const { to } of navigations[i]!) expect(safeRedirect(to)).toBe(to);
    });
  });
});

describe('home machine: what it says (by key, or the server\'s msg as it came)', () => {
  const start = (load: () => Promise<typeof MULTI>) => {
    const toasts: Said<HomeKey>[] = [];
    const actor = createActor(
      homeMachine.provide({
        actors: { loadHome: fromPromise(load) },
        actions: { showToast: (_, { message }) => void toasts.push(message), openExternal: () => {}, navigate: () => {} },
      }),
      { input: inputs.iphone },
    ).start();
    return { actor, toasts };
  };

  it("a failed load: the server's msg, else 'failed'", async () => {
    const served = start(() => Promise.reject(LOAD_FAILURE));
    await waitFor(served.actor, (s) => s.matches('failed'));
    expect(served.actor.getSnapshot().context.error).toEqual({ server: LOAD_FAILURE.message });
    const silent = start(() => Promise.reject(new Error('')));
    await waitFor(silent.actor, (s) => s.matches('failed'));
    expect(silent.actor.getSnapshot().context.error).toEqual(say('failed'));
    expect(textFor(homeText, 'en').said(say<HomeKey>('failed'))).toBe('Something went wrong. Please try again.');
  });

  it("a partner link that is not http(s): 'linkBroken' in a toast", async () => {
    const { actor, toasts } = start(() => Promise.resolve(MULTI));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'product.applied', productId: '4' });
    expect(toasts).toEqual([say('linkBroken')]);
    expect(textFor(homeText, 'en').said(toasts[0]!)).toBe('This product is not available right now.');
  });
});

import { describe, expect, it } from 'vitest';
import { ordersMachine } from '../../machines/orders/orders.machine';
import { cases, inputs, PRODUCTS, serialize } from '../../machines/orders/orders.cases';
import { arriveLabel, blockedNotice, blockedProductOf, inReviewOrder, submittedNotice, submittedProductOf } from '../../machines/orders/orders.rules';
import { paths as appPaths, safeRedirect } from '../../machines/shared/paths';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { generatePaths } from '../../model-testing/paths';

const paths = generatePaths(ordersMachine, { cases, inputs, serialize });

describe('Loan History opened with a reason: the address and the notice', () => {
  it('the reason travels in the address, survives the sign-in redirect, and reads back', () => {
    expect(appPaths.orders.href()).toBe('/orders');
    expect(appPaths.orders.href({ blocked: null })).toBe('/orders');
    expect(appPaths.orders.href({ blocked: '1' })).toBe('/orders?blocked=1');
    expect(appPaths.orders.href({ blocked: 'a b&c' })).toBe('/orders?blocked=a+b%26c');
    expect(blockedProductOf('?blocked=1')).toBe('1');
    expect(blockedProductOf('blocked=a+b%26c')).toBe('a b&c');
    expect(blockedProductOf('')).toBeNull();
    expect(blockedProductOf('?blocked=')).toBeNull();
    expect(blockedProductOf('?blocked=%20')).toBeNull();
    expect(safeRedirect('/orders?blocked=1')).toBe('/orders?blocked=1');
  });

  it("names the product and offers to schedule it when home lists it as the app's own", () => {
    expect(blockedNotice('1', PRODUCTS)).toEqual({ pid: '1', name: 'Rupee Rise', schedulable: true });
    // A backend that sends no productType: the app's own, as home's Schedule link reads it.
    expect(blockedNotice('1', [{ id: '1', name: 'Rupee Rise', productType: null }])).toEqual({ pid: '1', name: 'Rupee Rise', schedulable: true });
  });

  it("offers nothing for a partner's product, or one home does not list (or could not be read)", () => {
    expect(blockedNotice('4', PRODUCTS)).toEqual({ pid: '4', name: 'Saathi Credit', schedulable: false });
    expect(blockedNotice('9', PRODUCTS)).toEqual({ pid: '9', name: null, schedulable: false });
    expect(blockedNotice('1', null)).toEqual({ pid: '1', name: null, schedulable: false });
    expect(blockedNotice('1', [{ id: '1', name: '  ', productType: 1 }])).toEqual({ pid: '1', name: null, schedulable: true });
  });
});

describe('Loan History after APPLY NOW: the address, the notice and the order it follows', () => {
  it('the product applied for travels in the address and reads back', () => {
    expect(appPaths.orders.href({ submitted: '1' })).toBe('/orders?submitted=1');
    expect(appPaths.orders.href({ blocked: null, submitted: null })).toBe('/orders');
    expect(submittedProductOf('?submitted=1')).toBe('1');
    expect(submittedProductOf('?submitted=%20')).toBeNull();
    expect(submittedProductOf('?blocked=1')).toBeNull();
    expect(safeRedirect('/orders?submitted=1')).toBe('/orders?submitted=1');
  });

  it('names the product home lists, else none', () => {
    expect(submittedNotice('1', PRODUCTS)).toEqual({ pid: '1', name: 'Rupee Rise' });
    expect(submittedNotice('9', PRODUCTS)).toEqual({ pid: '9', name: null });
    expect(submittedNotice('1', null)).toEqual({ pid: '1', name: null });
  });

  it("follows the product's order in review (1), by productId when the list sends it", () => {
    const o = (orderId: string, orderState: number, productId: string | null = null) => ({ orderId, orderState, productId });
    expect(inReviewOrder([o('7', 6, '1'), o('8', 1, '2'), o('9', 1, '1')], '1')).toBe('9');
    expect(inReviewOrder([o('9', 1)], '1')).toBe('9');
    expect(inReviewOrder([o('9', 2, '1'), o('10', 4, '1')], '1')).toBeNull();
    expect(inReviewOrder([], '1')).toBeNull();
  });
});

describe('Loan History: what reaches the account is worded by where the money is', () => {
  it.each([
    [1, 'willReceive'],
    [2, 'willReceive'],
    [4, 'willReceive'],
    [6, 'amountReceived'],
    [7, 'amountReceived'],
    [8, 'amountReceived'],
    [11, 'amountReceived'],
    [3, 'afterFees'],
    [5, 'afterFees'],
    [9, 'afterFees'],
  ] as const)('state %i: %s', (state, key) => {
    expect(arriveLabel(state)).toBe(key);
  });
});

describe('orders machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(ordersMachine, paths);
    expect(coverage.missing, formatCoverage('orders', coverage)).toEqual([]);
  });

  it('takes each input: no reason, an own product, a partner product, an application just sent', () => {
    expect(new Set(paths.map((p) => p.inputName))).toEqual(new Set(Object.keys(inputs)));
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    const blocked = path.input?.blocked ?? null;
    const submitted = path.input?.submitted ?? null;
    for (const step of path.steps) {
      const s = step.state;
      const { notice } = s.context;
      // Each notice exists exactly when the address gave its reason, for that product.
      if (blocked === null) expect(notice).toBeNull();
      else expect(notice?.pid).toBe(blocked);
      if (submitted === null) expect(s.context.submitted).toBeNull();
      else expect(s.context.submitted?.pid).toBe(submitted);
      // Without a reason there is nothing to look up.
      if (blocked === null && submitted === null) expect(s.matches({ loading: { reason: 'finding' } })).toBe(false);
      // The page shows once both the list and the reason are settled: the notice never pushes the list down.
      if (s.matches('ready') || s.matches('refreshing')) {
        expect(s.context.orders).not.toBeNull();
        const lookedUp = path.steps.some((x) => x.event.type === 'xstate.done.actor.loadProducts');
        if (blocked === '1' && lookedUp) expect(notice).toEqual({ pid: '1', name: 'Rupee Rise', schedulable: true });
        if (blocked === '4' && lookedUp) expect(notice).toEqual({ pid: '4', name: 'Saathi Credit', schedulable: false });
        // Home not readable: the reason without a name, and no offer.
        if (blocked !== null && !lookedUp) expect(notice).toEqual({ pid: blocked, name: null, schedulable: false });
        // After APPLY NOW: the product by its name, or unnamed when home could not be read.
        if (submitted !== null) expect(s.context.submitted).toEqual({ pid: submitted, name: lookedUp ? 'Rupee Rise' : null });
      }
      if (s.matches('failed')) expect(s.context.error).toBeTruthy();
    }
  });
});

/**
 * Loan History (/orders): the orders machine's transition coverage, its generated paths replayed on
 * the screen in StrictMode and normal mode (loads counted), the state names and links by state, the
 * amounts in rupees and what reaches the account worded by state, the empty text verbatim, Refresh,
 * the notice of ?blocked={pid} and the notice of ?submitted={pid} (after APPLY NOW).
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import type { HomeProduct } from '../../contract/home';
import type { OrderListItem } from '../../contract/orders';
import { ordersMachine } from '../../machines/orders/orders.machine';
import { cases, FAILURE, inputs, ORDERS, PRODUCTS, serialize } from '../../machines/orders/orders.cases';
import { orderLink, orderStateName } from '../../machines/orders/orders.rules';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import { ORDER_STATE, ORDER_STATE_NAMES } from '../../machines/shared/order-states';
import { orderStatesText } from '../../i18n/en/orderStates';
import { textFor } from '../../src/ui/text';
import { ordersEffects } from '../../src/flows/orders/orders.effects';
import { OrdersFlow } from '../../src/flows/orders/OrdersRoute';
import { ToastHost } from '../../src/ui/ToastHost';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { fakeCalls, type Deferred } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

const api = vi.hoisted(() => ({ getOrderList: vi.fn(), getHome: vi.fn() }));
vi.mock('../../src/api/orders', async (original) => ({ ...(await original<Record<string, unknown>>()), getOrderList: api.getOrderList }));
vi.mock('../../src/api/home', async (original) => ({ ...(await original<Record<string, unknown>>()), getHome: api.getHome }));

const paths = generatePaths(ordersMachine, { cases, inputs, serialize });
const NOTICE = 'You already have an open loan';
const SUBMITTED = 'Application submitted';
const SUBMITTED_NEXT =
  'The lender reviews it now. It usually takes a few minutes, and you will get an SMS when it is decided. Once approved, confirm it here to receive the money.';
const SCHEDULE_NEXT = 'Schedule next application';
const EMPTY = 'No order history go get your first loan';
const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

describe('orders rules and machine', () => {
  it('names the states as the spec does and links them by state', () => {
    const english = textFor(orderStatesText, 'en');
    const names = [1, 2, 3, 4, 5, 6, 7, 8, 11].map((n) => english.said(orderStateName(n)));
    expect(names).toEqual(['Auditing', 'Pass', 'Denied', 'Lending', 'Failed', 'Loaned', 'Settled', 'Overdued', 'Extension']);
    expect(english.said(orderStateName(9))).toBe('State 9');
    // The sandbox's labels (machines/shared/order-states.ts) say the same as the borrower's English.
    expect(Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 11].map((n, i) => [n, names[i]]))).toEqual(ORDER_STATE_NAMES);
    expect(Object.keys(ORDER_STATE).sort()).toEqual(Object.keys(orderStatesText.en).filter((k) => k !== 'other').sort());
    const link = (orderState: number) => orderLink({ orderId: '42', orderState });
    expect(link(1)).toBe('/orders/42/audit');
    expect(link(2)).toBe('/orders/42/confirm');
    expect(link(6)).toBe('/orders/42/detail');
    expect(link(8)).toBe('/orders/42/detail');
    expect(link(11)).toBe('/orders/42/extension');
    for (const s of [3, 4, 5, 7, 9, 10]) expect(link(s)).toBeNull();
  });

  it('covers every transition', () => {
    const coverage = transitionCoverage(ordersMachine, paths);
    expect(coverage.missing, formatCoverage('orders', coverage)).toEqual([]);
  });
});

function harness(strict: boolean, blocked: string | null = null, submitted: string | null = null) {
  const loads = fakeCalls<OrderListItem[]>();
  const products = fakeCalls<HomeProduct[]>();
  const machine = ordersMachine.provide({ ...ordersEffects(), actors: { loadOrders: loads.actor, loadProducts: products.actor } });
  const memory = memoryLocation({ path: '/orders', record: true });
  const tree = (
    <Router hook={memory.hook}>
      <OrdersFlow machine={machine} blocked={blocked} submitted={submitted} />
      <ToastHost />
    </Router>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  const settleOn = (calls: { pending: () => Deferred<never> }) => async (c: ActorDoneCase | ActorErrorCase) => {
    await waitFor(() => calls.pending());
    await act(async () => ('output' in c ? calls.pending().resolve(c.output as never) : calls.pending().reject(c.error)));
  };
  return { loads, products, memory, settle: settleOn(loads as never), settleProducts: settleOn(products as never) };
}

describe.each(mode)('orders paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    let h!: ReturnType<typeof harness>;
    await replayPath(path, {
      act: {
        'xstate.init': () => {
          h = harness(strict, path.input?.blocked ?? null, path.input?.submitted ?? null);
        },
        'orders.retried': () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
        'orders.refreshed': () => void fireEvent.click(screen.getByRole('button', { name: 'Refresh' })),
        'xstate.done.actor.loadOrders': (e) => h.settle(e as ActorDoneCase),
        'xstate.error.actor.loadOrders': (e) => h.settle(e as ActorErrorCase),
        'xstate.done.actor.refreshOrders': (e) => h.settle(e as ActorDoneCase),
        'xstate.error.actor.refreshOrders': (e) => h.settle(e as ActorErrorCase),
        'xstate.done.actor.loadProducts': (e) => h.settleProducts(e as ActorDoneCase),
        'xstate.error.actor.loadProducts': (e) => h.settleProducts(e as ActorErrorCase),
      },
      assert: async (s, step) => {
        if (s.matches('loading')) {
          expect(screen.getByText('Loading your orders…')).toBeTruthy();
          // Nothing of the page shows before both the list and the reason are settled.
          expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
          expect(screen.queryByText(NOTICE)).toBeNull();
          expect(screen.queryByText(SUBMITTED)).toBeNull();
        }
        if (s.matches('failed')) expect(screen.getByRole('alert').textContent).toContain(FAILURE.message);
        if (s.matches('ready') || s.matches('refreshing')) {
          const orders = s.context.orders!;
          expect(screen.getByRole('button', { name: 'Refresh' }).getAttribute('aria-busy')).toBe(s.matches('refreshing') ? 'true' : null);
          if (orders.length === 0) expect(screen.getByText(EMPTY)).toBeTruthy();
          else expect(screen.getAllByRole('listitem')).toHaveLength(orders.length);
          const notice = s.context.notice;
          if (!notice) expect(screen.queryByRole('status', { name: NOTICE })).toBeNull();
          else {
            const card = screen.getByRole('status', { name: NOTICE });
            // First on the page, before Refresh and the list.
            expect(card.compareDocumentPosition(screen.getByRole('button', { name: 'Refresh' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
            expect(card.textContent).toContain(`A new application for ${notice.name ?? 'this product'} can only be made once that loan is settled.`);
            const offer = within(card).queryByRole('link', { name: SCHEDULE_NEXT });
            if (notice.schedulable) expect(offer?.getAttribute('href')).toBe(`/product/${notice.pid}/schedule`);
            else {
              expect(offer).toBeNull();
              expect(card.textContent).not.toContain('schedule');
            }
          }
          const submitted = s.context.submitted;
          if (!submitted) expect(screen.queryByRole('status', { name: SUBMITTED })).toBeNull();
          else {
            const card = screen.getByRole('status', { name: SUBMITTED });
            expect(card.compareDocumentPosition(screen.getByRole('button', { name: 'Refresh' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
            expect(card.textContent).toContain(submitted.name ? `We have received your application for ${submitted.name}.` : 'We have received your application.');
            expect(card.textContent).toContain(SUBMITTED_NEXT);
            // The review is followed on the audit page of the product's order in review, when the list has one.
            const review = orders.find((o) => o.orderState === 1 && (o.productId == null || o.productId === submitted.pid));
            const follow = within(card).queryByRole('link', { name: 'Follow the review' });
            if (review) expect(follow?.getAttribute('href')).toBe(`/orders/${review.orderId}/audit`);
            else expect(follow).toBeNull();
          }
        }
        if (step.event.type === 'xstate.error.actor.refreshOrders') expect(await screen.findByText(FAILURE.message)).toBeTruthy();
      },
    });
    expect(h.loads.live().length).toBe(invocations(path.steps, 'loadOrders') + invocations(path.steps, 'refreshOrders'));
    // A failed list leaves the page: the product lookup still running is cancelled (its signal aborted).
    const cancelled = path.steps.filter(
      (step, i) => i > 0 && path.steps[i - 1]!.state.children.loadProducts && !step.state.children.loadProducts && !step.event.type.endsWith('.loadProducts'),
    ).length;
    expect(h.products.live().length).toBe(invocations(path.steps, 'loadProducts') - cancelled);
  });
});

describe.each(mode)('Loan History (%s)', (_, strict) => {
  it('shows number, state name and amounts of each order, linked by state', async () => {
    api.getOrderList.mockReset().mockResolvedValue(ORDERS);
    api.getHome.mockReset();
    const { default: OrdersRoute } = await import('../../src/flows/orders/OrdersRoute');
    const memory = memoryLocation({ path: '/orders', record: true });
    const tree = (
      <Router hook={memory.hook}>
        <OrdersRoute />
      </Router>
    );
    render(strict ? <StrictMode>{tree}</StrictMode> : tree);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(ORDERS.length);
    const first = within(items[0]!);
    expect(first.getByText('ORD101')).toBeTruthy();
    expect(first.getByText('Auditing')).toBeTruthy();
    expect(first.getByText('₹5,000')).toBeTruthy();
    expect(first.getByText('₹4,500')).toBeTruthy();
    expect(first.getByText('₹5,350')).toBeTruthy();
    const hrefs = items.map((li) => li.querySelector('a')?.getAttribute('href') ?? null);
    // States 1, 2, 3, 4, 5, 6, 7, 8, 9, 11.
    expect(hrefs).toEqual(['/orders/101/audit', '/orders/102/confirm', null, null, null, '/orders/106/detail', null, '/orders/108/detail', null, '/orders/111/extension']);
    expect(items.map((li) => li.querySelector('.order-state')?.textContent)).toEqual([
      'Auditing',
      'Pass',
      'Denied',
      'Lending',
      'Failed',
      'Loaned',
      'Settled',
      'Overdued',
      'State 9',
      'Extension',
    ]);
    await userEvent.setup().click(screen.getByRole('link', { name: /ORD108/ }));
    expect(memory.history.at(-1)).toBe('/orders/108/detail');
    // Opened without a reason: no notice, and home is not asked.
    expect(screen.queryByRole('status', { name: NOTICE })).toBeNull();
    expect(api.getHome).not.toHaveBeenCalled();
  });

  /** Loan History opened at `url` through its route, the list and home answered as given. */
  async function openRoute(url: string, home: () => Promise<unknown>) {
    api.getOrderList.mockReset().mockResolvedValue(ORDERS.slice(0, 2));
    api.getHome.mockReset().mockImplementation(home);
    const { default: OrdersRoute } = await import('../../src/flows/orders/OrdersRoute');
    const memory = memoryLocation({ path: url, record: true });
    const tree = (
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <OrdersRoute />
      </Router>
    );
    render(strict ? <StrictMode>{tree}</StrictMode> : tree);
    await screen.findAllByRole('listitem');
    return memory;
  }
  const homeWith = (products: HomeProduct[]) => () => Promise.resolve({ userStatus: 2, homeProductVos: products, undwayList: [] });

  it('?blocked= of the app’s own product: the notice first, named, and its offer opens the schedule page', async () => {
    const memory = await openRoute('/orders?blocked=1', homeWith(PRODUCTS));
    const card = screen.getByRole('status', { name: NOTICE });
    expect(card.textContent).toBe(
      'You already have an open loan' +
        'A new application for Rupee Rise can only be made once that loan is settled.' +
        'You can schedule it now, and we will send it for you then.' +
        'Schedule next application',
    );
    expect(within(card).getByRole('heading', { level: 2, name: NOTICE })).toBeTruthy();
    // Above Refresh and the list, which stay usable.
    expect(card.compareDocumentPosition(screen.getByRole('button', { name: 'Refresh' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    // One home request (StrictMode's first, aborted, aside).
    expect(api.getHome.mock.calls.filter(([o]) => !(o as { signal: AbortSignal }).signal.aborted)).toHaveLength(1);
    await userEvent.setup().click(within(card).getByRole('link', { name: SCHEDULE_NEXT }));
    expect(memory.history.at(-1)).toBe('/product/1/schedule');
  });

  it("?blocked= of a partner's product: the notice, named, without an offer", async () => {
    await openRoute('/orders?blocked=4', homeWith(PRODUCTS));
    const card = screen.getByRole('status', { name: NOTICE });
    expect(card.textContent).toBe('You already have an open loan' + 'A new application for Saathi Credit can only be made once that loan is settled.');
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it('?blocked= while home cannot be read: the reason without a name or an offer; the list as usual', async () => {
    await openRoute('/orders?blocked=1', () => Promise.reject(FAILURE));
    const card = screen.getByRole('status', { name: NOTICE });
    expect(card.textContent).toBe('You already have an open loan' + 'A new application for this product can only be made once that loan is settled.');
    expect(within(card).queryByRole('link')).toBeNull();
    expect(screen.queryByText(FAILURE.message)).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('after APPLY NOW (?submitted=): says the application was sent and what comes next, with the way to its review', async () => {
    const memory = await openRoute('/orders?submitted=1', homeWith(PRODUCTS));
    const card = screen.getByRole('status', { name: SUBMITTED });
    expect(card.textContent).toBe(SUBMITTED + 'We have received your application for Rupee Rise.' + SUBMITTED_NEXT + 'Follow the review');
    expect(within(card).getByRole('heading', { level: 2, name: SUBMITTED })).toBeTruthy();
    expect(card.compareDocumentPosition(screen.getByRole('button', { name: 'Refresh' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('status', { name: NOTICE })).toBeNull();
    await userEvent.setup().click(within(card).getByRole('link', { name: 'Follow the review' }));
    expect(memory.history.at(-1)).toBe('/orders/101/audit');
  });

  it('?submitted= while home cannot be read: the notice without a name; the list as usual', async () => {
    await openRoute('/orders?submitted=1', () => Promise.reject(FAILURE));
    const card = screen.getByRole('status', { name: SUBMITTED });
    expect(card.textContent).toContain('We have received your application.');
    expect(screen.queryByText(FAILURE.message)).toBeNull();
  });

  it("what reaches the account reads 'You will receive' until the money is sent, 'Amount received' once it was, 'Amount after fees' when it never was", async () => {
    const h = harness(strict);
    await h.settle({ type: 'xstate.done.actor.loadOrders', output: ORDERS, actorId: 'loadOrders' });
    const label = (orderId: string) => {
      const card = screen.getAllByRole('listitem').find((li) => li.textContent?.includes(`ORD${orderId}`))!;
      const amounts = card.querySelectorAll('.order-amounts dt');
      expect(amounts[1]!.nextElementSibling?.textContent).toBe('₹4,500');
      return amounts[1]!.textContent;
    };
    for (const id of ['101', '102', '104']) expect(label(id)).toBe('You will receive');
    for (const id of ['106', '107', '108', '111']) expect(label(id)).toBe('Amount received');
    for (const id of ['103', '105', '109']) expect(label(id)).toBe('Amount after fees');
    expect(screen.getAllByText('You will receive')).toHaveLength(3);
  });

  it('says the empty text verbatim; Refresh loads again, once however often it is tapped', async () => {
    const h = harness(strict);
    await h.settle({ type: 'xstate.done.actor.loadOrders', output: [], actorId: 'loadOrders' });
    expect(screen.getByText(EMPTY)).toBeTruthy();
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    fireEvent.click(refresh);
    fireEvent.click(refresh);
    expect(h.loads.live()).toHaveLength(2);
    await h.settle({ type: 'xstate.done.actor.refreshOrders', output: ORDERS.slice(0, 1), actorId: 'refreshOrders' });
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText(EMPTY)).toBeNull();
  });
});

import { StrictMode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import type { HomeResponse } from '../../contract/home';
import type { OrderListItem } from '../../contract/orders';
import { homeMachine } from '../../machines/home/home.machine';
import { order, product } from '../../machines/home/home.cases';
import { isAndroidBrowser } from '../../machines/home/home.rules';
import { homeText } from '../../i18n/en/home';
import { textFor } from '../../src/ui/text';
import { HomeFlow } from '../../src/flows/home/HomeRoute';
import { fromCall } from '../../src/lib/abortable';
import { tapAndExpectBusy } from '../support/busy';
import { fakeCalls } from '../support/fakes';

// The overdue block reads its order's detail: left unanswered here (tests/views/home-overdue.test.tsx answers it).
vi.mock('../../src/api/orders', async (original) => ({ ...(await original<Record<string, unknown>>()), getOrder: () => new Promise(() => {}) }));

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile';

const single: HomeResponse = { userStatus: 1, homeProductVos: [product('1', { maxAmount: 200000 })], undwayList: [] };
const multi: HomeResponse = {
  userStatus: 2,
  homeProductVos: [product('1', { maxAmount: 200000 }), product('2', { isFull: 1 }), product('3', { productType: 0, h5Href: 'https://partner.example/loan' })],
  undwayList: [
    { orderId: '11', orderState: 1, name: 'Product 1', logo: '', amount: 5000, fullButtonName: 'In review' },
    { orderId: '12', orderState: 2, name: 'Product 2', logo: '', amount: 3000, fullButtonName: 'Get money' },
    { orderId: '13', orderState: 8, name: 'Product 3', logo: '', amount: 3000, fullButtonName: 'Repay now' },
    { orderId: '14', orderState: 11, name: 'Product 4', logo: '', amount: 3000, fullButtonName: 'Extension' },
  ],
};

type Calls<T> = ReturnType<typeof fakeCalls<T>>;

/** Settles the call in flight with `outcome` (an Error rejects it). */
async function settle<T>(calls: Calls<T>, outcome: T | Error) {
  await waitFor(() => calls.pending());
  await act(async () => (outcome instanceof Error ? calls.pending().reject(outcome) : calls.pending().resolve(outcome)));
}

/** Renders home with fake calls and spies provided to the machine, and settles the home load with `home`. */
async function setup(home: HomeResponse | Error, { strict = true, androidBrowser = false } = {}) {
  const homeCalls = fakeCalls<HomeResponse>();
  const orders = fakeCalls<OrderListItem[]>();
  // Every order-list call is counted, aborted ones included.
  const loadOrders = vi.fn(orders.call);
  const navigate = vi.fn();
  const openExternal = vi.fn();
  const toast = vi.fn();
  const machine = homeMachine.provide({
    actors: { loadHome: homeCalls.actor, loadOrders: fromCall(loadOrders) },
    actions: {
      navigate: (_, { to, replace }) => navigate(to, { replace }),
      openExternal: (_, { url }) => openExternal(url),
      showToast: (_, { message }) => toast(textFor(homeText, 'en').said(message)),
    },
  });
  const { hook } = memoryLocation({ path: '/' });
  const tree = (
    <Router hook={hook}>
      <HomeFlow machine={machine} androidBrowser={androidBrowser} />
    </Router>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  await settle(homeCalls, home);
  return { home: homeCalls, orders, loadOrders, navigate, openExternal, toast, user: userEvent.setup() };
}

/** The links home navigated to, in order (every one a push: home stays in history). */
const pushed = (navigate: ReturnType<typeof vi.fn>) =>
  navigate.mock.calls.map(([to, options]) => {
    expect(options).toEqual({ replace: false });
    return to as string;
  });

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('home (%s)', (_, strict) => {
  it('single layout: one offer with the max amount in en-IN rupees, period and rate per day', async () => {
    await setup(single, { strict });
    expect(await screen.findByRole('heading', { name: 'Your loan offer' })).toBeTruthy();
    expect(screen.getByText('₹2,00,000')).toBeTruthy();
    expect(screen.getByText('91 days')).toBeTruthy();
    expect(screen.getByText('0.1% / day')).toBeTruthy();
  });

  it('single layout: apply checks the order list once, even on a double tap; no open order → /auth/index?pid=', async () => {
    const t = await setup(single, { strict });
    const apply = await screen.findByRole('button', { name: 'Apply now' });
    await t.user.click(apply);
    await t.user.click(apply); // a double tap while the order list is loading
    expect(apply.getAttribute('aria-busy')).toBe('true');
    await settle(t.orders, [order(7), order(3)]);
    await waitFor(() => expect(pushed(t.navigate)).toEqual(['/auth/index?pid=1']));
    expect(t.loadOrders).toHaveBeenCalledTimes(1);
    expect(t.navigate).toHaveBeenCalledTimes(1);
  });

  it('single layout: Apply now shows it is working in the render of the tap', async () => {
    const t = await setup(single, { strict });
    tapAndExpectBusy((await screen.findByRole('button', { name: 'Apply now' })) as HTMLButtonElement);
    expect(t.loadOrders).toHaveBeenCalledTimes(1);
  });

  it.each([1, 2, 4, 6, 8])('single layout: an order in state %i for the product → Loan History, told which product (it says why)', async (orderState) => {
    const t = await setup(single, { strict });
    await t.user.click(await screen.findByRole('button', { name: 'Apply now' }));
    await settle(t.orders, [order(orderState, { productId: '1' })]);
    await waitFor(() => expect(pushed(t.navigate)).toEqual(['/orders?blocked=1']));
  });

  it('single layout: an open order for another product does not block', async () => {
    const t = await setup(single, { strict });
    await t.user.click(await screen.findByRole('button', { name: 'Apply now' }));
    await settle(t.orders, [order(1, { productId: '9' })]);
    await waitFor(() => expect(pushed(t.navigate)).toEqual(['/auth/index?pid=1']));
  });

  it('multi layout: products, the in-progress list, and unavailable products', async () => {
    await setup(multi, { strict });
    expect(await screen.findByRole('heading', { name: 'Loan products' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'In progress' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply for Product 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply for Product 2' })).toBeNull();
    expect(screen.getByText('Unavailable')).toBeTruthy();
    // The full product offers scheduling an application instead.
    expect(screen.getByRole('link', { name: 'Schedule an application for Product 2' }).getAttribute('href')).toBe('/product/2/schedule');
    expect(screen.queryByRole('link', { name: /^Schedule an application for Product [13]$/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Scheduled applications' })).toBeNull();
  });

  it('single layout: no Schedule action (the order check decides)', async () => {
    await setup({ ...single, homeProductVos: [product('1', { isFull: 1 })] }, { strict });
    expect(await screen.findByRole('button', { name: 'Apply now' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Schedule an application/ })).toBeNull();
  });

  it('multi layout: apply → /auth/index; productType 0 → its external link', async () => {
    const t = await setup(multi, { strict });
    await t.user.click(await screen.findByRole('button', { name: 'Apply for Product 1' }));
    expect(pushed(t.navigate)).toEqual(['/auth/index?pid=1']);
    await t.user.click(screen.getByRole('button', { name: 'Apply for Product 3' }));
    expect(t.openExternal).toHaveBeenCalledWith('https://partner.example/loan');
    expect(t.loadOrders).not.toHaveBeenCalled();
  });

  it('multi layout on an Android browser: the app download page; inside the native shell: verification', async () => {
    const a = await setup(multi, { strict, androidBrowser: isAndroidBrowser(ANDROID, false) });
    await a.user.click(await screen.findByRole('button', { name: 'Apply for Product 1' }));
    expect(a.openExternal).toHaveBeenCalledWith(expect.stringMatching(/^https:\/\//));
    expect(a.navigate).not.toHaveBeenCalled();
  });

  it('a partner link that is not http(s) is refused with a message', async () => {
    const evil = { ...multi, homeProductVos: [product('5', { productType: 0, h5Href: 'javascript:alert(1)' })] };
    const t = await setup(evil, { strict });
    await t.user.click(await screen.findByRole('button', { name: 'Apply for Product 5' }));
    expect(t.openExternal).not.toHaveBeenCalled();
    expect(t.toast).toHaveBeenCalledWith('This product is not available right now.');
  });

  it('in-progress items route by state: 1 audit, 2 confirm, 6/8 detail, else /orders', async () => {
    const t = await setup(multi, { strict });
    const list = within(await screen.findByRole('region', { name: 'In progress' }));
    // The overdue order (8) has its own block above the offers, with the same button.
    const overdue = within(screen.getByRole('region', { name: 'Payment overdue' }));
    await t.user.click(list.getByRole('button', { name: /In review/ }));
    await t.user.click(list.getByRole('button', { name: /Get money/ }));
    await t.user.click(overdue.getByRole('button', { name: /Repay now/ }));
    await t.user.click(list.getByRole('button', { name: /Extension/ }));
    expect(pushed(t.navigate)).toEqual(['/orders/11/audit', '/orders/12/confirm', '/orders/13/detail', '/orders']);
  });

  it('a failed load shows the reason and a retry, never a blank screen', async () => {
    const t = await setup(new Error('Service busy'), { strict });
    expect(await screen.findByText('Service busy')).toBeTruthy();
    await t.user.click(screen.getByRole('button', { name: 'Try again' }));
    await settle(t.home, single);
    expect(await screen.findByRole('heading', { name: 'Your loan offer' })).toBeTruthy();
  });
});

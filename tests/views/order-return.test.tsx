/**
 * Home and Loan History follow an order's states without a manual reload: coming back to the page
 * (visible again, restored from the bfcache, the window focused) reads it again, once per burst.
 */
import { StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeResponse } from '../../contract/home';
import type { OrderListItem } from '../../contract/orders';
import { RETURN_REFRESH_GAP_MS } from '../../src/flows/shared/page-lifecycle';

const api = vi.hoisted(() => ({ getOrderList: vi.fn(), getHome: vi.fn() }));
vi.mock('../../src/api/orders', () => ({ getOrderList: api.getOrderList }));
vi.mock('../../src/api/home', () => ({ getHome: api.getHome }));

let now = 1_000_000;
beforeEach(() => {
  api.getOrderList.mockReset();
  api.getHome.mockReset();
  vi.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => void vi.restoreAllMocks());

/** The borrower comes back: visible again, the bfcache's pageshow and focus, as browsers send them together. */
function comeBack() {
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
    const shown = new Event('pageshow');
    Object.defineProperty(shown, 'persisted', { value: true });
    window.dispatchEvent(shown);
    window.dispatchEvent(new Event('focus'));
  });
}

const item = (orderState: number): OrderListItem => ({ orderId: '9', orderNo: 'BW9', orderState, loanAmount: 20000, arriveAmount: 18112, repaymentAmount: 21638 });
const home = (label: string): HomeResponse => ({
  userStatus: 2,
  homeProductVos: [],
  undwayList: [{ orderId: '9', orderState: 1, name: 'Rupee Rise', logo: '', amount: 20000, fullButtonName: label }],
});

/** The calls whose signal did not abort (StrictMode aborts the first call of every mount). */
const live = (fn: { mock: { calls: unknown[][] } }) => fn.mock.calls.filter((c) => !(c[0] as { signal?: AbortSignal } | undefined)?.signal?.aborted).length;

function renderIn(strict: boolean, path: string, node: React.ReactNode) {
  const { hook } = memoryLocation({ path });
  const tree = <Router hook={hook}>{node}</Router>;
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('coming back (%s)', (_, strict) => {
  it('Loan History refreshes the list and shows the new state, once per return', async () => {
    api.getOrderList.mockResolvedValue([item(1)]);
    const { default: OrdersRoute } = await import('../../src/flows/orders/OrdersRoute');
    renderIn(strict, '/orders', <OrdersRoute />);
    expect(await screen.findByText('Auditing')).toBeTruthy();
    const base = live(api.getOrderList);
    api.getOrderList.mockResolvedValue([item(2)]);
    comeBack();
    expect(await screen.findByText('Pass')).toBeTruthy();
    expect(live(api.getOrderList)).toBe(base + 1);
    // Another return within the gap is the same return.
    now += RETURN_REFRESH_GAP_MS / 2;
    comeBack();
    expect(live(api.getOrderList)).toBe(base + 1);
    now += RETURN_REFRESH_GAP_MS;
    api.getOrderList.mockResolvedValue([item(6)]);
    comeBack();
    expect(await screen.findByText('Loaned')).toBeTruthy();
    expect(screen.getByRole('link', { name: /BW9/ }).getAttribute('href')).toBe('/orders/9/detail');
  });

  it("Home reads its in-progress items again: the server's new label shows", async () => {
    api.getHome.mockResolvedValue(home('In review'));
    const { default: HomeRoute } = await import('../../src/flows/home/HomeRoute');
    renderIn(strict, '/', <HomeRoute />);
    expect(await screen.findByRole('button', { name: 'In review: Rupee Rise' })).toBeTruthy();
    const base = live(api.getHome);
    api.getHome.mockResolvedValue(home('Get money'));
    now += RETURN_REFRESH_GAP_MS;
    comeBack();
    expect(await screen.findByRole('button', { name: 'Get money: Rupee Rise' })).toBeTruthy();
    expect(live(api.getHome)).toBe(base + 1);
  });
});

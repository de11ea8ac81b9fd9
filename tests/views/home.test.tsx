import { StrictMode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import type { HomeLike, OrderLike } from '../../machines/home/home.rules';
import { HomeFlow, type HomeDeps } from '../../src/flows/home/HomeRoute';
import { product } from '../../machines/home/home.cases';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile';

const single: HomeLike = { userStatus: 1, homeProductVos: [product('1', { maxAmount: 200000 })], undwayList: [] };
const multi: HomeLike = {
  userStatus: 2,
  homeProductVos: [product('1', { maxAmount: 200000 }), product('2', { isFull: 1 }), product('3', { productType: 0, h5Href: 'https://partner.example/loan' })],
  undwayList: [
    { orderId: '11', orderState: 1, name: 'Product 1', logo: '', amount: 5000, fullButtonName: 'In review' },
    { orderId: '12', orderState: 2, name: 'Product 2', logo: '', amount: 3000, fullButtonName: 'Get money' },
    { orderId: '13', orderState: 8, name: 'Product 3', logo: '', amount: 3000, fullButtonName: 'Repay now' },
    { orderId: '14', orderState: 11, name: 'Product 4', logo: '', amount: 3000, fullButtonName: 'Extension' },
  ],
};

function setup(home: HomeLike | Error, over: Partial<HomeDeps> = {}, strict = true, orders: readonly OrderLike[] = []) {
  const deps: HomeDeps = {
    loadHome: vi.fn(async () => {
      if (home instanceof Error) throw home;
      return home;
    }),
    loadOrders: vi.fn(async () => orders),
    navigate: vi.fn(),
    openExternal: vi.fn(),
    userAgent: IPHONE,
    appMode: false,
    ...over,
  };
  const { hook } = memoryLocation({ path: '/' });
  const tree = (
    <Router hook={hook}>
      <HomeFlow deps={deps} />
    </Router>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { deps, user: userEvent.setup() };
}

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('home (%s)', (_, strict) => {
  it('single layout: one offer with the max amount in en-IN rupees, period and rate per day', async () => {
    setup(single, {}, strict);
    expect(await screen.findByRole('heading', { name: 'Your loan offer' })).toBeTruthy();
    expect(screen.getByText('₹2,00,000')).toBeTruthy();
    expect(screen.getByText('91 days')).toBeTruthy();
    expect(screen.getByText('0.1% / day')).toBeTruthy();
  });

  it('single layout: apply checks the order list once, even on a double tap; no open order → /auth/index?pid=', async () => {
    let release: (orders: readonly OrderLike[]) => void = () => {};
    const pending = new Promise<readonly OrderLike[]>((r) => (release = r));
    const { deps, user } = setup(single, { loadOrders: vi.fn(() => pending) }, strict);
    const apply = await screen.findByRole('button', { name: 'Apply now' });
    await user.click(apply);
    await user.click(apply); // a double tap while the order list is loading
    expect(apply.getAttribute('aria-busy')).toBe('true');
    release([{ orderState: 7 }, { orderState: 3 }]);
    await waitFor(() => expect(deps.navigate).toHaveBeenCalledWith('/auth/index?pid=1'));
    expect(deps.loadOrders).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledTimes(1);
  });

  it.each([1, 2, 4, 6, 8])('single layout: an order in state %i for the product → /orders', async (orderState) => {
    const { deps, user } = setup(single, {}, strict, [{ orderState, productId: '1' }]);
    await user.click(await screen.findByRole('button', { name: 'Apply now' }));
    await waitFor(() => expect(deps.navigate).toHaveBeenCalledWith('/orders'));
  });

  it('single layout: an open order for another product does not block', async () => {
    const { deps, user } = setup(single, {}, strict, [{ orderState: 1, productId: '9' }]);
    await user.click(await screen.findByRole('button', { name: 'Apply now' }));
    await waitFor(() => expect(deps.navigate).toHaveBeenCalledWith('/auth/index?pid=1'));
  });

  it('multi layout: products, the in-progress list, and unavailable products', async () => {
    setup(multi, {}, strict);
    expect(await screen.findByRole('heading', { name: 'Loan products' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'In progress' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply for Product 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply for Product 2' })).toBeNull();
    expect(screen.getByText('Unavailable')).toBeTruthy();
  });

  it('multi layout: apply → /auth/index; productType 0 → its external link', async () => {
    const { deps, user } = setup(multi, {}, strict);
    await user.click(await screen.findByRole('button', { name: 'Apply for Product 1' }));
    expect(deps.navigate).toHaveBeenCalledWith('/auth/index?pid=1');
    await user.click(screen.getByRole('button', { name: 'Apply for Product 3' }));
    expect(deps.openExternal).toHaveBeenCalledWith('https://partner.example/loan');
    expect(deps.loadOrders).not.toHaveBeenCalled();
  });

  it('multi layout on an Android browser: the app download page; inside the native shell: verification', async () => {
    const a = setup(multi, { userAgent: ANDROID }, strict);
    await a.user.click(await screen.findByRole('button', { name: 'Apply for Product 1' }));
    expect(a.deps.openExternal).toHaveBeenCalledWith(expect.stringMatching(/^https:\/\//));
    expect(a.deps.navigate).not.toHaveBeenCalled();
  });

  it('a partner link that is not http(s) is refused with a message', async () => {
    const evil = { ...multi, homeProductVos: [product('5', { productType: 0, h5Href: 'javascript:alert(1)' })] };
    const { deps, user } = setup(evil, {}, strict);
    await user.click(await screen.findByRole('button', { name: 'Apply for Product 5' }));
    expect(deps.openExternal).not.toHaveBeenCalled();
  });

  it('in-progress items route by state: 1 audit, 2 confirm, 6/8 detail, else /orders', async () => {
    const { deps, user } = setup(multi, {}, strict);
    const list = within(await screen.findByRole('region', { name: 'In progress' }));
    await user.click(list.getByRole('button', { name: /In review/ }));
    await user.click(list.getByRole('button', { name: /Get money/ }));
    await user.click(list.getByRole('button', { name: /Repay now/ }));
    await user.click(list.getByRole('button', { name: /Extension/ }));
    expect(vi.mocked(deps.navigate).mock.calls.map((c) => c[0])).toEqual(['/orders/11/audit', '/orders/12/confirm', '/orders/13/detail', '/orders']);
  });

  it('a failed load shows the reason and a retry, never a blank screen', async () => {
    const { deps, user } = setup(new Error('Service busy'), {}, strict);
    expect(await screen.findByText('Service busy')).toBeTruthy();
    vi.mocked(deps.loadHome).mockResolvedValueOnce(single);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your loan offer' })).toBeTruthy();
  });
});

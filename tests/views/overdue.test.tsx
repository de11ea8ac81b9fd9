/**
 * Overdue is the lender's word. A loaned order (6) whose due date passed long ago while the lender
 * says 0 days overdue (a grace period) reads 'Due date passed' on its detail page, with nothing
 * overdue and nothing red, in English and in Hindi; home (both layouts) and Loan History say nothing
 * overdue of it either. Days overdue, when the lender sends them, are the lender's, not the date's.
 * Every answer goes through the contract, as the API layer parses it.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import * as v from 'valibot';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomeResponse } from '../../contract/home';
import { Order, OrderList, type OrderListItem } from '../../contract/orders';
import type { Lang } from '../../i18n/core';
import { product } from '../../machines/home/home.cases';
import { homeMachine } from '../../machines/home/home.machine';
import { order, ORDER_ID, ORIGIN, TODAY } from '../../machines/order/order.cases';
import { orderMachine } from '../../machines/order/order.machine';
import { homeEffects } from '../../src/flows/home/home.effects';
import { HomeFlow } from '../../src/flows/home/HomeRoute';
import { orderEffects } from '../../src/flows/orders/order.effects';
import { OrderFlow } from '../../src/flows/orders/OrderFlow';
import { fakeCalls } from '../support/fakes';
import { switchLanguage } from '../support/language';

const api = vi.hoisted(() => ({ getOrder: vi.fn(), confirmLoan: vi.fn(), repay: vi.fn(), getOrderList: vi.fn() }));
vi.mock('../../src/api/orders', () => api);
// A lender with only the spec's calls: no payments list (the payments' own tests offer it).
const payments = vi.hoisted(() => ({ listPayments: vi.fn(async () => ({ offered: false as const })) }));
vi.mock('../../src/api/payments', () => payments);

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
});
afterEach(() => switchLanguage('en'));

/**
 * The lender's answer for a loaned order due on 22 Jan 2023, read on 12 Jun 2025 (TODAY): 872 days
 * after the date, and the lender says 0 days overdue.
 */
const GRACE = v.parse(Order, { ...order(6), repaymentDate: '2023-01-22 23:59:59', overdueDays: '0', overdueFee: 0 });

/** What each language calls overdue; none of it may show for the grace order. */
const OVERDUE: Record<Lang, RegExp> = { en: /overdue/i, hi: /ओवरड्यू/ };

const WORDS = {
  en: { passed: 'Due date passed', repay: 'Repayment ₹21,638', dueDate: 'Due date 22 Jan 2023', steps: ['Applied (done)', 'Approved (done)', 'Disbursed (done)', 'Due', 'Repaid'] },
  hi: {
    passed: 'तारीख बीत गई',
    repay: 'भुगतान करें ₹21,638',
    dueDate: 'चुकाने की तारीख 22 जन॰ 2023',
    steps: ['आवेदन किया (पूरा)', 'मंज़ूर हुआ (पूरा)', 'पैसे भेजे गए (पूरा)', 'चुकाने की तारीख', 'चुकाया गया'],
  },
} as const;

function openDetail() {
  const memory = memoryLocation({ path: `/orders/${ORDER_ID}/detail`, record: true });
  const machine = orderMachine.provide(orderEffects(ORDER_ID, memory.navigate, { openPayment: vi.fn() }));
  render(
    <StrictMode>
      <Router hook={memory.hook}>
        <OrderFlow machine={machine} page="detail" orderId={ORDER_ID} draft={null} today={TODAY} origin={ORIGIN} paymentHosts={['pay.example']} />
      </Router>
    </StrictMode>,
  );
}

/** The whole page's text, the visually hidden words for screen readers included. */
const pageText = () => document.body.textContent ?? '';

describe.each(['en', 'hi'] as const)('a passed due date in a grace period (%s)', (lang) => {
  const w = WORDS[lang];

  it("the detail page says 'Due date passed', never overdue, and nothing is red", async () => {
    await switchLanguage(lang);
    api.getOrder.mockResolvedValue(GRACE);
    openDetail();
    const repay = await screen.findByRole('button', { name: w.repay });
    expect(screen.getByText(w.passed)).toBeTruthy();
    expect(screen.getByText(new RegExp(w.dueDate))).toBeTruthy();
    expect(pageText()).not.toMatch(OVERDUE[lang]);
    expect(pageText()).not.toMatch(/872/);
    expect(repay.classList.contains('btn-overdue')).toBe(false);
    expect(document.querySelector('.order-summary-overdue, .order-overdue, .order-timeline .overdue')).toBeNull();
    // The timeline: the due step is neither done nor overdue.
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((li) => li.querySelector('.order-timeline-label')?.textContent)).toEqual(w.steps);
    expect(steps[3]!.className).toBe('');
  });

  it('home, in both layouts, says nothing overdue of it', async () => {
    await switchLanguage(lang);
    const item = { orderId: ORDER_ID, orderState: 6, name: 'Rupee Rise', logo: '', amount: 21638, fullButtonName: 'Repay', repaymentDate: '2023-01-22', overdueDays: 0 };
    for (const userStatus of [1, 2]) {
      const calls = fakeCalls<HomeResponse>();
      const orders = fakeCalls<OrderListItem[]>();
      const machine = homeMachine.provide({ ...homeEffects(vi.fn()), actors: { loadHome: calls.actor, loadOrders: orders.actor } });
      const { hook } = memoryLocation({ path: '/' });
      const { unmount } = render(
        <Router hook={hook}>
          <HomeFlow machine={machine} androidBrowser={false} />
        </Router>,
      );
      await waitFor(() => calls.pending());
      await act(async () => calls.pending().resolve(v.parse(HomeResponse, { userStatus, homeProductVos: [product('1', { isFull: 1 })], undwayList: [item] })));
      // Home's orders are a lazy piece of home: they come with the page once their chunk is in.
      const row = (await screen.findByRole('button', { name: 'Repay: Rupee Rise' })).closest('li')!;
      expect(within(row).getByText('₹21,638')).toBeTruthy();
      expect(pageText(), `layout ${userStatus}`).not.toMatch(OVERDUE[lang]);
      unmount();
    }
  });

  it('Loan History names it by its state, Loaned, and nothing overdue', async () => {
    await switchLanguage(lang);
    api.getOrderList.mockResolvedValue(
      v.parse(OrderList, [{ orderId: ORDER_ID, orderNo: 'BW20250601000042', orderState: 6, loanAmount: 20000, arriveAmount: 18112, repaymentAmount: 21638, repaymentDate: '2023-01-22', overdueDays: 0 }]),
    );
    const { default: OrdersRoute } = await import('../../src/flows/orders/OrdersRoute');
    const { hook } = memoryLocation({ path: '/orders' });
    render(
      <Router hook={hook}>
        <OrdersRoute />
      </Router>,
    );
    const [item] = await screen.findAllByRole('listitem');
    expect(item!.querySelector('.order-state')?.textContent).toBe(lang === 'en' ? 'Loaned' : 'लोन चालू');
    expect(pageText()).not.toMatch(OVERDUE[lang]);
  });
});

describe("days overdue are the lender's", () => {
  it('overdueDays 2 on a date 4 days past: 2 days overdue, the fee, red, and the due step overdue', async () => {
    api.getOrder.mockResolvedValue(v.parse(Order, { ...order(6), repaymentDate: '2025-06-08', overdueDays: 2, overdueFee: 40 }));
    openDetail();
    const repay = await screen.findByRole('button', { name: 'Repayment ₹21,638' });
    expect(screen.getByText('2 days overdue')).toBeTruthy();
    expect(screen.getByText('Days overdue').nextSibling?.textContent).toBe('2');
    expect(screen.getByText('Overdue fee').nextSibling?.textContent).toBe('₹40');
    expect(repay.classList.contains('btn-overdue')).toBe(true);
    const due = within(screen.getByRole('list')).getAllByRole('listitem')[3]!;
    expect(due.className).toBe('overdue');
    expect(due.textContent).toBe('Due (overdue)8 Jun 2025');
  });

  it("state 8 without days overdue: 'Overdue', in red, with no count and no days or fee rows", async () => {
    await switchLanguage('hi');
    api.getOrder.mockResolvedValue(v.parse(Order, { ...order(8), overdueDays: 0, overdueFee: 0 }));
    openDetail();
    const repay = await screen.findByRole('button', { name: 'भुगतान करें ₹21,838' });
    expect(screen.getByText('ओवरड्यू')).toBeTruthy();
    expect(screen.queryByText('ओवरड्यू दिन')).toBeNull();
    expect(repay.classList.contains('btn-overdue')).toBe(true);
    expect(document.querySelector('.order-summary-overdue')).not.toBeNull();
  });
});

/**
 * The order pages with their real effects (the API module mocked), in StrictMode and normal mode:
 * one loan and one repay request per intent, the payment allow-list, the return re-read (status
 * words in the URL change nothing), the audit's refresh rules and backoff on a simulated clock, and
 * stale deep links replaced by the page the order belongs on.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SimulatedClock } from 'xstate';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orderMachine } from '../../machines/order/order.machine';
import { order, ORDER_ID, ORIGIN, TODAY } from '../../machines/order/order.cases';
import type { OrderPage } from '../../machines/order/order.rules';
import { orderText } from '../../i18n/en/order';
import { orderDraft, orderEffects } from '../../src/flows/orders/order.effects';
import { OrderFlow } from '../../src/flows/orders/OrderFlow';

/** The order pages' English (the spec's texts). */
const M = orderText.en;

const api = vi.hoisted(() => ({ getOrder: vi.fn(), confirmLoan: vi.fn(), repay: vi.fn(), getOrderList: vi.fn(), keepOrderAhead: vi.fn() }));
vi.mock('../../src/api/orders', () => api);
// A lender with only the spec's calls: no payments list (the payments' own tests offer it).
const payments = vi.hoisted(() => ({ listPayments: vi.fn(async () => ({ offered: false as const })) }));
vi.mock('../../src/api/payments', () => payments);
// Nor the lender's KFS calls: Get Money waits for the borrower's tick on the app's own KFS.
const kfsCalls = vi.hoisted(() => ({
  orderKfs: vi.fn(async () => ({ offered: false as const })),
  issueKfs: vi.fn(async () => ({ offered: false as const })),
  acknowledgeKfs: vi.fn(),
  readOrderKfsAhead: vi.fn(),
}));
vi.mock('../../src/api/kfs', () => kfsCalls);

const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  kfsCalls.readOrderKfsAhead.mockClear();
});

/** A promise settled by the test. */
function later<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function open(page: OrderPage, strict: boolean, { clock, path }: { clock?: SimulatedClock; path?: string } = {}) {
  const memory = memoryLocation({ path: path ?? `/orders/${ORDER_ID}/${page}`, record: true });
  const openPayment = vi.fn<(url: string) => void>();
  const machine = orderMachine.provide(orderEffects(ORDER_ID, memory.navigate, { openPayment }));
  const draft = page === 'confirm' ? orderDraft(ORDER_ID).read() : null;
  const tree = (
    <Router hook={memory.hook}>
      <OrderFlow
        machine={machine}
        page={page}
        orderId={ORDER_ID}
        draft={draft}
        today={TODAY}
        origin={ORIGIN}
        paymentHosts={['pay.example']}
        {...(clock ? { clock } : {})}
      />
    </Router>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { memory, openPayment, view };
}

const flush = () => act(async () => {});

describe.each(mode)('Get Money (%s)', (_, strict) => {
  it('sends POST /order/v1/loan once per intent: a double tap sends one, a retry the same key, then /orders replaces the page', async () => {
    api.getOrder.mockResolvedValue(order(2));
    const first = later<void>();
    api.confirmLoan.mockReturnValueOnce(first.promise).mockResolvedValueOnce(undefined);
    const { memory } = open('confirm', strict);
    const button = await screen.findByRole('button', { name: 'Get Money' });
    // The spec's figures, now inside the page's two sums (tests/views/confirm-money.test.tsx adds them up).
    const amountIn = (sum: string, label: string) =>
      within(screen.getByRole('region', { name: sum })).getByText(label, { selector: 'dt' }).nextElementSibling?.querySelector('data')?.textContent;
    expect(amountIn('What reaches your account', 'Loan amount')).toBe('₹20,000');
    expect(amountIn('What you repay', 'Repayment amount')).toBe('₹21,638');
    expect(screen.getByText('Apply date').nextSibling?.textContent).toBe('10 Mar 2025');
    expect(amountIn('What you repay', 'Interest fee')).toBe('₹1,638');
    expect(screen.getByText('•••• 9012')).toBeTruthy();
    // No Get Money before the KFS is acknowledged.
    const tick = await screen.findByRole('checkbox', { name: 'I have read the Key Fact Statement and accept it.' });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(button);
    expect(api.confirmLoan).not.toHaveBeenCalled();
    fireEvent.click(tick);
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(api.confirmLoan).toHaveBeenCalledTimes(1);
    expect(kfsCalls.acknowledgeKfs).not.toHaveBeenCalled();
    const key = api.confirmLoan.mock.calls[0]![1].idempotencyKey as string;
    expect(api.confirmLoan.mock.calls[0]![0]).toBe(ORDER_ID);
    expect(orderDraft(ORDER_ID).read()).toEqual({ idempotencyKey: key });
    await act(async () => first.reject(new Error('Network error. Please check your connection and try again.')));
    expect(screen.getByRole('alert').textContent).toContain('Network error');
    fireEvent.click(screen.getByRole('button', { name: 'Get Money' }));
    await flush();
    expect(api.confirmLoan).toHaveBeenCalledTimes(2);
    expect(api.confirmLoan.mock.calls[1]![1].idempotencyKey).toBe(key);
    await waitFor(() => expect(memory.history.at(-1)).toBe('/orders'));
    expect(memory.history).toEqual(['/orders']); // replaced
    expect(orderDraft(ORDER_ID).read()).toBeNull();
  });

  it('a reload during the request sends the draft key again', async () => {
    orderDraft(ORDER_ID).write({ idempotencyKey: 'kept-key-0001' });
    api.getOrder.mockResolvedValue(order(2));
    api.confirmLoan.mockResolvedValue(undefined);
    open('confirm', strict);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'I have read the Key Fact Statement and accept it.' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Get Money' }));
    await flush();
    expect(api.confirmLoan.mock.calls.map((c) => c[1].idempotencyKey)).toEqual(['kept-key-0001']);
  });
});

describe.each(mode)('Repayment (%s)', (_, strict) => {
  const back = encodeURIComponent(`${ORIGIN}/orders/${ORDER_ID}/detail`);

  it('https on an allowed host: one repay request, the browser goes there with the return address', async () => {
    api.getOrder.mockResolvedValue(order(8));
    const answer = later<{ paymentUrl: string }>();
    api.repay.mockReturnValue(answer.promise);
    const { openPayment } = open('detail', strict);
    const button = await screen.findByRole('button', { name: 'Repayment ₹21,838' });
    expect(button.classList.contains('btn-overdue')).toBe(true);
    expect(screen.getByText('Days overdue').nextSibling?.textContent).toBe('4');
    expect(screen.getByText('Overdue fee').nextSibling?.textContent).toBe('₹200');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(api.repay).toHaveBeenCalledTimes(1);
    expect(api.repay.mock.calls[0]![0]).toBe(ORDER_ID);
    expect(api.repay.mock.calls[0]![1].idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    await act(async () => answer.resolve({ paymentUrl: 'https://pay.example/checkout?s=1' }));
    expect(openPayment.mock.calls).toEqual([[`https://pay.example/checkout?s=1&return=${back}`]]);
    expect(screen.getByRole('status').textContent).toBe(M.redirecting);
  });

  it.each([
    ['http on a foreign host', 'http://evil.example/pay'],
    ['javascript:', 'javascript:alert(1)'],
    ['https on another host', 'https://evil.example/pay'],
    ['http on an allowed host', 'http://pay.example/checkout'],
  ])('%s: a clear error, no navigation', async (_, paymentUrl) => {
    api.getOrder.mockResolvedValue(order(6));
    api.repay.mockResolvedValue({ paymentUrl });
    const { openPayment, memory } = open('detail', strict);
    const button = await screen.findByRole('button', { name: 'Repayment ₹21,638' });
    expect(button.classList.contains('btn-overdue')).toBe(false);
    expect(screen.queryByText('Days overdue')).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', M.paymentRefused);
    expect(openPayment).not.toHaveBeenCalled();
    expect(memory.history).toEqual([`/orders/${ORDER_ID}/detail`]);
    expect(api.repay).toHaveBeenCalledTimes(1);
  });

  it('the return address: the order is read again and shown by its state; status words in the URL change nothing', async () => {
    api.getOrder.mockResolvedValue(order(6));
    open('detail', strict, { path: `/orders/${ORDER_ID}/detail?status=success&paid=1` });
    expect(await screen.findByRole('button', { name: 'Repayment ₹21,638' })).toBeTruthy();
    expect(api.getOrder).toHaveBeenCalledWith(ORDER_ID, expect.anything());
    expect(screen.queryByText(M.settled)).toBeNull();
    // Back through the bfcache: the order is read again (now settled: no Repayment).
    api.getOrder.mockResolvedValue(order(7));
    const calls = api.getOrder.mock.calls.length;
    const e = new Event('pageshow');
    Object.defineProperty(e, 'persisted', { value: true });
    act(() => void window.dispatchEvent(e));
    expect(await screen.findByText(M.settled)).toBeTruthy();
    expect(api.getOrder).toHaveBeenCalledTimes(calls + 1);
    expect(screen.queryByRole('button', { name: /^Repayment/ })).toBeNull();
  });

  it('the detail fields, the timeline, and the extension link only when isExtension is set', async () => {
    api.getOrder.mockResolvedValue(order(6, { isExtension: 1 }));
    open('detail', strict);
    await screen.findByRole('button', { name: /^Repayment/ });
    const value = (label: string) => screen.getByText(label).nextSibling?.textContent;
    expect(screen.getByText('BW20250601000042')).toBeTruthy();
    expect(value('Loan amount')).toBe('₹20,000');
    expect(value('Period')).toBe('91 days');
    expect(value('Amount received')).toBe('₹18,112');
    expect(value('Processing fee')).toBe('₹1,600');
    expect(value('GST (18% of the processing fee)')).toBe('₹288');
    expect(value('Interest fee')).toBe('₹1,638');
    expect(value('Application date')).toBe('10 Mar 2025');
    expect(screen.getByText('Due in 5 days')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Applied (done)10 Mar 2025',
      'Approved (done)',
      'Disbursed (done)10 Mar 2025',
      'Due17 Jun 2025',
      'Repaid',
    ]);
    expect(screen.getByText('Repayment stress?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Extend due date' }).getAttribute('href')).toBe(`/orders/${ORDER_ID}/extension`);
  });
});

describe.each(mode)('Audit (%s)', (_, strict) => {
  it("'In Auditing', the note, and re-checks backing off while visible; Refresh while checking is ignored; 2 → confirm", async () => {
    const clock = new SimulatedClock();
    api.getOrder.mockResolvedValue(order(1));
    const { memory } = open('audit', strict, { clock });
    expect(await screen.findByText(M.auditNote)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('In Auditing');
    const loads = () => api.getOrder.mock.calls.length;
    const base = loads();
    for (const [i, delay] of [5000, 10000, 20000, 40000, 60000, 60000].entries()) {
      act(() => clock.increment(delay - 1));
      expect(loads()).toBe(base + i);
      act(() => clock.increment(1));
      expect(loads()).toBe(base + i + 1);
      await flush();
    }
    const pending = later<unknown>();
    api.getOrder.mockReturnValueOnce(pending.promise);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(loads()).toBe(base + 7);
    await act(async () => pending.resolve(order(2)));
    await waitFor(() => expect(memory.history).toEqual([`/orders/${ORDER_ID}/confirm`]));
  });

  it('stops while hidden and checks at once when visible again; above 4 → /orders', async () => {
    let visibility: DocumentVisibilityState = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    const clock = new SimulatedClock();
    api.getOrder.mockResolvedValue(order(4));
    const { memory } = open('audit', strict, { clock });
    expect(await screen.findByText(M.lendingNote)).toBeTruthy();
    const base = api.getOrder.mock.calls.length;
    visibility = 'hidden';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    act(() => clock.increment(10 * 60_000));
    expect(api.getOrder.mock.calls.length).toBe(base);
    api.getOrder.mockResolvedValue(order(6));
    visibility = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(api.getOrder.mock.calls.length).toBe(base + 1);
    await waitFor(() => expect(memory.history).toEqual(['/orders']));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });
});

describe.each(mode)('stale deep links (%s)', (_, strict) => {
  it.each([
    ['confirm', 6, `/orders/${ORDER_ID}/detail`],
    ['confirm', 4, '/orders'],
    ['confirm', 1, `/orders/${ORDER_ID}/audit`],
    ['detail', 1, `/orders/${ORDER_ID}/audit`],
    ['detail', 2, `/orders/${ORDER_ID}/confirm`],
    ['detail', 11, `/orders/${ORDER_ID}/extension`],
    ['detail', 5, '/orders'],
    ['audit', 2, `/orders/${ORDER_ID}/confirm`],
    ['audit', 3, '/orders'],
    ['audit', 8, '/orders'],
  ] as const)('%s with an order in %i is replaced by %s, showing no action', async (page, state, to) => {
    api.getOrder.mockResolvedValue(order(state));
    const { memory } = open(page, strict);
    await waitFor(() => expect(memory.history).toEqual([to]));
    expect(screen.queryByRole('button', { name: /Get Money|Repayment|Refresh/ })).toBeNull();
    expect(api.confirmLoan).not.toHaveBeenCalled();
    expect(api.repay).not.toHaveBeenCalled();
    // Sent on to its confirm page, the order answered is handed over and its KFS asked now (read-ahead).
    const toConfirm = to === `/orders/${ORDER_ID}/confirm`;
    expect(api.keepOrderAhead.mock.calls).toEqual(toConfirm ? [[ORDER_ID, order(state)]] : []);
    expect(kfsCalls.readOrderKfsAhead.mock.calls).toEqual(toConfirm ? [[ORDER_ID]] : []);
  });
});

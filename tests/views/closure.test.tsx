/**
 * Ending a loan early on the order's detail page, rendered with the page's real effects (the API
 * modules mocked, the tab's storage real), in StrictMode and normal mode: the cooling-off exit with
 * its amount, paid once with the quote's kind and amount and remembered for the return; against a
 * lender without the quote call, the spec's page (no exit or closure amount); the return from a
 * closure says the loan is closed; Hindi.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closureText } from '../../i18n/en/closure';
import { orderText } from '../../i18n/en/order';
import { CLOSE, EXIT, LOAN, NOW, ORDER_ID, ORIGIN } from '../../machines/closure/closure.cases';
import { closureMachine } from '../../machines/closure/closure.machine';
import { orderMachine } from '../../machines/order/order.machine';
import { markOf } from '../../machines/shared/payment';
import { closureEffects } from '../../src/flows/orders/closure.effects';
import { orderEffects } from '../../src/flows/orders/order.effects';
import { OrderFlow } from '../../src/flows/orders/OrderFlow';
import { startedPaymentStore } from '../../src/flows/shared/payment';
import { switchLanguage } from '../support/language';

const C = closureText.en;

const api = vi.hoisted(() => ({ getOrder: vi.fn(), confirmLoan: vi.fn(), repay: vi.fn(), getOrderList: vi.fn() }));
vi.mock('../../src/api/orders', () => api);
const payments = vi.hoisted(() => ({ listPayments: vi.fn() }));
vi.mock('../../src/api/payments', () => payments);
const closure = vi.hoisted(() => ({ closureQuote: vi.fn(), repayFor: vi.fn() }));
vi.mock('../../src/api/closure', () => closure);

const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

beforeEach(() => {
  for (const fn of [...Object.values(api), ...Object.values(closure), payments.listPayments]) fn.mockReset();
  payments.listPayments.mockResolvedValue({ offered: true, value: [] });
  sessionStorage.clear();
});
afterEach(() => switchLanguage('en'));

function restoreFromBfcache() {
  const e = new Event('pageshow');
  Object.defineProperty(e, 'persisted', { value: true });
  act(() => void window.dispatchEvent(e));
}

function detail(strict: boolean) {
  const store = startedPaymentStore(ORDER_ID);
  const reload = vi.fn<() => void>();
  const memory = memoryLocation({ path: `/orders/${ORDER_ID}/detail` });
  const openPayment = vi.fn<(url: string) => void>();
  const tree = (
    <Router hook={memory.hook}>
      <OrderFlow
        machine={orderMachine.provide(orderEffects(ORDER_ID, memory.navigate, { openPayment }))}
        closure={closureMachine.provide(closureEffects(ORDER_ID, { openPayment }))}
        page="detail"
        orderId={ORDER_ID}
        draft={null}
        today={NOW}
        origin={ORIGIN}
        paymentHosts={['pay.example']}
        started={store.read()}
        now={() => NOW}
        reload={reload}
      />
    </Router>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { store, openPayment, reload };
}

describe.each(mode)('closing a loan early (%s)', (_, strict) => {
  it('within the cooling-off period: the exit and its amount, paid once at the quote, remembered for the return', async () => {
    api.getOrder.mockResolvedValue(LOAN);
    closure.closureQuote.mockResolvedValue({ offered: true, value: EXIT });
    closure.repayFor.mockResolvedValue({ paymentUrl: 'https://pay.example/checkout?s=1', paymentId: 'pay_close1' });
    const { store, openPayment } = detail(strict);
    const card = await screen.findByRole('region', { name: C.exitTitle });
    expect(card.textContent).toContain('Exit now by paying ₹15,014: the principal and the interest for 1 day, with no penalty.');
    expect(screen.getByRole('button', { name: 'Repayment ₹16,229' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: C.exitButton }));
    expect(screen.getByRole('heading', { name: C.confirmExitTitle })).toBe(document.activeElement);
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹15,014' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹15,014' }));
    await waitFor(() => expect(openPayment).toHaveBeenCalledTimes(1));
    expect(closure.repayFor).toHaveBeenCalledTimes(1);
    expect(closure.repayFor.mock.calls[0]![0]).toEqual({ orderId: ORDER_ID, purpose: 'closure', kind: 'coolingOff', amount: 15014 });
    expect(closure.repayFor.mock.calls[0]![1].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(store.read()).toMatchObject({ purpose: 'closure', paymentId: 'pay_close1' });
  });

  it('Back from the gateway into the bfcache after a closure payment: the page loads afresh, so it tells the outcome', async () => {
    api.getOrder.mockResolvedValue(LOAN);
    closure.closureQuote.mockResolvedValue({ offered: true, value: EXIT });
    closure.repayFor.mockResolvedValue({ paymentUrl: 'https://pay.example/checkout?s=1', paymentId: 'pay_close1' });
    const { openPayment, reload } = detail(strict);
    await screen.findByRole('region', { name: C.exitTitle });
    // Nothing started yet: the order machine reads the order again itself.
    restoreFromBfcache();
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: C.exitButton }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹15,014' }));
    await waitFor(() => expect(openPayment).toHaveBeenCalledTimes(1));
    restoreFromBfcache();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('after it: Close the loan today at the interest to date', async () => {
    api.getOrder.mockResolvedValue(LOAN);
    closure.closureQuote.mockResolvedValue({ offered: true, value: CLOSE });
    detail(strict);
    const card = await screen.findByRole('region', { name: C.closeTitle });
    expect(card.textContent).toContain('Close your loan today by paying ₹15,149: the interest to date, with no foreclosure fee.');
  });

  it('against a lender without the quote call: the spec\'s page, no exit or closure amount', async () => {
    api.getOrder.mockResolvedValue(LOAN);
    closure.closureQuote.mockResolvedValue({ offered: false });
    detail(strict);
    await screen.findByRole('button', { name: 'Repayment ₹16,229' });
    await waitFor(() => expect(closure.closureQuote).toHaveBeenCalled());
    await waitFor(() => expect(document.querySelector('.closure')).toBeNull());
    for (const text of [C.exitTitle, C.closeTitle, C.partButton, '₹15,014']) expect(screen.queryByText(text)).toBeNull();
  });

  it('back from a closure the lender received: the loan is closed', async () => {
    startedPaymentStore(ORDER_ID).write({ orderId: ORDER_ID, purpose: 'closure', key: 'intent-key-0001', at: NOW, paymentId: 'pay_close1', before: markOf(LOAN) });
    api.getOrder.mockResolvedValue({ ...LOAN, orderState: 7, paidAmount: 15014, repaymentAmount: 16229 });
    payments.listPayments.mockResolvedValue({
      offered: true,
      value: [{ id: 'pay_close1', orderId: ORDER_ID, orderNo: LOAN.orderNo, purpose: 'closure', status: 'received', amount: 15014, paidAmount: 15014, createdAt: '2025-06-02 15:36:00', paidAt: '2025-06-02 15:37:00', reference: 'gw_1', knownBy: '', receiptNo: 'RC1', paidOff: null, dueAfter: 0, newDueDate: '' }],
    });
    detail(strict);
    expect(await screen.findByRole('heading', { level: 2, name: orderText.en.receivedTitle })).toBeTruthy();
    expect(screen.getByText(C.loanClosed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: orderText.en.payAgain })).toBeNull();
  });
});

describe('in Hindi', () => {
  it('the exit speaks Hindi', async () => {
    await switchLanguage('hi');
    api.getOrder.mockResolvedValue(LOAN);
    closure.closureQuote.mockResolvedValue({ offered: true, value: EXIT });
    detail(false);
    expect(await screen.findByRole('button', { name: 'बिना जुर्माने के बाहर निकलें' })).toBeTruthy();
    expect(screen.getByText(/अभी ₹15,014 चुकाकर बाहर निकलें/)).toBeTruthy();
  });
});

/**
 * Back from the payment page, rendered with the order page's real effects (the API modules mocked,
 * the tab's storage real), in StrictMode and normal mode, English and Hindi: the page tells what the
 * lender says happened to the payment this tab started. Received (the amount, when, the reference,
 * what is left, the receipt), waiting for the bank then received on the page's own check, not
 * received (Pay again: a new intent, a new key), not confirmed yet against a lender with only the
 * spec's calls (Check again, Pay again); a reload tells it again; the order's payments and the
 * timeline's marks once the borrower goes on to the loan.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SimulatedClock } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Offered } from '../../contract/offered';
import type { PaymentRecord } from '../../contract/payments';
import { orderText } from '../../i18n/en/order';
import { orderMachine } from '../../machines/order/order.machine';
import { EXTENDED, order, ORDER_ID, ORIGIN, PAYMENTS, record, started, TODAY } from '../../machines/order/order.cases';
import { orderEffects } from '../../src/flows/orders/order.effects';
import { OrderFlow } from '../../src/flows/orders/OrderFlow';
import { parseStartedPayment, startedPaymentStore } from '../../src/flows/shared/payment';
import { switchLanguage } from '../support/language';

const M = orderText.en;

const api = vi.hoisted(() => ({ getOrder: vi.fn(), confirmLoan: vi.fn(), repay: vi.fn(), getOrderList: vi.fn() }));
vi.mock('../../src/api/orders', () => api);
const payments = vi.hoisted(() => ({ listPayments: vi.fn() }));
vi.mock('../../src/api/payments', () => payments);

const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

beforeEach(() => {
  for (const fn of [...Object.values(api), payments.listPayments]) fn.mockReset();
  sessionStorage.clear();
});
afterEach(() => switchLanguage('en'));

/** The detail page as the gateway's return opens it: the tab remembers the payment started (or not). */
function returnTo(strict: boolean, { purpose = 'repayment' as 'repayment' | 'extensionFee', remembered = true, clock }: { purpose?: 'repayment' | 'extensionFee'; remembered?: boolean; clock?: SimulatedClock } = {}) {
  const store = startedPaymentStore(ORDER_ID);
  if (remembered) store.write(started(purpose));
  const memory = memoryLocation({ path: `/orders/${ORDER_ID}/detail`, record: true });
  const openPayment = vi.fn<(url: string) => void>();
  const machine = orderMachine.provide(orderEffects(ORDER_ID, memory.navigate, { openPayment }));
  const tree = (
    <Router hook={memory.hook}>
      <OrderFlow
        machine={machine}
        page="detail"
        orderId={ORDER_ID}
        draft={null}
        today={TODAY}
        origin={ORIGIN}
        paymentHosts={['pay.example']}
        started={store.read()}
        now={() => TODAY}
        {...(clock ? { clock } : {})}
      />
    </Router>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { store, memory, openPayment, view };
}

const card = () => screen.getByRole('region', { name: /./ });
const heading = () => screen.findByRole('heading', { level: 2 });
const listed = (...records: PaymentRecord[]): Offered<PaymentRecord[]> => ({ offered: true, value: records });

describe.each(mode)('back from the payment page (%s)', (_, strict) => {
  it('received: how much, when, the reference, what is left, the receipt; Back to your loan shows the payments and their marks', async () => {
    api.getOrder.mockResolvedValue(order(6, { paidAmount: 4000, repaymentAmount: 17638 }));
    payments.listPayments.mockResolvedValue(PAYMENTS.received);
    const { store } = returnTo(strict);
    expect((await heading()).textContent).toBe(M.receivedTitle);
    const text = card().textContent ?? '';
    for (const words of ['We have received ₹4,000.', 'BW20250601000042', 'Received on12 Jun 2025, 11:31 IST', 'Referencegw_TEST0001', 'Left to pay₹17,638']) expect(text).toContain(words);
    expect(screen.getByRole('link', { name: M.viewReceipt }).getAttribute('href')).toBe(`/orders/${ORDER_ID}/receipts/pay_0001`);
    expect(screen.queryByRole('button', { name: /^Repayment/ })).toBeNull();
    expect(screen.getByRole('status').textContent).toContain(M.receivedTitle); // said to screen readers
    // A reload tells it again: the tab still remembers the payment.
    expect(store.read()).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: M.backToLoan }));
    expect(await screen.findByRole('button', { name: 'Repayment ₹17,638' })).toBeTruthy();
    expect(store.read()).toBeNull();
    const list = screen.getByRole('region', { name: M.paymentsTitle });
    expect(list.textContent).toContain('Repayment');
    expect(list.textContent).toContain('Received');
    expect(within(list).getByRole('link', { name: 'Receipt of ₹4,000, 12 Jun 2025' }).getAttribute('href')).toBe(`/orders/${ORDER_ID}/receipts/pay_0001`);
    const timeline = screen.getByRole('region', { name: M.timeline });
    expect(within(timeline).getAllByRole('listitem').map((li) => li.textContent)).toContain('Paid ₹4,000 (done)12 Jun 2025');
  });

  it('a reload of the returned page tells it again, from the lender', async () => {
    api.getOrder.mockResolvedValue(order(7));
    payments.listPayments.mockResolvedValue(listed(record('received', { paidAmount: 21638, dueAfter: 0 })));
    const first = returnTo(strict);
    expect((await heading()).textContent).toBe(M.receivedTitle);
    expect(card().textContent).toContain(M.settled);
    first.view.unmount();
    returnTo(strict, { remembered: false }); // the tab's storage, as a reload finds it
    expect((await heading()).textContent).toBe(M.receivedTitle);
    expect(card().textContent).toContain('We have received ₹21,638.');
  });

  it('pending: not to pay again, when it will be known; the page checks by itself and says when the bank confirms it', async () => {
    const clock = new SimulatedClock();
    api.getOrder.mockResolvedValue(order(6, { paidAmount: 0 }));
    payments.listPayments.mockResolvedValue(PAYMENTS.pending);
    returnTo(strict, { clock });
    expect((await heading()).textContent).toBe(M.pendingTitle);
    const text = card().textContent ?? '';
    expect(text).toContain(M.pendingDontPay);
    expect(text).toContain('Your bank will confirm it by 12 Jun 2025, 11:33 IST.');
    expect(text).toContain(M.pendingAuto);
    expect(screen.queryByRole('button', { name: M.payAgain })).toBeNull();
    expect(screen.queryByRole('button', { name: M.backToLoan })).toBeNull();
    const calls = payments.listPayments.mock.calls.length;
    api.getOrder.mockResolvedValue(order(6, { paidAmount: 4000, repaymentAmount: 17638 }));
    payments.listPayments.mockResolvedValue(PAYMENTS.received);
    await act(async () => clock.increment(5_000));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(M.receivedTitle));
    expect(payments.listPayments.mock.calls.length).toBeGreaterThan(calls);
    expect(screen.getByRole('status').textContent).toContain(M.receivedTitle);
    expect(card().textContent).toContain('Left to pay₹17,638');
  });

  it('not received: nothing was taken; Pay again is a new intent with a new key', async () => {
    api.getOrder.mockResolvedValue(order(8));
    payments.listPayments.mockResolvedValue(PAYMENTS.failed);
    api.repay.mockResolvedValue({ paymentUrl: 'https://pay.example/checkout?s=2', paymentId: 'pay_0002' });
    const { store, openPayment } = returnTo(strict);
    expect((await heading()).textContent).toBe(M.notReceivedTitle);
    expect(card().textContent).toContain(M.notReceivedLead);
    expect(card().textContent).toContain(M.notReceivedTry);
    fireEvent.click(screen.getByRole('button', { name: M.payAgain }));
    await waitFor(() => expect(openPayment).toHaveBeenCalledTimes(1));
    expect(api.repay).toHaveBeenCalledTimes(1);
    const key = api.repay.mock.calls[0]![1].idempotencyKey as string;
    expect(key).not.toBe(started().key);
    expect(store.read()).toMatchObject({ purpose: 'repayment', key, paymentId: 'pay_0002' });
  });

  it('a lender with only the spec’s calls, an order unchanged: not confirmed yet, with Check again and Pay again', async () => {
    api.getOrder.mockResolvedValue(order(6, { paidAmount: 0 }));
    payments.listPayments.mockResolvedValue(PAYMENTS.notOffered);
    returnTo(strict);
    expect((await heading()).textContent).toBe(M.unconfirmedTitle);
    expect(card().textContent).toContain(M.unconfirmedLead);
    expect(screen.queryByRole('link', { name: M.viewReceipt })).toBeNull();
    const reads = api.getOrder.mock.calls.length;
    api.getOrder.mockResolvedValue(order(7));
    fireEvent.click(screen.getByRole('button', { name: M.checkAgain }));
    expect((await screen.findByRole('heading', { level: 2, name: M.receivedTitle })).textContent).toBe(M.receivedTitle);
    expect(api.getOrder.mock.calls.length).toBeGreaterThan(reads);
    // Without the lender's record, no amount, time or receipt is made up: the order's own words.
    expect(card().textContent).toContain(M.receivedUpdated);
    expect(card().textContent).toContain(M.settled);
    expect(screen.queryByRole('link', { name: M.viewReceipt })).toBeNull();
  });

  it('not confirmed yet while another payment waits for the bank: no Pay again, it says why', async () => {
    api.getOrder.mockResolvedValue(order(6, { paidAmount: 0 }));
    payments.listPayments.mockResolvedValue(listed(record('started'), record('pending', { id: 'pay_other' })));
    returnTo(strict);
    expect((await heading()).textContent).toBe(M.unconfirmedTitle);
    expect(screen.queryByRole('button', { name: M.payAgain })).toBeNull();
    expect(card().textContent).toContain(M.otherPending);
  });

  it('an extension fee received: the new due date', async () => {
    api.getOrder.mockResolvedValue(EXTENDED);
    payments.listPayments.mockResolvedValue(listed(record('received', { purpose: 'extensionFee', paidAmount: 3050, newDueDate: '2025-06-24' })));
    returnTo(strict, { purpose: 'extensionFee' });
    expect((await heading()).textContent).toBe(M.feeReceivedTitle);
    expect(card().textContent).toContain('Your due date is now 24 Jun 2025.');
    expect(card().textContent).not.toContain(M.leftToPay);
  });
});

describe('back from the payment page, in Hindi', () => {
  beforeEach(() => switchLanguage('hi'));

  it.each([
    ['received', PAYMENTS.received, 'भुगतान मिल गया', 'हमें ₹4,000 मिल गए हैं।'],
    ['pending', PAYMENTS.pending, 'आपके बैंक की पुष्टि का इंतज़ार है', 'कृपया तब तक दोबारा भुगतान न करें, नहीं तो पैसे दो बार कट सकते हैं।'],
    ['not received', PAYMENTS.failed, 'भुगतान नहीं मिला', 'कोई पैसा नहीं कटा।'],
    ['not confirmed yet', PAYMENTS.notOffered, 'भुगतान की पुष्टि अभी नहीं हुई', 'हमें यह भुगतान अभी तक नहीं मिला है।'],
  ])('%s', async (_, answer, title, words) => {
    api.getOrder.mockResolvedValue(order(6, { paidAmount: 0 }));
    payments.listPayments.mockResolvedValue(answer);
    returnTo(false);
    expect((await heading()).textContent).toBe(title);
    expect(card().textContent).toContain(words);
    expect(card().textContent).toContain('ऑर्डर नंबर');
  });

  it('the buttons and the receipt link', async () => {
    api.getOrder.mockResolvedValue(order(6, { paidAmount: 0 }));
    payments.listPayments.mockResolvedValue(PAYMENTS.notOffered);
    returnTo(false);
    await heading();
    for (const name of ['फिर से जाँचें', 'फिर से भुगतान करें', 'अपने लोन पर वापस जाएँ']) expect(screen.getByRole('button', { name })).toBeTruthy();
  });
});

describe('the payment started, as the tab keeps it', () => {
  it('in this tab only, read back only in its own shape', () => {
    const store = startedPaymentStore(ORDER_ID);
    store.write(started());
    expect(store.read()).toEqual(started());
    expect(Object.keys(sessionStorage).some((k) => k.startsWith(`bw.draft.payment.${ORDER_ID}.`))).toBe(true);
    expect(Object.keys(localStorage).some((k) => k.includes('payment'))).toBe(false);
    for (const odd of [null, 'x', {}, { ...started(), key: 'short' }, { ...started(), purpose: 'other' }, { ...started(), before: null }, { ...started(), at: 'now' }])
      expect(parseStartedPayment(odd)).toBeNull();
    expect(parseStartedPayment({ ...started(), before: { ...started().before, paidAmount: 'x' } })?.before.paidAmount).toBeNull();
  });
});

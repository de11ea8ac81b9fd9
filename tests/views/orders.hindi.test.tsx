/**
 * The order pages in Hindi: the order detail page (and Loan History's state names) with
 * every text in Hindi, switched without a reload; the machine's messages by key in Hindi; the
 * server's text as it came; amounts in rupees with Indian grouping; English again the spec's text.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderMachine } from '../../machines/order/order.machine';
import { order, ORDER_ID, ORIGIN, TODAY } from '../../machines/order/order.cases';
import { ORDERS, PRODUCTS } from '../../machines/orders/orders.cases';
import { orderEffects } from '../../src/flows/orders/order.effects';
import { OrderFlow } from '../../src/flows/orders/OrderFlow';
import { switchLanguage } from '../support/language';

const api = vi.hoisted(() => ({ getOrder: vi.fn(), confirmLoan: vi.fn(), repay: vi.fn(), getOrderList: vi.fn(), getHome: vi.fn() }));
vi.mock('../../src/api/orders', () => api);
// A lender with only the spec's calls: no payments list (the payments' own tests offer it).
const payments = vi.hoisted(() => ({ listPayments: vi.fn(async () => ({ offered: false as const })) }));
vi.mock('../../src/api/payments', () => payments);
vi.mock('../../src/api/home', () => ({ getHome: api.getHome }));

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
});
afterEach(() => switchLanguage('en'));

function openDetail() {
  const memory = memoryLocation({ path: `/orders/${ORDER_ID}/detail`, record: true });
  const openPayment = vi.fn<(url: string) => void>();
  const machine = orderMachine.provide(orderEffects(ORDER_ID, memory.navigate, { openPayment }));
  render(
    <Router hook={memory.hook}>
      <OrderFlow machine={machine} page="detail" orderId={ORDER_ID} draft={null} today={TODAY} origin={ORIGIN} paymentHosts={['pay.example']} />
    </Router>,
  );
  return { openPayment };
}

describe('the order detail page in Hindi', () => {
  it('shows every text in Hindi, its messages by key in Hindi, the server’s text as sent, and switches back without a reload', async () => {
    await switchLanguage('hi');
    api.getOrder.mockResolvedValue(order(6, { isExtension: 1 }));
    api.repay.mockRejectedValueOnce(new Error('Gateway busy')).mockResolvedValueOnce({ paymentUrl: 'https://evil.example/pay' });
    const { openPayment } = openDetail();
    const repay = await screen.findByRole('button', { name: 'भुगतान करें ₹21,638' });
    expect(document.documentElement.lang).toBe('hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ऑर्डर की जानकारी');
    const value = (label: string) => screen.getByText(label).nextSibling?.textContent;
    expect(value('लोन राशि')).toBe('₹20,000');
    expect(value('अवधि')).toBe('91 दिन');
    expect(value('मिली राशि')).toBe('₹18,112');
    expect(value('GST (प्रोसेसिंग फ़ीस का 18%)')).toBe('₹288');
    expect(screen.getByText('5 दिन बाकी')).toBeTruthy();
    expect(value('आवेदन की तारीख')).toBe('10 मार्च 2025');
    expect(screen.getByText(/चुकाने की तारीख 17 जून 2025/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'टाइमलाइन' })).toBeTruthy();
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((li) => li.querySelector('.order-timeline-label')?.textContent)).toEqual([
      'आवेदन किया (पूरा)',
      'मंज़ूर हुआ (पूरा)',
      'पैसे भेजे गए (पूरा)',
      'चुकाने की तारीख',
      'चुकाया गया',
    ]);
    expect(screen.getByText('चुकाने में परेशानी?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'तारीख आगे बढ़ाएँ' }).getAttribute('href')).toBe(`/orders/${ORDER_ID}/extension`);

    // The server's text as it came.
    fireEvent.click(repay);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Gateway busy');
    // A machine's message, by key, in Hindi.
    fireEvent.click(screen.getByRole('button', { name: /^भुगतान करें/ }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'पेमेंट पेज ऐसे पते पर है जिस पर यह ऐप भरोसा नहीं करता, इसलिए उसे नहीं खोला गया। कृपया बाद में फिर कोशिश करें या हमसे संपर्क करें।',
      ),
    );
    expect(openPayment).not.toHaveBeenCalled();

    // English again: the spec's texts, the message switching with the page.
    await switchLanguage('en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order detail');
    expect(screen.getByRole('button', { name: 'Repayment ₹21,638' })).toBeTruthy();
    expect(screen.getByText('Repayment stress?')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/^The payment page is not on an address this app trusts/);
  });

  it('an overdue order: days overdue and the overdue fee in Hindi', async () => {
    await switchLanguage('hi');
    api.getOrder.mockResolvedValue(order(8));
    openDetail();
    await screen.findByRole('button', { name: 'भुगतान करें ₹21,838' });
    expect(screen.getByText('4 दिन से ओवरड्यू')).toBeTruthy();
    expect(screen.getByText('ओवरड्यू दिन').nextSibling?.textContent).toBe('4');
    expect(screen.getByText('ओवरड्यू फ़ीस').nextSibling?.textContent).toBe('₹200');
    expect(within(screen.getByRole('list')).getAllByRole('listitem')[3]!.textContent).toBe('चुकाने की तारीख (ओवरड्यू)8 जून 2025');
  });
});

describe('Loan History in Hindi', () => {
  it('names the states in Hindi (the orderStates namespace), the unnamed one by its number', async () => {
    // The screen is loaded first, as a screen on show is when the borrower switches: the switch then
    // waits for its Hindi (a screen loaded later waits for its own, which a busy run may take long to import).
    const { default: OrdersRoute } = await import('../../src/flows/orders/OrdersRoute');
    await switchLanguage('hi');
    api.getOrderList.mockResolvedValue(ORDERS);
    const { hook } = memoryLocation({ path: '/orders' });
    render(
      <Router hook={hook}>
        <OrdersRoute />
      </Router>,
    );
    const items = await screen.findAllByRole('listitem');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('लोन हिस्ट्री');
    expect(screen.getByRole('button', { name: 'रिफ्रेश करें' })).toBeTruthy();
    expect(items.map((li) => li.querySelector('.order-state')?.textContent)).toEqual([
      'जाँच में',
      'मंज़ूर',
      'अस्वीकृत',
      'ट्रांसफ़र जारी',
      'विफल',
      'लोन चालू',
      'चुकाया गया',
      'ओवरड्यू',
      'स्थिति 9',
      'एक्सटेंशन',
    ]);
    expect(within(items[0]!).getByText('लोन राशि').nextSibling?.textContent).toBe('₹5,000');
    expect(screen.getByRole('link', { name: /ऑर्डर ORD101/ })).toBeTruthy();
    await act(async () => switchLanguage('en'));
    expect(items[0]!.querySelector('.order-state')?.textContent).toBe('Auditing');
    // Opened without a reason: no notice.
    expect(screen.queryByRole('status', { name: 'You already have an open loan' })).toBeNull();
  });

  it('says why the borrower is here (?blocked=) in Hindi, the product’s name as sent, and switches back', async () => {
    await switchLanguage('hi');
    api.getOrderList.mockResolvedValue(ORDERS.slice(0, 1));
    api.getHome.mockResolvedValue({ userStatus: 1, homeProductVos: PRODUCTS, undwayList: [] });
    const { default: OrdersRoute } = await import('../../src/flows/orders/OrdersRoute');
    const memory = memoryLocation({ path: '/orders?blocked=1' });
    render(
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <OrdersRoute />
      </Router>,
    );
    const card = await screen.findByRole('status', { name: 'आपका एक लोन अभी चालू है' });
    expect(card.textContent).toContain('वह लोन चुकने के बाद ही Rupee Rise के लिए नया आवेदन किया जा सकता है।');
    expect(card.textContent).toContain('आप इसे अभी शेड्यूल कर सकते हैं, हम इसे तब आपकी ओर से भेज देंगे।');
    expect(within(card).getByRole('link', { name: 'अगला आवेदन शेड्यूल करें' }).getAttribute('href')).toBe('/product/1/schedule');
    await act(async () => switchLanguage('en'));
    expect(screen.getByRole('status', { name: 'You already have an open loan' }).textContent).toContain('A new application for Rupee Rise can only be made');
    expect(screen.getByRole('link', { name: 'Schedule next application' })).toBeTruthy();
  });

  it("a partner's product in Hindi: the notice without an offer", async () => {
    await switchLanguage('hi');
    api.getOrderList.mockResolvedValue(ORDERS.slice(0, 1));
    api.getHome.mockResolvedValue({ userStatus: 2, homeProductVos: PRODUCTS, undwayList: [] });
    const { default: OrdersRoute } = await import('../../src/flows/orders/OrdersRoute');
    const memory = memoryLocation({ path: '/orders?blocked=4' });
    render(
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <OrdersRoute />
      </Router>,
    );
    const card = await screen.findByRole('status', { name: 'आपका एक लोन अभी चालू है' });
    expect(card.textContent).toBe('आपका एक लोन अभी चालू है' + 'वह लोन चुकने के बाद ही Saathi Credit के लिए नया आवेदन किया जा सकता है।');
    expect(within(card).queryByRole('link')).toBeNull();
  });
});

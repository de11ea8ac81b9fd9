/**
 * Loan History in Hindi: what reaches the account worded by where the money is ('आपको मिलेंगे'
 * until it is sent), and the notice after APPLY NOW (?submitted={pid}) with the way to its review.
 */
import { render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDERS, PRODUCTS } from '../../machines/orders/orders.cases';
import { switchLanguage } from '../support/language';

const api = vi.hoisted(() => ({ getOrderList: vi.fn(), getHome: vi.fn() }));
vi.mock('../../src/api/orders', async (original) => ({ ...(await original<Record<string, unknown>>()), getOrderList: api.getOrderList }));
vi.mock('../../src/api/home', async (original) => ({ ...(await original<Record<string, unknown>>()), getHome: api.getHome }));

afterEach(() => switchLanguage('en'));

describe('Loan History in Hindi', () => {
  it('says the application was sent and what comes next, and words each amount by where the money is', async () => {
    // The screen is loaded first, as a screen on show is when the borrower switches.
    const { default: OrdersRoute } = await import('../../src/flows/orders/OrdersRoute');
    await switchLanguage('hi');
    api.getOrderList.mockResolvedValue(ORDERS);
    api.getHome.mockResolvedValue({ userStatus: 2, homeProductVos: PRODUCTS, undwayList: [] });
    const memory = memoryLocation({ path: '/orders?submitted=1' });
    render(
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <OrdersRoute />
      </Router>,
    );
    const card = await screen.findByRole('status', { name: 'आवेदन भेज दिया गया' });
    expect(card.textContent).toBe(
      'आवेदन भेज दिया गया' +
        'हमें Rupee Rise के लिए आपका आवेदन मिल गया है।' +
        'ऋणदाता अब इसकी जाँच कर रहा है। इसमें आम तौर पर कुछ मिनट लगते हैं, और फ़ैसला होते ही आपको SMS मिलेगा। मंज़ूरी के बाद, पैसे पाने के लिए यहीं कन्फ़र्म करें।' +
        'जाँच देखें',
    );
    expect(within(card).getByRole('link', { name: 'जाँच देखें' }).getAttribute('href')).toBe('/orders/101/audit');
    const label = (orderNo: string) => screen.getAllByRole('listitem').find((li) => li.textContent?.includes(orderNo))!.querySelectorAll('.order-amounts dt')[1]!.textContent;
    expect(label('ORD102')).toBe('आपको मिलेंगे');
    expect(label('ORD106')).toBe('मिली राशि');
    expect(label('ORD103')).toBe('फ़ीस के बाद की राशि');
  });
});

/**
 * Home in Hindi: every text of the screen follows the language (headings, buttons and
 * their names, badges, the in-progress list), the machine's messages too (a refused partner link
 * in a toast, through the real effects; a failed load without a msg); the server's text (product
 * names, the in-progress button labels, its msg) stays as the server sent it.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HomeResponse } from '../../contract/home';
import type { OrderListItem } from '../../contract/orders';
import { product } from '../../machines/home/home.cases';
import { homeMachine } from '../../machines/home/home.machine';
import { homeEffects } from '../../src/flows/home/home.effects';
import { HomeFlow } from '../../src/flows/home/HomeRoute';
import { ToastHost } from '../../src/ui/ToastHost';
import { fakeCalls } from '../support/fakes';
import { switchLanguage } from '../support/language';

afterEach(() => switchLanguage('en'));

const multi: HomeResponse = {
  userStatus: 2,
  homeProductVos: [product('1'), product('2', { isFull: 1 }), product('5', { productType: 0, h5Href: 'javascript:alert(1)' })],
  undwayList: [{ orderId: '11', orderState: 1, name: 'Product 1', logo: '', amount: 5000, fullButtonName: 'In review' }],
};
const single: HomeResponse = { userStatus: 1, homeProductVos: [product('1')], undwayList: [] };

async function setup(home: HomeResponse | Error) {
  const calls = fakeCalls<HomeResponse>();
  const orders = fakeCalls<OrderListItem[]>();
  // The real effects (the toast included); only the calls are fakes.
  const machine = homeMachine.provide({ ...homeEffects(vi.fn()), actors: { loadHome: calls.actor, loadOrders: orders.actor } });
  const { hook } = memoryLocation({ path: '/' });
  render(
    <StrictMode>
      <Router hook={hook}>
        <HomeFlow machine={machine} androidBrowser={false} />
        <ToastHost />
      </Router>
    </StrictMode>,
  );
  await waitFor(() => calls.pending());
  await act(async () => (home instanceof Error ? calls.pending().reject(home) : calls.pending().resolve(home)));
  return { calls, user: userEvent.setup() };
}

describe('home in Hindi', () => {
  it('multi layout: headings, buttons, badges and the in-progress list in Hindi; server text as sent', async () => {
    await switchLanguage('hi');
    const { user } = await setup(multi);
    expect(await screen.findByRole('heading', { name: 'लोन प्रोडक्ट' })).toBeTruthy();
    expect(screen.getByText('तुरंत पर्सनल लोन, सीधे आपके बैंक अकाउंट में।')).toBeTruthy();
    const inProgress = within(screen.getByRole('region', { name: 'चालू ऑर्डर' }));
    // The server's button label and product name, as sent.
    expect(inProgress.getByRole('button', { name: 'In review: Product 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Product 1 के लिए आवेदन करें' }).textContent).toBe('आवेदन करें');
    expect(screen.getByText('उपलब्ध नहीं')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Product 2 के लिए आवेदन शेड्यूल करें' }).textContent).toBe('शेड्यूल');
    expect(screen.getAllByText('अधिकतम')).toHaveLength(3);
    expect(screen.getAllByText(/^91 दिन/)).toHaveLength(3);

    // A machine's message, by key, in Hindi (the toast of the real effects).
    await user.click(screen.getByRole('button', { name: 'Product 5 के लिए आवेदन करें' }));
    expect(await screen.findByText('यह प्रोडक्ट अभी उपलब्ध नहीं है।')).toBeTruthy();

    // Back to English without a reload: the spec's texts.
    await switchLanguage('en');
    expect(screen.getByRole('heading', { name: 'Loan products' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply for Product 1' }).textContent).toBe('Apply');
  });

  it('single layout: the offer in Hindi', async () => {
    await switchLanguage('hi');
    await setup(single);
    expect(await screen.findByRole('heading', { name: 'आपका लोन ऑफ़र' })).toBeTruthy();
    expect(screen.getByText('अधिकतम लोन')).toBeTruthy();
    expect(screen.getByText('अवधि')).toBeTruthy();
    expect(screen.getByText('91 दिन')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'अभी आवेदन करें' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'प्रोडक्ट की जानकारी' }).getAttribute('href')).toBe('/product/1');
  });

  it("a failed load without the server's msg: the machine's message in Hindi", async () => {
    await switchLanguage('hi');
    await setup(new Error(''));
    expect(await screen.findByText('कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।')).toBeTruthy();
  });

  it("the server's msg stays as the server sent it", async () => {
    await switchLanguage('hi');
    await setup(new Error('Service busy'));
    expect(await screen.findByText('Service busy')).toBeTruthy();
  });
});

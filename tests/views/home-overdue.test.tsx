/**
 * Home with an overdue loan: the order the lender says is overdue (8) comes first, above any offer,
 * with the lender's days overdue, what is due, the overdue fee so far and the penal charge per day
 * from the client config ("Not provided by the lender" when it gives none). Its detail is read as
 * soon as home has answered, beside home's other calls (never after them), and the block keeps its
 * place while it loads. The other in-progress amounts are named by where the money is. In English
 * and Hindi, in StrictMode and normal mode.
 */
import { StrictMode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '../../contract/content';
import type { HomeResponse } from '../../contract/home';
import type { Order } from '../../contract/orders';
import type { ScheduledOrder } from '../../contract/schedule';
import { product } from '../../machines/home/home.cases';
import { inProgressAmountLabel, isOverdueItem, overdueFacts } from '../../machines/home/home-orders.rules';
import { homeMachine } from '../../machines/home/home.machine';
import { order } from '../../machines/order/order.cases';
import { HomeWithSchedules } from '../../src/flows/home/HomeRoute';
import { clientConfig } from '../../src/flows/shared/client-config';
import { fakeCalls } from '../support/fakes';
import { switchLanguage } from '../support/language';

const api = vi.hoisted(() => ({ getOrder: vi.fn() }));
vi.mock('../../src/api/orders', async (original) => ({ ...(await original<Record<string, unknown>>()), getOrder: api.getOrder }));

const CONFIG: ClientConfig = { customer: null, lender: null, grievanceOfficer: null, penalChargePerDay: 0.001, coolingOffDays: null };

/** Arjun's loan, as the sandbox has it: ₹10,000 lent, 5 days overdue, ₹10 a day. */
const ARJUN: Order = order(8, { orderId: '81', loanAmount: 10000, repaymentAmount: 10869, overdueDays: 5, overdueFee: 50 });

const HOME: HomeResponse = {
  userStatus: 1,
  homeProductVos: [product('1', { name: 'Rupee Rise', isFull: 1 })],
  undwayList: [
    { orderId: '11', orderState: 1, name: 'Quick Cash', logo: '', amount: 5000, fullButtonName: 'In review' },
    { orderId: '81', orderState: 8, name: 'Rupee Rise', logo: '', amount: 10869, fullButtonName: 'Repay now' },
    { orderId: '14', orderState: 11, name: 'Salary Bridge', logo: '', amount: 3200, fullButtonName: 'Extension' },
  ],
};

const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

beforeEach(() => {
  api.getOrder.mockReset();
});
afterEach(async () => {
  clientConfig.reset();
  await switchLanguage('en');
});

/** Home with fake calls: home, the schedules list, the order's detail and the config, each settled by the test. */
function openHome(strict: boolean) {
  const home = fakeCalls<HomeResponse>();
  const schedules = fakeCalls<ScheduledOrder[]>();
  const detail = fakeCalls<Order>();
  const config = fakeCalls<ClientConfig>();
  api.getOrder.mockImplementation((orderId: string, { signal }: { signal: AbortSignal }) => detail.call({ orderId }, signal));
  clientConfig.reset(() => config.call(undefined, new AbortController().signal));
  const navigate = vi.fn();
  const machine = homeMachine.provide({ actors: { loadHome: home.actor }, actions: { navigate: (_, p) => navigate(p.to) } });
  const { hook } = memoryLocation({ path: '/' });
  const tree = (
    <Router hook={hook}>
      <HomeWithSchedules machine={machine} androidBrowser={false} load={schedules.fn} />
    </Router>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { home, schedules, detail, config, navigate };
}

async function settle<T>(calls: ReturnType<typeof fakeCalls<T>>, value: T | Error) {
  await waitFor(() => calls.pending());
  await act(async () => (value instanceof Error ? calls.pending().reject(value) : calls.pending().resolve(value)));
}

const facts = (block: HTMLElement) =>
  Object.fromEntries([...block.querySelectorAll('dl div')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]));

describe("home's orders, as rules", () => {
  it('takes every figure from the lender: its days (none when it sends none), what is due, the fee, the config’s rate', () => {
    expect(overdueFacts(ARJUN, CONFIG)).toEqual({ days: 5, due: 10869, fee: 50, penal: { rate: 0.001, amount: 10 } });
    expect(overdueFacts({ ...ARJUN, overdueDays: 0 }, CONFIG).days).toBeNull();
    expect(overdueFacts({ ...ARJUN, overdueDays: null, overdueFee: null }, { penalChargePerDay: null })).toEqual({ days: null, due: 10869, fee: null, penal: null });
    expect([1, 2, 4, 6, 8, 11, 3, 5, 7].map((s) => inProgressAmountLabel(s))).toEqual(['loanAmount', 'loanAmount', 'loanAmount', 'amountDue', 'amountDue', 'amountDue', null, null, null]);
    expect(HOME.undwayList.map(isOverdueItem)).toEqual([false, true, false]);
  });
});

describe.each(mode)('home with an overdue loan (%s)', (_, strict) => {
  it('shows it first, above the offer, and reads its detail beside the schedules call, never after it', async () => {
    const t = openHome(strict);
    await settle(t.home, HOME);
    const block = await screen.findByRole('region', { name: 'Payment overdue' });
    // The detail is asked while the schedules list is still unanswered: side by side.
    await waitFor(() => t.detail.pending());
    expect(t.schedules.pending()).toBeTruthy();
    expect(t.detail.live().map((c) => c.input)).toEqual([{ orderId: '81' }]);
    // While it loads the block keeps its place: the lines are there, waiting.
    expect(block.getAttribute('aria-busy')).toBe('true');
    expect(Object.keys(facts(block))).toEqual(['Amount due', 'Overdue fee so far', 'Penal charge']);
    expect(within(block).getByText('Overdue')).toBeTruthy();
    await settle(t.detail, ARJUN);
    await settle(t.config, CONFIG);
    await waitFor(() => expect(block.getAttribute('aria-busy')).toBeNull());
    expect(within(block).getByText('Rupee Rise')).toBeTruthy();
    expect(within(block).getByText('5 days overdue')).toBeTruthy();
    expect(facts(block)).toEqual({
      'Amount due': '₹10,869',
      'Overdue fee so far': '₹50',
      'Penal charge': '0.1% of the overdue principal a day (₹10 a day on this loan)',
    });
    expect(within(block).getByText('A penal charge is added for each day the payment is late. It is a charge, not interest.')).toBeTruthy();
    // Above any offer and above the other orders.
    const offer = screen.getByRole('heading', { name: 'Your loan offer' });
    const inProgress = screen.getByRole('region', { name: 'In progress' });
    expect(block.compareDocumentPosition(offer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(block.compareDocumentPosition(inProgress) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Shown once: not again in the list.
    expect(within(inProgress).queryByText('Rupee Rise')).toBeNull();
    await userEvent.setup().click(within(block).getByRole('button', { name: 'Repay now: Rupee Rise' }));
    expect(t.navigate).toHaveBeenCalledWith('/orders/81/detail');
  });

  it('names the other amounts by where the money is: the loan amount before it is sent, what is due after', async () => {
    const t = openHome(strict);
    await settle(t.home, HOME);
    const list = within(await screen.findByRole('region', { name: 'In progress' }));
    const amount = (name: string) => list.getByText(name).nextElementSibling?.textContent;
    expect(amount('Quick Cash')).toBe('Loan amount ₹5,000');
    expect(amount('Salary Bridge')).toBe('Amount due ₹3,200');
    expect(screen.queryByText(/received/i)).toBeNull();
  });

  it('a lender that gives no penal charge, and no days: "Not provided by the lender" and "Overdue", no count made up', async () => {
    const t = openHome(strict);
    await settle(t.home, HOME);
    const block = await screen.findByRole('region', { name: 'Payment overdue' });
    await settle(t.detail, { ...ARJUN, overdueDays: 0 });
    await settle(t.config, { ...CONFIG, penalChargePerDay: null });
    await waitFor(() => expect(facts(block)['Penal charge']).toBe('Not provided by the lender'));
    expect(within(block).getByText('Overdue')).toBeTruthy();
    expect(within(block).queryByText(/days? overdue/)).toBeNull();
  });

  it('a detail that could not be read says so in the block, with Try again; home stays', async () => {
    const t = openHome(strict);
    await settle(t.home, HOME);
    const block = await screen.findByRole('region', { name: 'Payment overdue' });
    await settle(t.detail, new Error('Service busy'));
    expect((await within(block).findByRole('alert')).textContent).toBe('Service busy');
    expect(screen.getByRole('heading', { name: 'Your loan offer' })).toBeTruthy();
    await userEvent.setup().click(within(block).getByRole('button', { name: 'Try again' }));
    await settle(t.detail, ARJUN);
    await settle(t.config, CONFIG);
    await waitFor(() => expect(facts(block)['Amount due']).toBe('₹10,869'));
  });
});

describe('home with an overdue loan in Hindi', () => {
  it('says it all in Hindi', async () => {
    await switchLanguage('hi');
    const t = openHome(false);
    await settle(t.home, HOME);
    const block = await screen.findByRole('region', { name: 'भुगतान की तारीख निकल गई' });
    await settle(t.detail, ARJUN);
    await settle(t.config, CONFIG);
    await waitFor(() => expect(within(block).getByText('5 दिन से ओवरड्यू')).toBeTruthy());
    expect(facts(block)).toEqual({
      'बकाया राशि': '₹10,869',
      'अब तक की ओवरड्यू फ़ीस': '₹50',
      'दंड शुल्क': 'बकाया मूलधन का 0.1% प्रति दिन (इस लोन पर ₹10 प्रति दिन)',
    });
    expect(within(block).getByText('भुगतान में देरी के हर दिन दंड शुल्क जुड़ता है। यह शुल्क है, ब्याज नहीं।')).toBeTruthy();
    const list = within(screen.getByRole('region', { name: 'चालू ऑर्डर' }));
    expect(list.getByText('Quick Cash').nextElementSibling?.textContent).toBe('लोन राशि ₹5,000');
    expect(list.getByText('Salary Bridge').nextElementSibling?.textContent).toBe('बकाया राशि ₹3,200');
  });
});

/**
 * Before Get Money the borrower knows what they will get and what they will owe: the confirm page's
 * two sums (loan − processing fee − GST = what reaches the account; loan + interest = the repayment
 * amount) add up on screen, every part the lender's (GST may be 18% of the fee), a part the order
 * lacks said to be missing, a difference the lender leaves on a line of its own; the due date; and
 * the order's Key Fact Statement, a page of its own drawn from the order and the client config. In
 * English and in Hindi, in StrictMode and normal mode.
 */
import { StrictMode } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '../../contract/content';
import type { Order } from '../../contract/orders';
import { orderMachine } from '../../machines/order/order.machine';
import { order, ORDER_ID, ORIGIN, TODAY } from '../../machines/order/order.cases';
import { disbursal, repayable } from '../../machines/order/order.rules';
import { orderKeyFacts } from '../../machines/shared/kfs';
import { orderEffects } from '../../src/flows/orders/order.effects';
import { OrderFlow } from '../../src/flows/orders/OrderFlow';
import { clientConfig } from '../../src/flows/shared/client-config';
import { switchLanguage } from '../support/language';
import { expectAddsUp, readSum } from '../support/sums';

const api = vi.hoisted(() => ({ getOrder: vi.fn(), confirmLoan: vi.fn(), repay: vi.fn(), getOrderList: vi.fn() }));
vi.mock('../../src/api/orders', () => api);
// The lender's KFS calls: not offered unless a test says otherwise.
const kfsCalls = vi.hoisted(() => ({ orderKfs: vi.fn(), issueKfs: vi.fn(), acknowledgeKfs: vi.fn() }));
vi.mock('../../src/api/kfs', () => kfsCalls);

const CONFIG: ClientConfig = {
  customer: null,
  lender: { name: 'Sandbox Finance Private Limited', rbiRegistration: 'N-14.03636', address: '', website: '' },
  grievanceOfficer: { name: 'Priya Nair', phone: '+91 80 4000 1234', email: 'grievance@sandbox.example', address: '' },
  penalChargePerDay: 0.001,
  coolingOffDays: 3,
};

const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  for (const fn of Object.values(kfsCalls)) fn.mockReset().mockResolvedValue({ offered: false });
});
afterEach(() => switchLanguage('en'));

function openConfirm(strict: boolean) {
  const memory = memoryLocation({ path: `/orders/${ORDER_ID}/confirm`, record: true });
  const machine = orderMachine.provide(orderEffects(ORDER_ID, memory.navigate, { openPayment: vi.fn() }));
  const tree = (
    <Router hook={memory.hook}>
      <OrderFlow machine={machine} page="confirm" orderId={ORDER_ID} draft={null} today={TODAY} origin={ORIGIN} paymentHosts={[]} />
    </Router>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return memory;
}

const region = (name: string) => screen.getByRole('region', { name });

describe('the two sums, as rules', () => {
  it('takes every part from the order; GST is the order’s, else 18% of the fee; nothing else is worked out', () => {
    expect(disbursal(order(2))).toEqual({ loan: 20000, fee: 1600, gst: 288, received: 18112, other: null });
    expect(disbursal(order(2, { gstFee: null }))).toEqual({ loan: 20000, fee: 1600, gst: 288, received: 18112, other: null });
    expect(disbursal(order(2, { arriveAmount: null }))).toEqual({ loan: 20000, fee: 1600, gst: 288, received: null, other: null });
    expect(disbursal(order(2, { serviceFee: null, gstFee: null }))).toEqual({ loan: 20000, fee: null, gst: null, received: 18112, other: null });
    // The lender's figures leave ₹100 unexplained: a line of its own, so the lines still add up.
    expect(disbursal(order(2, { arriveAmount: 18012 }))).toMatchObject({ other: -100 });
    expect(repayable(order(2))).toEqual({ loan: 20000, interest: 1638, repayment: 21638, other: null });
    expect(repayable(order(2, { repaymentAmount: 21700 }))).toMatchObject({ other: 62 });
    expect(repayable(order(2, { interest: null }))).toEqual({ loan: 20000, interest: null, repayment: 21638, other: null });
  });
});

describe.each(mode)('the confirm page (%s)', (_, strict) => {
  it('shows what reaches the account and what is repaid as sums that add up, the due date, and links to the KFS', async () => {
    api.getOrder.mockResolvedValue(order(2, { repaymentDate: '2025-06-09' }));
    const memory = openConfirm(strict);
    await screen.findByRole('button', { name: 'Get Money' });
    const receive = expectAddsUp(region('What reaches your account'));
    expect(receive.parts.map((p) => [p.label, p.shown, p.value])).toEqual([
      ['Loan amount', '₹20,000', 20000],
      ['Processing fee', '₹1,600', -1600],
      ['GST (18% of the processing fee)', '₹288', -288],
    ]);
    expect([receive.total.label, receive.total.shown]).toEqual(['You will receive', '₹18,112']);
    // The signs are read as words, never as a glyph.
    expect(within(region('What reaches your account')).getAllByText('minus')).toHaveLength(2);
    expect(within(region('What reaches your account')).getByText('•••• 9012')).toBeTruthy();
    const repay = expectAddsUp(region('What you repay'));
    expect(repay.parts.map((p) => [p.label, p.shown, p.value])).toEqual([
      ['Loan amount', '₹20,000', 20000],
      ['Interest fee', '₹1,638', 1638],
    ]);
    expect([repay.total.label, repay.total.shown]).toEqual(['Repayment amount', '₹21,638']);
    expect(within(region('What you repay')).getByText('Due date').nextElementSibling?.textContent).toBe('9 Jun 2025');
    expect(screen.getByText('The loan runs 91 days from the day the money is sent.')).toBeTruthy();
    expect(screen.getByText('Apply date').nextElementSibling?.textContent).toBe('10 Mar 2025');
    // Nothing reads "received" before it is.
    expect(screen.queryByText(/received/i)).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Read the Key Fact Statement' }));
    expect(memory.history.at(-1)).toBe(`/orders/${ORDER_ID}/kfs`);
  });

  it('a figure the order lacks reads "Not provided by the lender", never one worked out from the others', async () => {
    api.getOrder.mockResolvedValue(order(2, { arriveAmount: null, serviceFee: null, gstFee: null, repaymentDate: '' }));
    openConfirm(strict);
    await screen.findByRole('button', { name: 'Get Money' });
    const receive = readSum(region('What reaches your account'));
    expect(receive.parts.map((p) => [p.label, p.shown])).toEqual([
      ['Loan amount', '₹20,000'],
      ['Processing fee', 'Not provided by the lender'],
      ['GST (18% of the processing fee)', 'Not provided by the lender'],
    ]);
    expect(receive.total.shown).toBe('Not provided by the lender');
    expect(screen.queryByText('₹18,112')).toBeNull();
    expect(within(region('What you repay')).getByText('Due date').nextElementSibling?.textContent).toBe('Not provided by the lender');
  });

  it('GST not sent is 18% of the processing fee (spec §9), and the sum still holds', async () => {
    api.getOrder.mockResolvedValue(order(2, { gstFee: null }));
    openConfirm(strict);
    await screen.findByRole('button', { name: 'Get Money' });
    const receive = expectAddsUp(region('What reaches your account'));
    expect(receive.parts[2]).toMatchObject({ label: 'GST (18% of the processing fee)', value: -288 });
  });

  it("figures that do not add up get a line of their own for the lender's difference, so the lines on screen do", async () => {
    api.getOrder.mockResolvedValue(order(2, { arriveAmount: 18012, repaymentAmount: 21700 }));
    openConfirm(strict);
    await screen.findByRole('button', { name: 'Get Money' });
    const receive = expectAddsUp(region('What reaches your account'));
    expect(receive.parts.at(-1)).toMatchObject({ label: 'Difference the lender does not itemise', value: -100, shown: '₹100' });
    const repay = expectAddsUp(region('What you repay'));
    expect(repay.parts.at(-1)).toMatchObject({ label: 'Difference the lender does not itemise', value: 62 });
  });
});

describe('the confirm page in Hindi', () => {
  it('shows both sums, the note and the link in Hindi; the sums still add up', async () => {
    await switchLanguage('hi');
    api.getOrder.mockResolvedValue(order(2, { repaymentDate: '2025-06-09' }));
    openConfirm(false);
    await screen.findByRole('button', { name: 'पैसे पाएँ' });
    const receive = expectAddsUp(region('आपके अकाउंट में कितना आएगा'));
    expect(receive.parts.map((p) => p.label)).toEqual(['लोन राशि', 'प्रोसेसिंग फ़ीस', 'GST (प्रोसेसिंग फ़ीस का 18%)']);
    expect([receive.total.label, receive.total.shown]).toEqual(['आपको मिलेंगे', '₹18,112']);
    expect(within(region('आपके अकाउंट में कितना आएगा')).getAllByText('घटाकर')).toHaveLength(2);
    const repay = expectAddsUp(region('आपको कितना चुकाना है'));
    expect(repay.parts.map((p) => p.label)).toEqual(['लोन राशि', 'ब्याज']);
    expect(repay.total.label).toBe('चुकाने की राशि');
    expect(within(region('आपको कितना चुकाना है')).getByText('चुकाने की तारीख').nextElementSibling?.textContent).toBe('9 जून 2025');
    expect(screen.getByText('लोन की अवधि पैसे भेजे जाने के दिन से 91 दिन है।')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'मुख्य तथ्य विवरण (KFS) पढ़ें' }).getAttribute('href')).toBe(`/orders/${ORDER_ID}/kfs`);
  });
});

describe('the order’s Key Fact Statement', () => {
  it('is the order’s own figures and the config: nothing worked out but GST and the APR, a missing fact said to be missing', () => {
    const facts = orderKeyFacts(order(2, { repaymentDate: '2025-06-09' }), CONFIG);
    expect(facts).toMatchObject({
      sanctioned: 20000,
      tenureDays: 91,
      interest: 1638,
      dailyRate: null,
      processingFee: 1600,
      gst: 288,
      netDisbursed: 18112,
      totalRepayable: 21638,
      dueDate: '2025-06-09',
      dueIfDisbursedToday: false,
      penalChargePerDay: 0.001,
      penalChargePerDayAmount: 20,
      coolingOffDays: 3,
    });
    // The sandbox's default loan: APR 71.42% (docs/journeys/application.md 'The loan application').
    expect(facts.apr).toBeCloseTo(0.7142, 4);
    const bare = orderKeyFacts(order(2, { arriveAmount: null, serviceFee: null, gstFee: null, repaymentDate: '' }), { customer: null, lender: null, grievanceOfficer: null, penalChargePerDay: null, coolingOffDays: null });
    expect(bare).toMatchObject({ processingFee: null, gst: null, netDisbursed: null, apr: null, dueDate: null, penalChargePerDay: null, coolingOffDays: null });
    // Once the money is sent the lender's repayment amount is what is due now: the KFS total stays sanctioned + interest.
    expect(orderKeyFacts(order(8), CONFIG).totalRepayable).toBe(21638);
  });

  it.each(mode)('is a page of its own, read from the order and the client config (%s)', async (_, strict) => {
    api.getOrder.mockResolvedValue(order(2, { repaymentDate: '2025-06-09' }));
    clientConfig.reset(() => Promise.resolve(CONFIG));
    const { default: OrderKfsRoute } = await import('../../src/flows/orders/OrderKfsRoute');
    const memory = memoryLocation({ path: `/orders/${ORDER_ID}/kfs`, record: true });
    const tree = (
      <Router hook={memory.hook}>
        <OrderKfsRoute params={{ orderId: ORDER_ID }} />
      </Router>
    );
    render(strict ? <StrictMode>{tree}</StrictMode> : tree);
    const table = await screen.findByRole('table', { name: 'Key Fact Statement' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Key Fact Statement');
    expect(screen.getByText('The key facts of your loan, order BW20250601000042, from the lender\'s figures.')).toBeTruthy();
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(row('Sanctioned loan amount')).toBe('₹20,000');
    expect(row('Interest')).toBe('₹1,638');
    expect(row('Processing fee')).toBe('₹1,600');
    expect(row('GST on the processing fee (18%)')).toBe('₹288');
    expect(row('Net disbursed amount')).toBe('₹18,112 (sanctioned amount less fees)');
    expect(row('Total amount to be repaid')).toBe('₹21,638');
    // The lender's date as it stands, not "if disbursed today".
    expect(row('Due date')).toBe('9 Jun 2025');
    expect(row('Annual Percentage Rate (APR)')).toBe('71.42%');
    expect(row('Penal charges for late payment')).toContain('0.1% of the overdue principal per day (₹20 a day on this loan)');
    // No answer says when it was acknowledged, so the page does not either.
    expect(screen.queryByText(/acknowledged/i)).toBeNull();
    expect(screen.getByRole('button', { name: 'Print or save as PDF' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(`/orders/${ORDER_ID}/confirm`);
    clientConfig.reset();
  });

  it("is headed by the lender's number, validity and acknowledgement where the lender keeps its KFS record", async () => {
    api.getOrder.mockResolvedValue(order(2));
    clientConfig.reset(() => Promise.resolve(CONFIG));
    kfsCalls.orderKfs.mockResolvedValue({
      offered: true,
      value: {
        kfs: { kfsNo: 'KFS20250612000042', kind: 'application', issuedAt: '2025-06-12T06:00:00.000Z', validUntil: '2025-06-17T18:29:59.000Z', acknowledgedAt: '2025-06-12T06:05:00.000Z', facts: {} },
        validNow: true,
      },
    });
    const { default: OrderKfsRoute } = await import('../../src/flows/orders/OrderKfsRoute');
    const memory = memoryLocation({ path: `/orders/${ORDER_ID}/kfs` });
    render(
      <Router hook={memory.hook}>
        <OrderKfsRoute params={{ orderId: ORDER_ID }} />
      </Router>,
    );
    const table = await screen.findByRole('table', { name: 'Key Fact Statement' });
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(row('KFS number')).toBe('KFS20250612000042');
    expect(row('Valid until')).toBe('17 Jun 2025, 23:59 IST');
    expect(row('Acknowledged on')).toBe('12 Jun 2025, 11:35 IST');
    clientConfig.reset();
  });

  it('in Hindi, with a fact the lender does not give', async () => {
    // The screen is loaded first, as a screen on show is when the borrower switches.
    const { default: OrderKfsRoute } = await import('../../src/flows/orders/OrderKfsRoute');
    await switchLanguage('hi');
    api.getOrder.mockResolvedValue(order(2, { arriveAmount: null }) satisfies Order);
    clientConfig.reset(() => Promise.resolve({ ...CONFIG, penalChargePerDay: null }));
    const memory = memoryLocation({ path: `/orders/${ORDER_ID}/kfs` });
    render(
      <Router hook={memory.hook}>
        <OrderKfsRoute params={{ orderId: ORDER_ID }} />
      </Router>,
    );
    const table = await screen.findByRole('table', { name: 'मुख्य तथ्य विवरण (KFS)' });
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(row('आपको मिलने वाली शुद्ध राशि')).toBe('ऋणदाता ने यह जानकारी नहीं दी');
    expect(row('देर से भुगतान पर दंड शुल्क')).toBe('ऋणदाता ने यह जानकारी नहीं दी');
    expect(screen.getByText('आपके लोन (ऑर्डर BW20250601000042) के मुख्य तथ्य, ऋणदाता के आँकड़ों के अनुसार।')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'प्रिंट करें या PDF सेव करें' })).toBeTruthy();
    clientConfig.reset();
  });

  it('a config that could not be read fails the page with Try again (a fact not read is not a fact "not provided")', async () => {
    api.getOrder.mockResolvedValue(order(2));
    let fail = true;
    clientConfig.reset(() => (fail ? Promise.reject(new Error('Service busy')) : Promise.resolve(CONFIG)));
    const { default: OrderKfsRoute } = await import('../../src/flows/orders/OrderKfsRoute');
    const memory = memoryLocation({ path: `/orders/${ORDER_ID}/kfs` });
    render(
      <Router hook={memory.hook}>
        <OrderKfsRoute params={{ orderId: ORDER_ID }} />
      </Router>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Service busy');
    expect(screen.queryByRole('table')).toBeNull();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Key Fact Statement' })).toBeTruthy();
    clientConfig.reset();
  });
});

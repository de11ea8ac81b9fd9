/**
 * An extension that adds up: the page draws spec §2's note as a sum (service fee + overdue fee +
 * interest − already paid = the fee due) whose lines add up on screen, with the overdue part the
 * lender's when it sends one and, when it does not, what the lender's fee leaves (said so); a
 * difference the lender's figures leave gets a line of its own. It says the loan is still owed after
 * the fee, and how much: the lender's figure, else the order's repayment amount as it stands today.
 * In English and Hindi, in StrictMode and normal mode.
 */
import { StrictMode } from 'react';
import { render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExtensionInfo } from '../../contract/extension';
import { extensionMachine } from '../../machines/extension/extension.machine';
import { info, NOW, order, ORDER_ID, ORIGIN } from '../../machines/extension/extension.cases';
import { feeBreakdown, owedAfterFee } from '../../machines/extension/extension.rules';
import { extensionDraft, extensionEffects } from '../../src/flows/extension/extension.effects';
import { ExtensionFlow } from '../../src/flows/extension/ExtensionFlow';
import { switchLanguage } from '../support/language';
import { expectAddsUp } from '../support/sums';

const ext = vi.hoisted(() => ({ extensionCalc: vi.fn(), applyExtension: vi.fn(), giveupExtension: vi.fn() }));
const orders = vi.hoisted(() => ({ getOrder: vi.fn(), getOrderList: vi.fn(), confirmLoan: vi.fn(), repay: vi.fn() }));
vi.mock('../../src/api/extension', () => ext);
vi.mock('../../src/api/orders', () => orders);

/** Arjun's offer on the sandbox: ₹1,000 service fee (10%), ₹50 overdue, ₹63 interest, nothing paid: ₹1,113. */
const ARJUN: ExtensionInfo = info({
  extensionFee: 1113,
  extensionFeePaid: 0,
  extensionServiceFee: 1000,
  interest: 63,
  overdueFee: 50,
  repaymentAmountAfter: 10819,
  extensionApplyTime: '2025-06-12 10:00:00',
});

const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

beforeEach(() => {
  for (const fn of [...Object.values(ext), ...Object.values(orders)]) fn.mockReset();
  extensionDraft(ORDER_ID).remove();
});
afterEach(() => switchLanguage('en'));

function open(strict: boolean) {
  const memory = memoryLocation({ path: `/orders/${ORDER_ID}/extension` });
  const machine = extensionMachine.provide(extensionEffects(ORDER_ID, memory.navigate, { openPayment: vi.fn() }));
  const tree = (
    <Router hook={memory.hook}>
      <ExtensionFlow machine={machine} orderId={ORDER_ID} draft={null} origin={ORIGIN} paymentHosts={[]} now={() => NOW} />
    </Router>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}

const lines = (sum: ReturnType<typeof expectAddsUp>) => [...sum.parts, sum.total].map((l) => [l.label, l.shown, l.value]);

describe('the fee as a sum, as rules', () => {
  it('takes every part from the lender; without the overdue part, it is the rest of the lender’s fee', () => {
    expect(feeBreakdown(ARJUN)).toEqual({ serviceFee: 1000, rate: 0.1, overdue: 50, overdueGiven: true, interest: 63, paid: 0, due: 1113, other: null });
    expect(feeBreakdown({ ...ARJUN, overdueFee: null })).toMatchObject({ overdue: 50, overdueGiven: false, other: null });
    // The spec's note with ₹500 already repaid counted first.
    expect(feeBreakdown({ ...ARJUN, extensionFeePaid: 500, extensionFee: 613 })).toMatchObject({ overdue: 50, paid: 500, due: 613, other: null });
    // Parts that do not add up to the lender's fee: the difference is its own line.
    expect(feeBreakdown({ ...ARJUN, extensionFee: 1200 })).toMatchObject({ overdue: 50, other: 87 });
    expect(owedAfterFee(ARJUN, order(8))).toEqual({ amount: 10819, lenders: true });
    expect(owedAfterFee({ repaymentAmountAfter: null }, order(8))).toEqual({ amount: 21838, lenders: false });
    expect(owedAfterFee({ repaymentAmountAfter: null }, null)).toBeNull();
  });
});

describe.each(mode)('the extension page (%s)', (_, strict) => {
  it('shows each part of the fee, the overdue fee on its own line, and they add up to the fee due', async () => {
    orders.getOrder.mockResolvedValue(order(8));
    ext.extensionCalc.mockResolvedValue(ARJUN);
    open(strict);
    const sum = expectAddsUp(await screen.findByRole('region', { name: 'How the fee adds up' }));
    expect(lines(sum)).toEqual([
      ['Extension processing fee (10%)', '₹1,000', 1000],
      ['Overdue fee', '₹50', 50],
      ['Interest', '₹63', 63],
      ['Extension fee paid', '₹0', 0],
      ['Extension fee due', '₹1,113', 1113],
    ]);
    expect(screen.getByText('The fee does not repay your loan. Once it is paid, you will still owe ₹10,819 on the loan, by the new due date, 19 Jun 2025.')).toBeTruthy();
  });

  it('a lender that does not send the overdue part: the line is what its fee leaves, and says so', async () => {
    orders.getOrder.mockResolvedValue(order(8));
    ext.extensionCalc.mockResolvedValue({ ...ARJUN, overdueFee: null, repaymentAmountAfter: null });
    open(strict);
    const sum = expectAddsUp(await screen.findByRole('region', { name: 'How the fee adds up' }));
    expect(sum.parts[1]).toMatchObject({ label: "Overdue fee (what the fee due leaves; the lender does not itemise it)", value: 50 });
    // What is still owed: the order's repayment amount as the lender shows it today, said as such.
    expect(
      screen.getByText(
        'The fee does not repay your loan: you will still owe its repayment amount by the new due date, 19 Jun 2025. Your order shows ₹21,838 today; the lender confirms what remains once the fee is paid.',
      ),
    ).toBeTruthy();
  });

  it('with part already paid, the paid line is taken off, and the sum still holds', async () => {
    orders.getOrder.mockResolvedValue(order(11));
    ext.extensionCalc.mockResolvedValue(info());
    open(strict);
    const sum = expectAddsUp(await screen.findByRole('region', { name: 'How the fee adds up' }));
    expect(lines(sum)).toEqual([
      ['Extension processing fee (10%)', '₹2,000', 2000],
      ["Overdue fee (what the fee due leaves; the lender does not itemise it)", '₹200', 200],
      ['Interest', '₹154', 154],
      ['Extension fee paid', '₹300', -300],
      ['Extension fee due', '₹2,054', 2054],
    ]);
  });

  it("parts that do not add up to the lender's fee: a line of its own for the difference, so the lines on screen do", async () => {
    orders.getOrder.mockResolvedValue(order(8));
    ext.extensionCalc.mockResolvedValue({ ...ARJUN, extensionFee: 1200 });
    open(strict);
    const sum = expectAddsUp(await screen.findByRole('region', { name: 'How the fee adds up' }));
    expect(sum.parts.at(-1)).toMatchObject({ label: 'Difference the lender does not itemise', value: 87 });
  });
});

describe('the extension page in Hindi', () => {
  it('shows the sum and what is still owed in Hindi', async () => {
    await switchLanguage('hi');
    orders.getOrder.mockResolvedValue(order(8));
    ext.extensionCalc.mockResolvedValue(ARJUN);
    open(false);
    const sum = expectAddsUp(await screen.findByRole('region', { name: 'फ़ीस का हिसाब' }));
    expect(lines(sum).map(([label]) => label)).toEqual(['एक्सटेंशन प्रोसेसिंग फ़ीस (10%)', 'ओवरड्यू फ़ीस', 'ब्याज', 'भरी गई एक्सटेंशन फ़ीस', 'बकाया एक्सटेंशन फ़ीस']);
    expect(screen.getByText('इस फ़ीस से आपका लोन नहीं चुकता। फ़ीस भरने के बाद भी आपको नई तारीख, 19 जून 2025, तक लोन के ₹10,819 चुकाने होंगे।')).toBeTruthy();
    expect(screen.getAllByText('जोड़कर')).toHaveLength(2);
    expect(screen.getAllByText('घटाकर')).toHaveLength(1);
  });

  it('without the overdue part, in Hindi', async () => {
    await switchLanguage('hi');
    orders.getOrder.mockResolvedValue(order(8));
    ext.extensionCalc.mockResolvedValue({ ...ARJUN, overdueFee: null, repaymentAmountAfter: null });
    open(false);
    const sum = expectAddsUp(await screen.findByRole('region', { name: 'फ़ीस का हिसाब' }));
    expect(sum.parts[1]!.label).toBe('ओवरड्यू फ़ीस (बकाया फ़ीस में से बची राशि; ऋणदाता ने इसका ब्योरा नहीं दिया)');
    expect(screen.getByText(/आज आपके ऑर्डर पर ₹21,838 दिख रहे हैं/)).toBeTruthy();
  });
});

/**
 * A payment's receipt, rendered: the receipt machine's generated paths replayed in StrictMode and
 * normal mode (what the borrower sees in each state, one payments call per load, Print only on a
 * shown receipt); the receipt in English and in Hindi, its parts adding up to the amount on screen;
 * against a lender without the payments call, no receipt; with its real effects, who lends comes
 * from the client config, and its failure only says 'Not provided by the lender'.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentRecord } from '../../contract/payments';
import { receiptText } from '../../i18n/en/receipt';
import { receiptMachine, type ReceiptData } from '../../machines/receipt/receipt.machine';
import * as receiptCases from '../../machines/receipt/receipt.cases';
import { DATA, LENDER, ORDER_ID, PAYMENT_ID, RECEIVED } from '../../machines/receipt/receipt.cases';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import { clientConfig } from '../../src/flows/shared/client-config';
import { receiptEffects } from '../../src/flows/receipt/receipt.effects';
import { ReceiptFlow } from '../../src/flows/receipt/ReceiptRoute';
import { fakeCalls, type Deferred } from '../support/fakes';
import { switchLanguage } from '../support/language';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

const payments = vi.hoisted(() => ({ listPayments: vi.fn() }));
vi.mock('../../src/api/payments', () => payments);

const R = receiptText.en;
const paths = generatePaths(receiptMachine, receiptCases);
const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

afterEach(async () => {
  await switchLanguage('en');
  clientConfig.reset();
  payments.listPayments.mockReset();
});

function renderReceipt(machine: typeof receiptMachine, strict = false, phone: string | null = '919876543210') {
  const tree = (
    <Router hook={memoryLocation({ path: `/orders/${ORDER_ID}/receipts/${PAYMENT_ID}` }).hook}>
      <ReceiptFlow machine={machine} orderId={ORDER_ID} paymentId={PAYMENT_ID} phone={phone} />
    </Router>
  );
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}

/** The amounts of a table's rows, in rupees (₹2,362 → 2362). */
const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

describe.each(mode)('receipt paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const loads = fakeCalls<ReceiptData, { orderId: string }>();
    let prints = 0;
    const machine = receiptMachine.provide({ actors: { loadReceipt: loads.actor }, actions: { print: () => void prints++ } });
    const settle = async (c: ActorDoneCase | ActorErrorCase) => {
      await waitFor(() => loads.pending());
      await act(async () => ('output' in c ? loads.pending().resolve(c.output as ReceiptData) : loads.pending().reject(c.error)));
    };
    await replayPath(path, {
      act: {
        'xstate.init': () => void renderReceipt(machine, strict),
        'xstate.done.actor.loadReceipt': (e) => settle(e as ActorDoneCase),
        'xstate.error.actor.loadReceipt': (e) => settle(e as ActorErrorCase),
        'page.retried': () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
        'print.tapped': () => void fireEvent.click(screen.getByRole('button', { name: R.print })),
      },
      assert: (s) => {
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(R.title);
        if (s.hasTag('loading')) expect(screen.getByRole('status').textContent).toContain(R.loading);
        if (s.hasTag('failed')) expect(screen.getByRole('alert').textContent).toContain('Service busy');
        if (s.hasTag('notOffered')) expect(screen.getByRole('status').textContent).toBe(R.notOffered);
        if (s.hasTag('missing')) expect(screen.getByRole('status').textContent).toBe(R.missing);
        expect(screen.queryByRole('article') !== null).toBe(s.hasTag('shown'));
        expect(screen.queryByRole('button', { name: R.print }) !== null).toBe(s.hasTag('shown'));
        if (!s.hasTag('loading') && !s.hasTag('failed')) expect(screen.getByRole('link', { name: R.backToLoan }).getAttribute('href')).toBe(`/orders/${ORDER_ID}/detail`);
      },
    });
    expect(loads.live().length).toBe(invocations(path.steps, 'loadReceipt'));
    expect(prints).toBe(path.steps.filter((st) => st.event.type === 'print.tapped').length);
  });
});

/** Renders the receipt page; the returned function answers its load with `data` and gives the receipt. */
function shown(data: ReceiptData = DATA.found) {
  const loads = fakeCalls<ReceiptData, { orderId: string }>();
  renderReceipt(receiptMachine.provide({ actors: { loadReceipt: loads.actor } }));
  return async () => {
    await waitFor(() => loads.pending());
    await act(async () => (loads.pending() as Deferred<ReceiptData>).resolve(data));
    return screen.getByRole('article');
  };
}

describe('the receipt', () => {
  it('carries its number, date, who lends, the borrower, the payment; its parts add up to the amount on screen', async () => {
    const doc = await shown()();
    const text = doc.textContent ?? '';
    for (const words of ['Sandbox Finance Private Limited', 'RBI registration no. N-14.03268', 'Receipt RC20250612000001', '12 Jun 2025, 11:31 IST', '+91 98765 43210', 'BW20250601000042', 'Loan repayment', 'gw_TEST0001', '₹17,638'])
      expect(text).toContain(words);
    const table = within(doc).getByRole('table', { name: R.paidOff });
    const rows = within(table).getAllByRole('row');
    const parts = rows.slice(0, -1).map((r) => rupees(within(r).getByRole('cell').textContent));
    const total = rupees(within(rows.at(-1)!).getByRole('cell').textContent);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Principal', 'Interest', 'Fees', 'Penal charge', 'Total']);
    expect(parts.reduce((a, x) => a + x, 0)).toBe(total);
    expect(total).toBe(4000);
    expect(rupees(doc.querySelector('.receipt-amount strong')!.textContent)).toBe(total);
  });

  it('an extension fee: what it paid off and the new due date', async () => {
    const fee: PaymentRecord = { ...RECEIVED, purpose: 'extensionFee', paidAmount: 3050, newDueDate: '2025-06-19', paidOff: { principal: 0, interest: 1050, fees: 2000, penalCharge: 0, excess: 0 } };
    const doc = await shown({ payments: { offered: true, value: [fee] }, lender: LENDER })();
    expect(doc.textContent).toContain('Extension fee');
    expect(doc.textContent).toContain('New due date19 Jun 2025');
    const cells = within(doc).getAllByRole('cell').map((c) => rupees(c.textContent));
    expect(cells.slice(0, -1).reduce((a, x) => a + x, 0)).toBe(cells.at(-1));
    expect(cells.at(-1)).toBe(3050);
  });

  it('says what the lender did not give, never makes it up', async () => {
    const doc = await shown({ payments: { offered: true, value: [{ ...RECEIVED, paidOff: null }] }, lender: null })();
    expect(doc.textContent).toContain('Not provided by the lender');
    expect(within(doc).queryByRole('table')).toBeNull();
    expect(doc.textContent).toContain(R.notItemised);
  });

  it('in Hindi: every label in Hindi, the same figures, still adding up', async () => {
    await switchLanguage('hi');
    const doc = await shown()();
    const text = doc.textContent ?? '';
    for (const words of ['रसीद RC20250612000001', 'RBI रजिस्ट्रेशन नंबर N-14.03268', '12 जून 2025, 11:31 IST', 'लोन का भुगतान', 'मिली राशि', 'मूलधन', 'ब्याज', 'दंड शुल्क', 'कुल'])
      expect(text).toContain(words);
    expect(screen.getByRole('button', { name: 'प्रिंट करें या PDF सेव करें' })).toBeTruthy();
    const cells = within(doc).getAllByRole('cell').map((c) => rupees(c.textContent));
    expect(cells.slice(0, -1).reduce((a, x) => a + x, 0)).toBe(cells.at(-1));
  });
});

describe('with its real effects', () => {
  it('reads the payments and who lends side by side; a config that fails only leaves the lender out', async () => {
    payments.listPayments.mockResolvedValue({ offered: true, value: [RECEIVED] });
    clientConfig.reset(() => Promise.reject(new Error('offline')));
    const print = vi.fn();
    renderReceipt(receiptMachine.provide(receiptEffects({ print })));
    const doc = await screen.findByRole('article');
    expect(payments.listPayments).toHaveBeenCalledWith(ORDER_ID, expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(doc.textContent).toContain('Not provided by the lender');
    fireEvent.click(screen.getByRole('button', { name: R.print }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('against a lender with only the spec’s calls: no receipt, a way back', async () => {
    payments.listPayments.mockResolvedValue({ offered: false });
    clientConfig.reset(async () => ({ customer: null, lender: LENDER, grievanceOfficer: null, penalChargePerDay: null, coolingOffDays: null }));
    renderReceipt(receiptMachine.provide(receiptEffects()));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(R.notOffered));
    expect(screen.queryByRole('article')).toBeNull();
  });
});

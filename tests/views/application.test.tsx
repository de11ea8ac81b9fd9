/**
 * The loan confirmation route (/product/{pid}/detail?bank_id=) with its real effects and the API
 * mocked, in StrictMode and normal mode: requests counted (one apply per intent through a double
 * tap, a lost answer and its retry, a reload mid-request), the Key Fact Statement with and without
 * the lender's data, the precheck's redirects, ?bank_id= and the no-card message.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BARE_CONFIG, CARDS, CONFIG, DENIED, FIGURES, MAY_APPLY, OPEN_ORDER, PRODUCT } from '../../machines/application/application.cases';
import { CALCULATE_DEBOUNCE_MS } from '../../machines/application/application.rules';
import { applicationText } from '../../i18n/en/application';
import { kfsText } from '../../i18n/en/kfs';
import { applicationDraft } from '../../src/flows/application/application.effects';
import ConfirmRoute from '../../src/flows/application/ConfirmRoute';
import { clientConfig } from '../../src/flows/shared/client-config';

const api = vi.hoisted(() => ({
  precheck: vi.fn(),
  calculate: vi.fn(),
  apply: vi.fn(),
  getBankCards: vi.fn(),
  getProductInfo: vi.fn(),
  getClientConfig: vi.fn(),
}));
vi.mock('../../src/api/loans', () => ({ precheck: api.precheck, calculate: api.calculate, apply: api.apply }));
vi.mock('../../src/api/bank', () => ({ getBankCards: api.getBankCards }));
vi.mock('../../src/api/products', () => ({ getProductInfo: api.getProductInfo }));
vi.mock('../../src/api/content', async (original) => ({ ...(await original<Record<string, unknown>>()), getClientConfig: api.getClientConfig }));

/** The calls whose signal did not abort (StrictMode aborts the first mount's). */
const live = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.filter((args) => !(args.at(-1) as { signal?: AbortSignal } | undefined)?.signal?.aborted);
const applyKeys = () => api.apply.mock.calls.map((args) => (args[1] as { idempotencyKey: string }).idempotencyKey);

beforeEach(() => {
  clientConfig.reset(); // the app reads the config once per session: each test mocks its own
  for (const fn of Object.values(api)) fn.mockReset();
  api.precheck.mockResolvedValue(MAY_APPLY);
  api.getProductInfo.mockResolvedValue(PRODUCT);
  api.getBankCards.mockResolvedValue(CARDS);
  api.getClientConfig.mockResolvedValue(CONFIG);
  api.calculate.mockResolvedValue(FIGURES);
});

function open(strict: boolean, url = '/product/1/detail') {
  const memory = memoryLocation({ path: url, record: true });
  const tree = (
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <ConfirmRoute params={{ pid: url.split('/')[2]! }} />
    </Router>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { memory, view, user: userEvent.setup() };
}

const kfs = () => screen.getByRole('region', { name: 'Key Fact Statement' });
const acknowledge = async (user: ReturnType<typeof userEvent.setup>) => {
  await waitFor(() => expect(within(kfs()).queryByRole('table')).not.toBeNull());
  await user.click(within(kfs()).getByRole('checkbox'));
};
const applyNow = () => screen.getByRole('button', { name: 'APPLY NOW' });

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('the loan confirmation route (%s)', (_, strict) => {
  it('shows the largest amount with its figures for the product period, the KFS, and applies exactly once through a double tap; then Loan History, told what was submitted, replaces it', async () => {
    let answer!: () => void;
    api.apply.mockImplementation(() => new Promise<void>((resolve) => (answer = resolve)));
    const { memory, user } = open(strict);
    const repayment = () => within(screen.getByRole('region', { name: 'Repayment' }));
    await waitFor(() => expect(repayment().getByText('₹21,638')).toBeTruthy());
    expect(live(api.precheck)).toHaveLength(1);
    expect(live(api.precheck)[0]![0]).toBe('1');
    expect(live(api.calculate).map((c) => c[0])).toEqual([{ amount: 20000, period: 91, productId: '1' }]);
    expect(screen.getByRole('slider', { name: 'Loan amount' }).getAttribute('aria-valuetext')).toBe('₹20,000');
    expect(repayment().getByText('0.09% / day')).toBeTruthy();
    expect(repayment().getByText('₹1,638')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Bank account' }) as HTMLSelectElement).value).toBe('c1');
    expect(screen.getByRole('switch', { name: /Get the money automatically/ })).toHaveProperty('checked', true);

    const table = within(kfs()).getByRole('table');
    const row = (name: string) => within(table).getByRole('rowheader', { name }).nextElementSibling!.textContent;
    expect(row('Sanctioned loan amount')).toBe('₹20,000');
    expect(row('Loan term')).toContain('91 days');
    expect(row('Interest')).toBe('₹1,638 (0.09% / day)');
    expect(row('Processing fee')).toBe('₹600');
    expect(row('GST on the processing fee (18%)')).toBe('₹108');
    expect(row('Net disbursed amount')).toContain('₹19,292');
    expect(row('Total amount to be repaid')).toBe('₹21,638');
    expect(row('Annual Percentage Rate (APR)')).toBe('46.06%');
    expect(row('Penal charges for late payment')).toContain('0.1% of the overdue principal per day (₹20 a day on this loan)');
    expect(row('Penal charges for late payment')).toContain('not interest');
    expect(row('Cooling-off period')).toContain('3 days');
    expect(row('Pre-closure (foreclosure)')).toContain('the interest to date, with no foreclosure fee');
    expect(row('Pre-closure (foreclosure)')).toContain('processing fee and its GST are not refunded');
    expect(row('Lender')).toContain('Sandbox Finance Private Limited');
    expect(row('Lender')).toContain('N-14.03456');
    expect(row('Grievance redressal officer')).toContain('Priya Raman');
    expect(row('Grievance redressal officer')).toContain('grievance@borrower.example');

    await user.click(applyNow());
    expect(screen.getByRole('alert').textContent).toBe(applicationText.en.acknowledge);
    expect(api.apply).not.toHaveBeenCalled();
    await acknowledge(user);
    await user.dblClick(applyNow());
    await user.click(applyNow());
    expect(api.apply).toHaveBeenCalledTimes(1);
    expect(api.apply.mock.calls[0]![0]).toEqual({ cardId: 'c1', borrowAmount: 20000, periods: 91, productId: '1', checkEmail: 0, autoGetMoney: 1, autoMoney: 20000 });
    expect(applyKeys()[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(applicationDraft('1').read()?.idempotencyKey).toBe(applyKeys()[0]);
    await act(async () => answer());
    await waitFor(() => expect(memory.history).toEqual(['/orders?submitted=1']), { timeout: 2000 });
    expect(api.apply).toHaveBeenCalledTimes(1);
    expect(applicationDraft('1').read()).toBeNull();
  });

  it('quick amount changes ask for one calculation, after the pause; the KFS is unticked by the change', async () => {
    const { user } = open(strict);
    await acknowledge(user);
    const slider = screen.getByRole('slider', { name: 'Loan amount' });
    fireEvent.change(slider, { target: { value: '2' } });
    fireEvent.change(slider, { target: { value: '1' } });
    fireEvent.change(slider, { target: { value: '0' } });
    expect(within(kfs()).getByRole('checkbox')).toHaveProperty('checked', false);
    expect(within(kfs()).getByRole('checkbox')).toHaveProperty('disabled', true);
    expect(screen.getByText('Calculating…')).toBeTruthy();
    await new Promise((r) => setTimeout(r, CALCULATE_DEBOUNCE_MS + 100));
    await waitFor(() => expect(live(api.calculate).map((c) => (c[0] as { amount: number }).amount)).toEqual([20000, 3000]));
    expect(slider.getAttribute('aria-valuetext')).toBe('₹3,000');
  });

  it('a changed card is a new intent: the KFS is unticked and the next apply has a new key', async () => {
    api.apply.mockRejectedValueOnce(new Error('Network error. Please check your connection and try again.')).mockResolvedValueOnce(undefined);
    const { user } = open(strict);
    await acknowledge(user);
    await user.click(applyNow());
    expect(await screen.findByText('Network error. Please check your connection and try again.')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bank account' }), 'c2');
    expect(within(kfs()).getByRole('checkbox')).toHaveProperty('checked', false);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bank account' }), 'c1');
    // Back to the same application: but the KFS must be acknowledged again, and the key was dropped with the change.
    await acknowledge(user);
    await user.click(applyNow());
    await waitFor(() => expect(api.apply).toHaveBeenCalledTimes(2));
    expect(applyKeys()[1]).not.toBe(applyKeys()[0]);
  });

  it('a lost answer and its retry send the same key (the lender makes one order)', async () => {
    api.apply.mockRejectedValueOnce(new Error('Network error')).mockReturnValueOnce(new Promise(() => {}));
    const { user } = open(strict);
    await acknowledge(user);
    await user.click(applyNow());
    expect(await screen.findByText('Network error')).toBeTruthy();
    await user.click(applyNow());
    await waitFor(() => expect(api.apply).toHaveBeenCalledTimes(2));
    expect(applyKeys()[1]).toBe(applyKeys()[0]);
  });

  it('a reload during the request sends the same key again (the draft keeps the intent)', async () => {
    api.apply.mockReturnValue(new Promise(() => {}));
    const first = open(strict);
    await acknowledge(first.user);
    await first.user.click(applyNow());
    await waitFor(() => expect(api.apply).toHaveBeenCalledTimes(1));
    first.view.unmount();
    const second = open(strict);
    await acknowledge(second.user);
    await second.user.click(applyNow());
    await waitFor(() => expect(api.apply).toHaveBeenCalledTimes(2));
    expect(applyKeys()[1]).toBe(applyKeys()[0]);
  });

  it('works without the lender data: the KFS says what is missing', async () => {
    api.getClientConfig.mockResolvedValue(BARE_CONFIG);
    const { user } = open(strict);
    await acknowledge(user);
    const table = within(kfs()).getByRole('table');
    const row = (name: string) => within(table).getByRole('rowheader', { name }).nextElementSibling!.textContent;
    for (const name of ['Penal charges for late payment', 'Cooling-off period', 'Pre-closure (foreclosure)', 'Lender', 'Grievance redressal officer'])
      expect(row(name)).toContain(kfsText.en.notProvided);
    expect(row('Annual Percentage Rate (APR)')).toBe('46.06%');
    await user.click(applyNow());
    await waitFor(() => expect(api.apply).toHaveBeenCalledTimes(1));
  });

  it("without a card says 'Please Select or Add Bank Account' and offers to add one", async () => {
    api.getBankCards.mockResolvedValue([]);
    const { user } = open(strict);
    await acknowledge(user);
    expect(screen.getByRole('link', { name: 'Add bank account' }).getAttribute('href')).toBe('/bank/add?pid=1');
    await user.click(applyNow());
    expect(screen.getByRole('alert').textContent).toBe('Please Select or Add Bank Account');
    expect(api.apply).not.toHaveBeenCalled();
  });

  it('?bank_id= picks the card chosen on /bank', async () => {
    open(strict, '/product/1/detail?bank_id=c2');
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Bank account' }) as HTMLSelectElement).value).toBe('c2'));
    expect(screen.getByRole('combobox', { name: 'Bank account' }).textContent).toContain('•••• 5544');
    expect(screen.getByRole('combobox', { name: 'Bank account' }).textContent).not.toContain('998877665544');
  });

  it.each([
    ['denied', DENIED, '/product/1/denied?day=14&hour=6'],
    ['an open order: Loan History, which says why', OPEN_ORDER, '/orders?blocked=1'],
  ])('precheck: %s replaces the page', async (_, answer, to) => {
    api.precheck.mockResolvedValue(answer);
    const { memory } = open(strict);
    await waitFor(() => expect(memory.history).toEqual([to]));
    expect(live(api.precheck)).toHaveLength(1);
    expect(api.apply).not.toHaveBeenCalled();
  });
});

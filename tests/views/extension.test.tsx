/**
 * The extension page with its real effects (the API modules mocked), in StrictMode and normal mode:
 * every figure and the four notes; one apply per intent (a retry and a reload send the same key), the
 * payment allow-list and return address; the abandon dialog (Continue sends nothing, Abandon sends one
 * giveup, then /orders); the 24-hour window counting down on a fake lender clock and the failure when
 * it runs out; an order that does not belong replaced by its page.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SimulatedClock } from 'xstate';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { extensionMachine } from '../../machines/extension/extension.machine';
import { info, NOW, order, ORDER_ID, ORIGIN } from '../../machines/extension/extension.cases';
import { EXTENSION_NOTES, paymentDeadline } from '../../machines/extension/extension.rules';
import { extensionText } from '../../i18n/en/extension';
import { kfsText } from '../../i18n/en/kfs';
import { extensionDraft, extensionEffects } from '../../src/flows/extension/extension.effects';
import { ExtensionFlow } from '../../src/flows/extension/ExtensionFlow';

/** The extension page's English (the spec's texts). */
const M = extensionText.en;

const ext = vi.hoisted(() => ({ extensionCalc: vi.fn(), applyExtension: vi.fn(), giveupExtension: vi.fn() }));
const orders = vi.hoisted(() => ({ getOrder: vi.fn(), getOrderList: vi.fn(), confirmLoan: vi.fn(), repay: vi.fn() }));
vi.mock('../../src/api/extension', () => ext);
vi.mock('../../src/api/orders', () => orders);
// A lender with only the spec's calls: the app's amendment to the KFS, acknowledged with its tick.
const kfsCalls = vi.hoisted(() => ({ issueKfs: vi.fn(async () => ({ offered: false as const })), acknowledgeKfs: vi.fn(), orderKfs: vi.fn() }));
vi.mock('../../src/api/kfs', () => kfsCalls);
/** Ticks the amendment to the KFS: no Apply and payment before it. */
const tickAmendment = async () => fireEvent.click(await screen.findByRole('checkbox', { name: kfsText.en.amendmentAccept }));

const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

beforeEach(() => {
  for (const fn of [...Object.values(ext), ...Object.values(orders)]) fn.mockReset();
  extensionDraft(ORDER_ID).remove();
});

/** A promise settled by the test. */
function later<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function open(strict: boolean, { clock, now = () => NOW }: { clock?: SimulatedClock; now?: () => number } = {}) {
  const memory = memoryLocation({ path: `/orders/${ORDER_ID}/extension`, record: true });
  const openPayment = vi.fn<(url: string) => void>();
  const machine = extensionMachine.provide(extensionEffects(ORDER_ID, memory.navigate, { openPayment }));
  const tree = (
    <Router hook={memory.hook}>
      <ExtensionFlow
        machine={machine}
        orderId={ORDER_ID}
        draft={extensionDraft(ORDER_ID).read()}
        origin={ORIGIN}
        paymentHosts={['pay.example']}
        now={now}
        {...(clock ? { clock } : {})}
      />
    </Router>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { memory, openPayment, view };
}

const flush = () => act(async () => {});
/** The value beside `label`: a line of the fee's sum (its amount, the sign aside) or of the details. */
const value = (label: string) => {
  const dd = screen.getByText(label, { selector: 'dt' }).nextElementSibling;
  return dd?.querySelector('data')?.textContent ?? dd?.textContent;
};
const PAYLOAD = { extensionId: '9001', orderId: ORDER_ID, orderRepayId: '7001' };

describe.each(mode)('the page (%s)', (_, strict) => {
  it('shows every figure, the rate as a percentage, the four notes and the lender\'s message; no countdown before applying', async () => {
    orders.getOrder.mockResolvedValue(order(8, { extensionMsg: 'Extension abandoned: the due date is unchanged' }));
    ext.extensionCalc.mockResolvedValue(info());
    open(strict);
    await screen.findByRole('button', { name: M.apply });
    expect(orders.getOrder).toHaveBeenCalledWith(ORDER_ID, expect.anything());
    expect(ext.extensionCalc).toHaveBeenCalledWith(ORDER_ID, expect.anything());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Extension');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(`/orders/${ORDER_ID}/detail`);
    expect(value('Extension fee due')).toBe('₹2,054');
    expect(value('Extension fee paid')).toBe('₹300');
    expect(value('Extension processing fee (10%)')).toBe('₹2,000');
    expect(value('Interest')).toBe('₹154');
    expect(value('Extension application date')).toBe('12 Jun 2025, 10:00 IST');
    expect(value('Extension days')).toBe('7 days');
    expect(value('New due date')).toBe('19 Jun 2025');
    for (const note of EXTENSION_NOTES) expect(screen.getByText(M[note])).toBeTruthy();
    expect(screen.getByText('Extension abandoned: the due date is unchanged')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('button', { name: M.abandon })).toBeTruthy();
  });

  it('a server message is text, never markup', async () => {
    orders.getOrder.mockResolvedValue(order(6, { extensionMsg: '<img src=x onerror=alert(1)>' }));
    ext.extensionCalc.mockResolvedValue(info());
    const { view } = open(strict);
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(view.container.querySelector('img')).toBeNull();
  });

  it.each([
    [order(6, { isExtension: 0 }), `/orders/${ORDER_ID}/detail`],
    [order(7), `/orders/${ORDER_ID}/detail`],
    [order(2), `/orders/${ORDER_ID}/confirm`],
    [order(5), '/orders'],
  ])('an order the page does not show (%#) is replaced by its page, with no action', async (o, to) => {
    orders.getOrder.mockResolvedValue(o);
    ext.extensionCalc.mockRejectedValue(new Error('This order cannot be extended'));
    const { memory } = open(strict);
    await waitFor(() => expect(memory.history).toEqual([to]));
    expect(screen.queryByRole('button', { name: M.apply })).toBeNull();
    expect(ext.applyExtension).not.toHaveBeenCalled();
  });

  it("a failed load shows the server's msg and Try again", async () => {
    orders.getOrder.mockResolvedValue(order(8));
    let busy = true; // StrictMode's first, aborted call counts for nothing: fail until told otherwise
    ext.extensionCalc.mockImplementation(() => (busy ? Promise.reject(new Error('Service busy, please try again')) : Promise.resolve(info())));
    open(strict);
    expect(await screen.findByText('Service busy, please try again')).toBeTruthy();
    busy = false;
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('button', { name: M.apply })).toBeTruthy();
  });
});

describe.each(mode)('Apply and payment (%s)', (_, strict) => {
  const back = encodeURIComponent(`${ORIGIN}/orders/${ORDER_ID}/detail`);

  it('sends apply once for a double tap; a failure shows the msg and the retry sends the same key; then the payment page with the return address', async () => {
    orders.getOrder.mockResolvedValue(order(8));
    ext.extensionCalc.mockResolvedValue(info());
    const first = later<never>();
    ext.applyExtension.mockReturnValueOnce(first.promise).mockResolvedValueOnce({ paymentUrl: 'https://pay.example/checkout?s=1' });
    const { openPayment } = open(strict);
    const button = await screen.findByRole('button', { name: M.apply });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    await tickAmendment();
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(ext.applyExtension).toHaveBeenCalledTimes(1);
    const key = ext.applyExtension.mock.calls[0]![1].idempotencyKey as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(ext.applyExtension.mock.calls[0]![0]).toEqual(PAYLOAD);
    expect(extensionDraft(ORDER_ID).read()).toEqual({ idempotencyKey: key });
    await act(async () => first.reject(new Error('Network error. Please check your connection and try again.')));
    expect(screen.getByRole('alert').textContent).toContain('Network error');
    expect(openPayment).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: M.apply }));
    await flush();
    expect(ext.applyExtension).toHaveBeenCalledTimes(2);
    expect(ext.applyExtension.mock.calls[1]![1].idempotencyKey).toBe(key);
    expect(openPayment.mock.calls).toEqual([[`https://pay.example/checkout?s=1&return=${back}`]]);
    expect(screen.getByRole('status').textContent).toBe(M.redirecting);
    expect(extensionDraft(ORDER_ID).read()).toBeNull();
    expect(ext.giveupExtension).not.toHaveBeenCalled();
  });

  it('a reload during the request sends the draft key again', async () => {
    extensionDraft(ORDER_ID).write({ idempotencyKey: 'kept-key-0001' });
    orders.getOrder.mockResolvedValue(order(11));
    ext.extensionCalc.mockResolvedValue(info());
    ext.applyExtension.mockResolvedValue({ paymentUrl: 'https://pay.example/checkout' });
    open(strict);
    const button = await screen.findByRole('button', { name: M.apply });
    // The applied extension too: no fee before the amendment to the KFS is ticked.
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(button);
    await flush();
    expect(ext.applyExtension).not.toHaveBeenCalled();
    await tickAmendment();
    fireEvent.click(button);
    await flush();
    expect(ext.applyExtension.mock.calls.map((c) => c[1].idempotencyKey)).toEqual(['kept-key-0001']);
  });

  it("the applied extension shows the app's amendment to the KFS (what changes, the fee and its parts) and charges the fee only after its tick", async () => {
    orders.getOrder.mockResolvedValue(order(11));
    ext.extensionCalc.mockResolvedValue(info());
    ext.applyExtension.mockResolvedValue({ paymentUrl: 'https://pay.example/checkout' });
    kfsCalls.issueKfs.mockClear();
    kfsCalls.acknowledgeKfs.mockClear();
    open(strict);
    const button = await screen.findByRole('button', { name: M.apply });
    const amendment = screen.getByRole('heading', { name: kfsText.en.amendmentTitle }).closest('section')!;
    const rows = within(amendment)
      .getAllByRole('row')
      .map((tr) => [tr.querySelector('th')?.textContent, tr.querySelector('td')?.textContent]);
    expect(rows).toEqual([
      [kfsText.en.currentDueDate, '17 Jun 2025'],
      [kfsText.en.newDueDate, '19 Jun 2025'],
      [kfsText.en.extensionDays, '7 days'],
      ['Extension processing fee (10%)', '₹2,000'],
      ["Overdue fee (what the fee due leaves; the lender does not itemise it)", '₹200'],
      ['Interest', '₹154'],
      [kfsText.en.amendmentFee, '₹2,054'],
    ]);
    const tick = within(amendment).getByRole('checkbox', { name: kfsText.en.amendmentAccept });
    expect((tick as HTMLInputElement).checked).toBe(false);
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('extension-amendment-lead');
    fireEvent.click(tick);
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(tick);
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(tick);
    fireEvent.click(button);
    await flush();
    // The sandbox charges the fee under the amendment already tied to the extension: no lender KFS call, no kfsNo.
    expect(ext.applyExtension.mock.calls.map((c) => c[0])).toEqual([PAYLOAD]);
    expect(kfsCalls.issueKfs).not.toHaveBeenCalled();
    expect(kfsCalls.acknowledgeKfs).not.toHaveBeenCalled();
  });

  it.each([
    ['http on a foreign host', 'http://evil.example/pay'],
    ['javascript:', 'javascript:alert(1)'],
    ['https on another host', 'https://evil.example/pay'],
  ])('%s: a clear error, no navigation', async (_, paymentUrl) => {
    orders.getOrder.mockResolvedValue(order(6));
    ext.extensionCalc.mockResolvedValue(info());
    ext.applyExtension.mockResolvedValue({ paymentUrl });
    const { openPayment, memory } = open(strict);
    await tickAmendment();
    fireEvent.click(await screen.findByRole('button', { name: M.apply }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', M.paymentRefused);
    expect(openPayment).not.toHaveBeenCalled();
    expect(memory.history).toEqual([`/orders/${ORDER_ID}/extension`]);
    expect(ext.applyExtension).toHaveBeenCalledTimes(1);
  });
});

describe.each(mode)('Abandon extension (%s)', (_, strict) => {
  it('Continue Extension closes the dialog and sends nothing', async () => {
    orders.getOrder.mockResolvedValue(order(8));
    ext.extensionCalc.mockResolvedValue(info());
    const { memory } = open(strict);
    fireEvent.click(await screen.findByRole('button', { name: M.abandon }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm giving up on extension?' });
    expect(within(dialog).getByText(M.abandonBody)).toBeTruthy();
    expect(M.abandonBody).toMatch(/unsuccessful/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue Extension' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ext.giveupExtension).not.toHaveBeenCalled();
    expect(ext.applyExtension).not.toHaveBeenCalled();
    expect(memory.history).toEqual([`/orders/${ORDER_ID}/extension`]);
  });

  it('Abandon Extension sends one giveup for a double tap, the retry the same key, then /orders replaces the page', async () => {
    orders.getOrder.mockResolvedValue(order(11));
    ext.extensionCalc.mockResolvedValue(info());
    const first = later<never>();
    ext.giveupExtension.mockReturnValueOnce(first.promise).mockResolvedValueOnce(undefined);
    const { memory } = open(strict);
    fireEvent.click(await screen.findByRole('button', { name: M.abandon }));
    const dialog = await screen.findByRole('dialog', { name: M.abandonTitle });
    const abandon = within(dialog).getByRole('button', { name: 'Abandon Extension' });
    fireEvent.click(abandon);
    fireEvent.click(abandon);
    expect(ext.giveupExtension).toHaveBeenCalledTimes(1);
    expect(ext.giveupExtension.mock.calls[0]![0]).toEqual(PAYLOAD);
    const key = ext.giveupExtension.mock.calls[0]![1].idempotencyKey as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    await act(async () => first.reject(new Error('Please try again later')));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please try again later');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abandon Extension' }));
    await waitFor(() => expect(memory.history).toEqual(['/orders']));
    expect(ext.giveupExtension.mock.calls.map((c) => c[1].idempotencyKey)).toEqual([key, key]);
    expect(ext.applyExtension).not.toHaveBeenCalled();
  });
});

describe.each(mode)("the 24-hour window on the lender's clock (%s)", (_, strict) => {
  it('counts down, then says the extension has failed and reads the order again', async () => {
    const deadline = paymentDeadline(info())!;
    const clock = new SimulatedClock();
    clock.set(deadline - 2_000);
    orders.getOrder.mockResolvedValue(order(11));
    ext.extensionCalc.mockResolvedValue(info());
    open(strict, { clock, now: () => clock.now() });
    const timer = await screen.findByRole('timer', { name: M.timeLeft });
    expect(timer.textContent).toBe('00:00:02');
    expect(screen.getByText('Pay by 13 Jun 2025, 10:00 IST')).toBeTruthy();
    act(() => clock.increment(1_000));
    await waitFor(() => expect(screen.getByRole('timer').textContent).toBe('00:00:01'), { timeout: 2_000 });
    const reads = orders.getOrder.mock.calls.length;
    orders.getOrder.mockResolvedValue(order(6, { extensionMsg: 'Extension failed: the fee was not paid within 24 hours' }));
    act(() => clock.increment(1_000));
    expect(await screen.findByRole('heading', { name: M.failedTitle })).toBeTruthy();
    expect(screen.getByText(M.failed)).toBeTruthy();
    expect(orders.getOrder.mock.calls.length).toBe(reads + 1);
    expect(await screen.findByText('Extension failed: the fee was not paid within 24 hours')).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.apply })).toBeNull();
    expect(screen.getByRole('link', { name: M.backToOrder }).getAttribute('href')).toBe(`/orders/${ORDER_ID}/detail`);
  });

  it('a reload after the deadline says so at once; Check again while the lender still shows it applied', async () => {
    const deadline = paymentDeadline(info())!;
    orders.getOrder.mockResolvedValue(order(11));
    ext.extensionCalc.mockResolvedValue(info());
    open(strict, { now: () => deadline + 60_000 });
    expect(await screen.findByText(M.failed)).toBeTruthy();
    expect(await screen.findByText(M.stillOpen)).toBeTruthy();
    const reads = orders.getOrder.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: M.checkAgain }));
    await flush();
    expect(orders.getOrder.mock.calls.length).toBe(reads + 1);
    expect(screen.queryByRole('timer')).toBeNull();
  });
});

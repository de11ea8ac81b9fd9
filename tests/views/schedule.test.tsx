/**
 * Scheduled applications with their real effects (the API mocked), in StrictMode and normal mode:
 * the Schedule List (each state as the spec says, the empty text), the detail's Cancel (No sends
 * nothing; Yes sends once through a double tap, a failure keeps the key for the retry, then
 * /schedule replaces the page), scheduling one (once through a double tap, the key kept for a
 * retry and over a reload, the server's refusal, the new schedule's page), and the entry points
 * (Account, home's link when there is a schedule, a full product's Schedule action).
 */
import { StrictMode, type ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeResponse } from '../../contract/home';
import type { ScheduledOrder } from '../../contract/schedule';
import { product } from '../../machines/home/home.cases';
import { homeMachine } from '../../machines/home/home.machine';
import { CARDS, MAY_APPLY, OPEN_ORDER, PRODUCT, REFUSAL } from '../../machines/schedule/schedule-apply.cases';
import { scheduled, SCHEDULES } from '../../machines/schedule/schedule-list.cases';
import { scheduleText } from '../../i18n/en/schedule';
import { HomeWithSchedules } from '../../src/flows/home/HomeRoute';
import AccountRoute from '../../src/flows/personal/AccountRoute';
import ScheduleApplyRoute from '../../src/flows/schedule/ScheduleApplyRoute';
import ScheduledOrderRoute from '../../src/flows/schedule/ScheduledOrderRoute';
import ScheduleListRoute from '../../src/flows/schedule/ScheduleListRoute';
import { scheduleApplyDraft } from '../../src/flows/schedule/schedule-apply.effects';
import { scheduledOrderDraft } from '../../src/flows/schedule/scheduled-order.effects';
import { fakeCalls } from '../support/fakes';

const api = vi.hoisted(() => ({
  scheduleList: vi.fn(),
  scheduledOrder: vi.fn(),
  scheduleApply: vi.fn(),
  cancelSchedule: vi.fn(),
  precheck: vi.fn(),
  getBankCards: vi.fn(),
  getProductInfo: vi.fn(),
}));
vi.mock('../../src/api/schedule', () => ({
  scheduleList: api.scheduleList,
  scheduledOrder: api.scheduledOrder,
  scheduleApply: api.scheduleApply,
  cancelSchedule: api.cancelSchedule,
}));
vi.mock('../../src/api/loans', () => ({ precheck: api.precheck }));
vi.mock('../../src/api/bank', () => ({ getBankCards: api.getBankCards }));
vi.mock('../../src/api/products', () => ({ getProductInfo: api.getProductInfo }));
// A lender with only the spec's calls: no KFS to acknowledge when scheduling (it comes before Get Money).
vi.mock('../../src/api/kfs', () => ({ issueKfs: vi.fn(async () => ({ offered: false })), acknowledgeKfs: vi.fn(), orderKfs: vi.fn() }));
vi.mock('../../src/api/content', async (original) => ({ ...(await original<Record<string, unknown>>()), getClientConfig: vi.fn(async () => ({})) }));

/** The calls whose signal did not abort (StrictMode aborts the first mount's). */
const live = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.filter((args) => !(args.at(-1) as { signal?: AbortSignal } | undefined)?.signal?.aborted);
const keys = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.map((args) => (args[1] as { idempotencyKey: string }).idempotencyKey);

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

const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.precheck.mockResolvedValue(MAY_APPLY);
  api.getProductInfo.mockResolvedValue(PRODUCT);
  api.getBankCards.mockResolvedValue(CARDS);
});

function show(path: string, node: ReactNode, strict: boolean) {
  const memory = memoryLocation({ path, record: true });
  const tree = <Router hook={memory.hook}>{node}</Router>;
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return memory;
}

describe.each(mode)('Schedule List (%s)', (_, strict) => {
  it('each item: product, expected amount, masked account, created time and state; View Detail on a scheduled one, the order number on an applied one', async () => {
    api.scheduleList.mockResolvedValue(SCHEDULES);
    const memory = show('/schedule', <ScheduleListRoute />, strict);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [waiting, applied, canceled] = items.map((li) => within(li));
    for (const item of [waiting!, applied!, canceled!]) {
      expect(item.getByRole('heading', { name: 'Rupee Rise' })).toBeTruthy();
      expect(item.getByText('Expected amount').nextSibling?.textContent).toBe('₹20,000');
      expect(item.getByText('•••• 9012')).toBeTruthy();
      expect(item.getByText('Account ending 9012')).toBeTruthy();
      expect(item.queryByText('123456789012')).toBeNull();
      expect(item.getByText('Created').nextSibling?.textContent).toBe('10 Jun 2025, 09:05 IST');
    }
    expect(waiting!.getByText('Scheduled')).toBeTruthy();
    expect(waiting!.getByRole('link', { name: 'View Detail' }).getAttribute('href')).toBe('/schedule/31?pid=1');
    expect(applied!.getByText('Applied')).toBeTruthy();
    expect(applied!.getByText('Order number').nextSibling?.textContent).toBe('BW202506100032');
    expect(applied!.queryByRole('link')).toBeNull();
    expect(canceled!.getByText('Canceled')).toBeTruthy();
    expect(canceled!.queryByRole('link')).toBeNull();
    expect(canceled!.queryByText('Order number')).toBeNull();
    await userEvent.setup().click(waiting!.getByRole('link', { name: 'View Detail' }));
    expect(memory.history.at(-1)).toBe('/schedule/31?pid=1');
    expect(live(api.scheduleList)).toHaveLength(1);
  });

  it("the empty text verbatim; a failure says why and tries again", async () => {
    api.scheduleList.mockRejectedValue(new Error('Service busy'));
    show('/schedule', <ScheduleListRoute />, strict);
    expect((await screen.findByRole('alert')).textContent).toContain('Service busy');
    api.scheduleList.mockResolvedValue([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No Scheduled order history')).toBeTruthy();
    expect(live(api.scheduleList)).toHaveLength(2);
  });
});

const detailRoute = (strict: boolean, oid = '31') =>
  show(`/schedule/${oid}?pid=1`, <ScheduledOrderRoute params={{ oid }} />, strict);

describe.each(mode)('scheduled order (%s)', (_, strict) => {
  it('Cancel → No sends nothing; Yes sends {id, orderNo} once through a double tap; a failure shows msg and the retry sends the same key; then /schedule replaces the page', async () => {
    api.scheduledOrder.mockResolvedValue(scheduled('31', 0));
    const first = later<void>();
    api.cancelSchedule.mockReturnValueOnce(first.promise).mockResolvedValueOnce(undefined);
    const memory = detailRoute(strict);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you confirm cancel this schedule order ?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.cancelSchedule).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const yes = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' });
    fireEvent.click(yes);
    fireEvent.click(yes);
    expect(api.cancelSchedule).toHaveBeenCalledTimes(1);
    expect(api.cancelSchedule.mock.calls[0]![0]).toEqual({ id: '31', orderNo: '' });
    const key = keys(api.cancelSchedule)[0]!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(scheduledOrderDraft('31').read()).toEqual({ idempotencyKey: key });
    await act(async () => first.reject(new Error('Network error. Please check your connection and try again.')));
    expect(screen.getByRole('alert').textContent).toContain('Network error');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/schedule'));
    expect(keys(api.cancelSchedule)).toEqual([key, key]);
    expect(memory.history).toEqual(['/schedule']); // replaced
    expect(scheduledOrderDraft('31').read()).toBeNull();
    expect(live(api.scheduledOrder)).toHaveLength(1);
  });

  it('a reload during the cancel sends the draft key again', async () => {
    scheduledOrderDraft('31').write({ idempotencyKey: 'kept-key-0001' });
    api.scheduledOrder.mockResolvedValue(scheduled('31', 0));
    api.cancelSchedule.mockResolvedValue(undefined);
    detailRoute(strict);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(keys(api.cancelSchedule)).toEqual(['kept-key-0001']));
  });

  it.each([
    [2, 'Applied'],
    [3, 'Canceled'],
  ])('state %i (%s): the details and no Cancel', async (state, name) => {
    api.scheduledOrder.mockResolvedValue(scheduled('32', state));
    detailRoute(strict, '32');
    expect(await screen.findByText(name)).toBeTruthy();
    expect(screen.getByText('Expected amount').nextSibling?.textContent).toBe('₹20,000');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    if (state === 2) expect(screen.getByText('Order number').nextSibling?.textContent).toBe('BW202506100032');
  });
});

const applyRoute = (strict: boolean) => show('/product/1/schedule', <ScheduleApplyRoute params={{ pid: '1' }} />, strict);

describe.each(mode)('scheduling an application (%s)', (_, strict) => {
  it('the largest amount and the first account; one request through a double tap; a refusal shows msg and the retry sends the same key; then the new schedule replaces the page', async () => {
    const first = later<ScheduledOrder>();
    api.scheduleApply.mockReturnValueOnce(first.promise).mockResolvedValueOnce(scheduled('41', 0));
    const memory = applyRoute(strict);
    const button = await screen.findByRole('button', { name: 'Schedule application' });
    expect(screen.getByText(scheduleText.en.explanation)).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Expected amount' }).getAttribute('aria-valuetext')).toBe('₹20,000');
    expect((screen.getByRole('combobox', { name: 'Bank account' }) as HTMLSelectElement).value).toBe('c1');
    expect(screen.getByRole('combobox', { name: 'Bank account' }).textContent).toContain('•••• 9012');
    expect(screen.queryByText(scheduleText.en.openOrder)).toBeNull();
    fireEvent.click(button);
    fireEvent.click(button);
    expect(api.scheduleApply).toHaveBeenCalledTimes(1);
    expect(api.scheduleApply.mock.calls[0]![0]).toEqual({ productId: '1', expectBorrowAmount: 20000, cardId: 'c1' });
    const key = keys(api.scheduleApply)[0]!;
    expect(scheduleApplyDraft('1').read()).toEqual({ amount: 20000, cardId: 'c1', idempotencyKey: key });
    await act(async () => first.reject(REFUSAL));
    expect(screen.getByRole('alert').textContent).toBe(REFUSAL.message);
    fireEvent.click(screen.getByRole('button', { name: 'Schedule application' }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/schedule/41?pid=1'));
    expect(keys(api.scheduleApply)).toEqual([key, key]);
    expect(memory.history).toEqual(['/schedule/41?pid=1']); // replaced
    expect(scheduleApplyDraft('1').read()).toBeNull();
    expect(live(api.getProductInfo)).toHaveLength(1);
    expect(live(api.getBankCards)).toHaveLength(1);
  });

  it('another amount or account is a new intent (a new key); a reload mid-request sends the draft key', async () => {
    scheduleApplyDraft('1').write({ amount: 5000, cardId: 'c2', idempotencyKey: 'kept-key-0002' });
    api.scheduleApply.mockRejectedValue(REFUSAL);
    applyRoute(strict);
    const button = await screen.findByRole('button', { name: 'Schedule application' });
    expect(screen.getByRole('slider', { name: 'Expected amount' }).getAttribute('aria-valuetext')).toBe('₹5,000');
    fireEvent.click(button);
    await screen.findByRole('alert');
    fireEvent.change(screen.getByRole('slider', { name: 'Expected amount' }), { target: { value: '3' } });
    // A new amount asks the lender for its KFS first (none here): the button waits for the answer.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Schedule application' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Schedule application' }));
    await waitFor(() => expect(api.scheduleApply).toHaveBeenCalledTimes(2));
    expect(keys(api.scheduleApply)[0]).toBe('kept-key-0002');
    expect(keys(api.scheduleApply)[1]).not.toBe('kept-key-0002');
    expect(api.scheduleApply.mock.calls[1]![0]).toEqual({ productId: '1', expectBorrowAmount: 20000, cardId: 'c2' });
  });

  it('an open loan blocks applying now: the page says so and links to My loans', async () => {
    api.precheck.mockResolvedValue(OPEN_ORDER);
    applyRoute(strict);
    expect(await screen.findByText(scheduleText.en.openOrder)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My loans' }).getAttribute('href')).toBe('/orders');
    expect(screen.getByRole('button', { name: 'Schedule application' })).toBeTruthy();
  });

  it("a failed precheck does not stop scheduling; no account: a link to add one and the spec's message", async () => {
    api.precheck.mockRejectedValue(new Error('Service busy'));
    api.getBankCards.mockResolvedValue([]);
    applyRoute(strict);
    const add = await screen.findByRole('link', { name: 'Add bank account' });
    expect(add.getAttribute('href')).toBe('/bank/add?pid=1');
    fireEvent.click(screen.getByRole('button', { name: 'Schedule application' }));
    expect(screen.getByRole('alert').textContent).toBe('Please Select or Add Bank Account');
    expect(api.scheduleApply).not.toHaveBeenCalled();
  });
});

const multi: HomeResponse = {
  userStatus: 2,
  homeProductVos: [product('1'), product('2', { isFull: 1 }), product('3', { isFull: 1, productType: 0, h5Href: 'https://partner.example/loan' })],
  undwayList: [],
};

describe.each(mode)('entry points (%s)', (_, strict) => {
  it("Account has a 'Scheduled applications' row", async () => {
    show('/personal', <AccountRoute />, strict);
    expect(screen.getByRole('link', { name: 'Scheduled applications' }).getAttribute('href')).toBe('/schedule');
  });

  async function home(outcome: ScheduledOrder[] | Error) {
    const homeCalls = fakeCalls<HomeResponse>();
    const lists = fakeCalls<ScheduledOrder[]>();
    const machine = homeMachine.provide({ actors: { loadHome: homeCalls.actor } });
    show('/', <HomeWithSchedules machine={machine} androidBrowser={false} load={lists.fn} />, strict);
    await waitFor(() => homeCalls.pending());
    await act(async () => homeCalls.pending().resolve(multi));
    await waitFor(() => lists.pending());
    await act(async () => (outcome instanceof Error ? lists.pending().reject(outcome) : lists.pending().resolve(outcome)));
    expect(lists.live()).toHaveLength(1);
  }

  it("home links to the Schedule List when there is a schedule; a full product offers 'Schedule' (not a partner's)", async () => {
    await home([scheduled('33', 3)]);
    expect(await screen.findByRole('link', { name: 'Scheduled applications' })).toHaveProperty('pathname', '/schedule');
    expect(screen.getByRole('link', { name: 'Schedule an application for Product 2' }).getAttribute('href')).toBe('/product/2/schedule');
    expect(screen.queryByRole('link', { name: 'Schedule an application for Product 3' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Schedule an application for Product 1' })).toBeNull();
  });

  it.each([
    ['no schedule', [] as ScheduledOrder[]],
    ['a failed list', new Error('Service busy')],
  ])('%s: home shows no link and nothing else changes', async (_, outcome) => {
    await home(outcome);
    expect(screen.getByRole('heading', { name: 'Loan products' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Scheduled applications' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Service busy')).toBeNull();
  });
});

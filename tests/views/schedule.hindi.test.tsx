/**
 * Scheduled applications in Hindi: the Schedule List's texts, the states' names and the
 * machine's messages follow the language; the server's text and the borrower's data (product name,
 * order number) stay as they came; English again is the spec's text verbatim.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import type { CancelScheduledOrderPayload, ScheduledOrder } from '../../contract/schedule';
import { scheduleApplyMachine } from '../../machines/schedule/schedule-apply.machine';
import { LOADED_NO_CARDS } from '../../machines/schedule/schedule-apply.cases';
import { scheduleListMachine } from '../../machines/schedule/schedule-list.machine';
import { scheduled, SCHEDULES } from '../../machines/schedule/schedule-list.cases';
import { scheduledOrderMachine } from '../../machines/schedule/scheduled-order.machine';
import type { ScheduleApplyLoaded } from '../../machines/schedule/schedule-apply.machine';
import { ScheduleApplyFlow } from '../../src/flows/schedule/ScheduleApplyRoute';
import { ScheduledOrderFlow } from '../../src/flows/schedule/ScheduledOrderRoute';
import { ScheduleListFlow } from '../../src/flows/schedule/ScheduleListRoute';
import { fakeCalls } from '../support/fakes';
import { switchLanguage } from '../support/language';

afterEach(() => switchLanguage('en'));

function show(path: string, node: React.ReactNode) {
  render(<Router hook={memoryLocation({ path }).hook}>{node}</Router>);
}

describe('the Schedule List in Hindi', () => {
  it('every label and state name in Hindi; the product and order number as sent; a failed load says so in Hindi', async () => {
    await switchLanguage('hi');
    const loads = fakeCalls<ScheduledOrder[]>();
    show('/schedule', <ScheduleListFlow machine={scheduleListMachine.provide({ actors: { loadSchedules: loads.actor } })} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('शेड्यूल सूची');
    expect(screen.getByRole('status').textContent).toContain('आपके शेड्यूल किए गए आवेदन लोड हो रहे हैं…');

    // A failure without the server's text: the machine's message, by key, in Hindi.
    await act(async () => loads.pending().reject(new Error('')));
    expect(screen.getByRole('alert').textContent).toContain('आपके शेड्यूल किए गए आवेदन लोड नहीं हो सके। कृपया फिर से कोशिश करें।');
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button'));
    await act(async () => loads.pending().resolve(SCHEDULES));

    const [waiting, applied, canceled] = screen.getAllByRole('listitem').map((li) => within(li));
    for (const item of [waiting!, applied!, canceled!]) {
      expect(item.getByRole('heading', { name: 'Rupee Rise' })).toBeTruthy();
      expect(item.getByText('अपेक्षित राशि')).toBeTruthy();
      expect(item.getByText('बैंक अकाउंट')).toBeTruthy();
      expect(item.getByText('बनाया गया').nextSibling?.textContent).toBe('10 जून 2025, 09:05 IST');
      expect(item.getByText('अकाउंट के आखिरी अंक 9012')).toBeTruthy();
    }
    expect(waiting!.getByText('शेड्यूल किया गया')).toBeTruthy();
    expect(waiting!.getByRole('link', { name: 'विवरण देखें' }).getAttribute('href')).toBe('/schedule/31?pid=1');
    expect(screen.getByRole('article', { name: 'Rupee Rise, शेड्यूल किया गया' })).toBeTruthy();
    expect(applied!.getByText('आवेदन हो गया')).toBeTruthy();
    expect(applied!.getByText('ऑर्डर नंबर').nextSibling?.textContent).toBe('BW202506100032');
    expect(canceled!.getByText('रद्द किया गया')).toBeTruthy();

    await switchLanguage('en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Schedule List');
    expect(waiting!.getByRole('link', { name: 'View Detail' })).toBeTruthy();
    expect(canceled!.getByText('Canceled')).toBeTruthy();
  });

  it('the empty text in Hindi', async () => {
    await switchLanguage('hi');
    const loads = fakeCalls<ScheduledOrder[]>();
    show('/schedule', <ScheduleListFlow machine={scheduleListMachine.provide({ actors: { loadSchedules: loads.actor } })} />);
    await act(async () => loads.pending().resolve([]));
    expect(screen.getByText('कोई शेड्यूल किया गया ऑर्डर नहीं है')).toBeTruthy();
  });
});

describe('a scheduled order and scheduling one, in Hindi', () => {
  it("the cancel dialog in Hindi; a refused cancel shows the server's text as it came", async () => {
    await switchLanguage('hi');
    const loads = fakeCalls<ScheduledOrder, { orderId: string }>();
    const cancels = fakeCalls<void, { payload: CancelScheduledOrderPayload; idempotencyKey: string }>();
    const machine = scheduledOrderMachine.provide({ actors: { loadScheduledOrder: loads.actor, cancelSchedule: cancels.actor } });
    show('/schedule/31?pid=1', <ScheduledOrderFlow machine={machine} oid="31" pid="1" draft={null} />);
    await act(async () => loads.pending().resolve(scheduled('31', 0)));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('शेड्यूल किया गया ऑर्डर');
    fireEvent.click(screen.getByRole('button', { name: 'रद्द करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'क्या आप सच में यह शेड्यूल ऑर्डर रद्द करना चाहते हैं?' });
    expect(within(dialog).getByText('आपकी ओर से यह आवेदन नहीं भेजा जाएगा।')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'नहीं' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'हाँ' }));
    await act(async () => cancels.pending().reject(new Error('This scheduled application can no longer be cancelled')));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This scheduled application can no longer be cancelled'));
  });

  it("no bank account: the spec's line in Hindi at the button", async () => {
    await switchLanguage('hi');
    const loads = fakeCalls<ScheduleApplyLoaded, { pid: string }>();
    const machine = scheduleApplyMachine.provide({ actors: { loadPage: loads.actor } });
    show('/product/1/schedule', <ScheduleApplyFlow machine={machine} pid="1" draft={null} />);
    await act(async () => loads.pending().resolve(LOADED_NO_CARDS));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('आवेदन शेड्यूल करें');
    expect(screen.getByRole('slider', { name: 'अपेक्षित राशि' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'आवेदन शेड्यूल करें' }));
    expect(screen.getByRole('alert').textContent).toBe('कृपया बैंक अकाउंट चुनें या जोड़ें');
    await switchLanguage('en');
    expect(screen.getByRole('alert').textContent).toBe('Please Select or Add Bank Account');
  });
});

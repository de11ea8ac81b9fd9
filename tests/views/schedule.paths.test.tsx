/**
 * The scheduling machines' generated paths replayed against the rendered screens, in StrictMode and
 * normal mode: after every step what the borrower sees matches the state, and the screens made
 * exactly the requests and navigations the path calls for (StrictMode must not double them).
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import type { CancelScheduledOrderPayload, ScheduleApplyPayload, ScheduledOrder } from '../../contract/schedule';
import * as applyCases from '../../machines/schedule/schedule-apply.cases';
import { scheduleApplyMachine, type ScheduleApplyInput, type ScheduleApplyLoaded } from '../../machines/schedule/schedule-apply.machine';
import * as listCases from '../../machines/schedule/schedule-list.cases';
import { scheduleListMachine } from '../../machines/schedule/schedule-list.machine';
import * as detailCases from '../../machines/schedule/scheduled-order.cases';
import { scheduledOrderMachine, type ScheduledOrderInput } from '../../machines/schedule/scheduled-order.machine';
import { openOrderBlocks } from '../../machines/schedule/schedule.rules';
import { scheduleText } from '../../i18n/en/schedule';
import { textFor } from '../../src/ui/text';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import { ScheduleApplyFlow } from '../../src/flows/schedule/ScheduleApplyRoute';
import { scheduleApplyEffects } from '../../src/flows/schedule/schedule-apply.effects';
import { ScheduledOrderFlow } from '../../src/flows/schedule/ScheduledOrderRoute';
import { scheduledOrderEffects } from '../../src/flows/schedule/scheduled-order.effects';
import { ScheduleListFlow } from '../../src/flows/schedule/ScheduleListRoute';
import type { LenderKfs } from '../../contract/kfs';
import type { Offered } from '../../contract/offered';
import { kfsText } from '../../i18n/en/kfs';
import { fakeCalls, type Deferred } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

/** What the machines said, in English (the spec's texts). */
const english = textFor(scheduleText, 'en');

const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

type Pending = { pending: () => Deferred<never> };
const settle = async (c: ActorDoneCase | ActorErrorCase, calls: Pending) => {
  await waitFor(() => calls.pending());
  await act(async () => ('output' in c ? calls.pending().resolve(c.output as never) : calls.pending().reject(c.error)));
};

const listPaths = generatePaths(scheduleListMachine, listCases);
const detailPaths = generatePaths(scheduledOrderMachine, detailCases);
const applyPaths = generatePaths(scheduleApplyMachine, applyCases);

describe.each(mode)('Schedule List paths (%s)', (_, strict) => {
  it.each(listPaths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const loads = fakeCalls<ScheduledOrder[]>();
    const machine = scheduleListMachine.provide({ actors: { loadSchedules: loads.actor } });
    await replayPath(path, {
      act: {
        'xstate.init': () => {
          const tree = (
            <Router hook={memoryLocation({ path: '/schedule' }).hook}>
              <ScheduleListFlow machine={machine} />
            </Router>
          );
          render(strict ? <StrictMode>{tree}</StrictMode> : tree);
        },
        'xstate.done.actor.loadSchedules': (e) => settle(e as ActorDoneCase, loads as never),
        'xstate.error.actor.loadSchedules': (e) => settle(e as ActorErrorCase, loads as never),
        'list.retried': () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
      },
      assert: (s) => {
        if (s.hasTag('loading')) expect(screen.getByRole('status').textContent).toContain('Loading your scheduled applications…');
        if (s.hasTag('failed')) expect(screen.getByRole('alert').textContent).toContain(listCases.FAILURE.message);
        if (s.hasTag('ready')) {
          const n = s.context.schedules?.length ?? 0;
          if (n === 0) expect(screen.getByText(scheduleText.en.empty)).toBeTruthy();
          else expect(screen.getAllByRole('listitem')).toHaveLength(n);
        }
      },
    });
    expect(loads.live().length).toBe(invocations(path.steps, 'loadSchedules'));
  });
});

describe.each(mode)('scheduled order paths (%s)', (_, strict) => {
  it.each(detailPaths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const user = userEvent.setup();
    const loads = fakeCalls<ScheduledOrder, { orderId: string }>();
    const cancels = fakeCalls<void, { payload: CancelScheduledOrderPayload; idempotencyKey: string }>();
    const input = path.input as ScheduledOrderInput;
    const memory = memoryLocation({ path: `/schedule/${input.oid}?pid=1`, record: true });
    const machine = scheduledOrderMachine.provide({
      ...scheduledOrderEffects(input.oid, memory.navigate),
      actors: { loadScheduledOrder: loads.actor, cancelSchedule: cancels.actor },
    });
    const expected = [`/schedule/${input.oid}?pid=1`];
    const dialog = () => screen.getByRole('dialog', { name: scheduleText.en.cancelQuestion });
    await replayPath(path, {
      act: {
        'xstate.init': () => {
          const tree = (
            <Router hook={memory.hook}>
              <ScheduledOrderFlow machine={machine} oid={input.oid} pid={input.pid} draft={input.draft ?? null} />
            </Router>
          );
          render(strict ? <StrictMode>{tree}</StrictMode> : tree);
        },
        'xstate.done.actor.loadScheduledOrder': (e) => settle(e as ActorDoneCase, loads as never),
        'xstate.error.actor.loadScheduledOrder': (e) => settle(e as ActorErrorCase, loads as never),
        'page.retried': () => user.click(screen.getByRole('button', { name: 'Try again' })),
        'cancel.tapped': () => user.click(screen.getByRole('button', { name: 'Cancel' })),
        'cancel.declined': () => user.click(within(dialog()).getByRole('button', { name: 'No' })),
        'cancel.confirmed': () => user.click(within(dialog()).getByRole('button', { name: 'Yes' })),
        'xstate.done.actor.cancelSchedule': async (e) => {
          await settle(e as ActorDoneCase, cancels as never);
          expected.splice(0, expected.length, '/schedule'); // replaced
        },
        'xstate.error.actor.cancelSchedule': (e) => settle(e as ActorErrorCase, cancels as never),
      },
      assert: async (s) => {
        const c = s.context;
        if (s.hasTag('loading')) expect(screen.getByRole('status').textContent).toContain('Loading your scheduled application…');
        if (s.hasTag('failed')) expect(screen.getByRole('alert').textContent).toContain(c.error ? english.said(c.error) : '');
        if (s.hasTag('shown')) expect(screen.getByRole('heading', { name: c.order?.productName })).toBeTruthy();
        if (s.hasTag('cancellable')) expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
        if (s.hasTag('closed')) expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
        if (s.hasTag('asking')) {
          expect(dialog()).toBeTruthy();
          expect(within(dialog()).getByRole('button', { name: 'Yes' }).getAttribute('aria-busy')).toBe(s.hasTag('cancelling') ? 'true' : null);
        } else await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        if (c.notice && !s.hasTag('asking')) expect(screen.getByRole('alert').textContent).toBe(english.said(c.notice));
        await waitFor(() => expect(memory.history).toEqual(expected));
      },
    });
    expect(loads.live().length).toBe(invocations(path.steps, 'loadScheduledOrder'));
    expect(cancels.live().length).toBe(invocations(path.steps, 'cancelSchedule'));
  });
});

describe.each(mode)('scheduling paths (%s)', (_, strict) => {
  it.each(applyPaths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const user = userEvent.setup();
    const loads = fakeCalls<ScheduleApplyLoaded, { pid: string }>();
    const sends = fakeCalls<ScheduledOrder, { payload: ScheduleApplyPayload; idempotencyKey: string }>();
    const issues = fakeCalls<Offered<LenderKfs>, { productId: string; amount: number }>();
    const acks = fakeCalls<LenderKfs, { kfsNo: string }>();
    const input = path.input as ScheduleApplyInput;
    const memory = memoryLocation({ path: `/product/${input.pid}/schedule`, record: true });
    const machine = scheduleApplyMachine.provide({
      ...scheduleApplyEffects(input.pid, memory.navigate),
      actors: { loadPage: loads.actor, scheduleApply: sends.actor, issueKfs: issues.actor, acknowledgeKfs: acks.actor },
    });
    const expected = [`/product/${input.pid}/schedule`];
    await replayPath(path, {
      act: {
        'xstate.init': () => {
          const tree = (
            <Router hook={memory.hook}>
              <ScheduleApplyFlow machine={machine} pid={input.pid} draft={input.draft ?? null} />
            </Router>
          );
          render(strict ? <StrictMode>{tree}</StrictMode> : tree);
        },
        'xstate.done.actor.loadPage': (e) => settle(e as ActorDoneCase, loads as never),
        'xstate.error.actor.loadPage': (e) => settle(e as ActorErrorCase, loads as never),
        'page.retried': () => user.click(screen.getByRole('button', { name: 'Try again' })),
        'amount.changed': (e) => {
          fireEvent.change(screen.getByRole('slider', { name: 'Expected amount' }), { target: { value: String(applyCases.PRODUCT.amountList.indexOf(e.amount)) } });
        },
        'card.selected': (e) => user.selectOptions(screen.getByRole('combobox', { name: 'Bank account' }), e.cardId),
        'schedule.tapped': () => user.click(screen.getByRole('button', { name: 'Schedule application' })),
        'xstate.done.actor.scheduleApply': async (e) => {
          await settle(e as ActorDoneCase, sends as never);
          const created = (e as ActorDoneCase<ScheduledOrder>).output;
          expected.splice(0, expected.length, `/schedule/${created.id}?pid=${created.productId}`); // replaced
        },
        'xstate.error.actor.scheduleApply': (e) => settle(e as ActorErrorCase, sends as never),
        'xstate.done.actor.issueKfs': (e) => settle(e as ActorDoneCase, issues as never),
        'xstate.error.actor.issueKfs': (e) => settle(e as ActorErrorCase, issues as never),
        'xstate.done.actor.acknowledgeKfs': (e) => settle(e as ActorDoneCase, acks as never),
        'xstate.error.actor.acknowledgeKfs': (e) => settle(e as ActorErrorCase, acks as never),
        'kfs.ticked': async (e) => {
          // Ticking a box already ticked changes nothing: there is nothing to tap.
          const box = screen.getByRole('checkbox', { name: kfsText.en.accept }) as HTMLInputElement;
          if (box.checked !== e.checked) await user.click(box);
        },
      },
      assert: async (s) => {
        const c = s.context;
        if (s.hasTag('loading')) expect(screen.getByRole('status').textContent).toContain('Loading the product…');
        // The lender's KFS for the amount, with its number, and its tick where it is still to acknowledge.
        const kfsTable = screen.queryByRole('region', { name: kfsText.en.title });
        expect(kfsTable !== null).toBe(c.scheduleKfs !== null && !s.hasTag('kfsLoading') && s.hasTag('editing'));
        if (kfsTable && c.scheduleKfs) expect(kfsTable.textContent).toContain(c.scheduleKfs.kfsNo);
        const box = screen.queryByRole('checkbox', { name: kfsText.en.accept }) as HTMLInputElement | null;
        if (box) expect(box.checked).toBe(c.kfsTicked);
        if (s.hasTag('failed')) expect(screen.getByRole('alert').textContent).toContain(c.loadError ? english.said(c.loadError) : '');
        if (s.hasTag('editing')) {
          const button = screen.getByRole('button', { name: 'Schedule application' });
          expect(button.getAttribute('aria-busy')).toBe(s.hasTag('submitting') ? 'true' : null);
          expect(screen.getByRole('slider', { name: 'Expected amount' }).getAttribute('aria-valuetext')).toBe(`₹${c.amount?.toLocaleString('en-IN')}`);
          expect(Boolean(screen.queryByText(scheduleText.en.openOrder))).toBe(openOrderBlocks(c.precheck));
          if (c.cards.length === 0) expect(screen.getByRole('link', { name: 'Add bank account' }).getAttribute('href')).toBe(`/bank/add?pid=${input.pid}`);
          else expect((screen.getByRole('combobox', { name: 'Bank account' }) as HTMLSelectElement).value).toBe(c.cardId);
          if (c.notice) expect(screen.getByRole('alert').textContent).toBe(english.said(c.notice));
          else expect(screen.queryByRole('alert')).toBeNull();
        }
        await waitFor(() => expect(memory.history).toEqual(expected));
      },
    });
    expect(loads.live().length).toBe(invocations(path.steps, 'loadPage'));
    expect(sends.live().length).toBe(invocations(path.steps, 'scheduleApply'));
    expect(acks.live().length).toBe(invocations(path.steps, 'acknowledgeKfs'));
    // The request names the lender's KFS acknowledged, where there is one.
    for (const send of sends.live()) expect('kfsNo' in send.input.payload).toBe(path.steps.some((st) => st.event.type === 'xstate.done.actor.acknowledgeKfs'));
    // The draft's intent goes with the draft's key after a reload; a changed amount or card, or a new
    // lender KFS (the request names it: a new intent), with a new one.
    if (path.inputName === 'reloadedWhileSubmitting' && sends.live().length > 0) {
      const changed = path.steps.some(
        (st) => st.event.type === 'amount.changed' || st.event.type === 'card.selected' || (st.event.type === 'xstate.done.actor.issueKfs' && (st.event as ActorDoneCase<Offered<LenderKfs>>).output.offered),
      );
      expect(sends.live()[0]!.input.idempotencyKey === applyCases.DRAFT_KEY).toBe(!changed);
    }
  });
});

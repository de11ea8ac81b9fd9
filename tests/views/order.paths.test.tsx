/**
 * The order lifecycle machine's generated paths replayed against the rendered order pages (audit,
 * confirm, detail), in StrictMode and normal mode: after every step what the borrower sees matches
 * the state (back from a payment: what happened to it, Pay again only where offered); by the end
 * the page made exactly the detail, loan, repay and payments requests the path calls for (one per
 * intent: a retry carries the same key, Pay again a new one), navigated where the path says,
 * remembered and forgot the payment started as the path says, and opened only allowed payment pages.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SimulatedClock } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order, PaymentUrl } from '../../contract/orders';
import type { Offered } from '../../contract/offered';
import type { PaymentRecord } from '../../contract/payments';
import { orderMachine, type OrderDraft, type OrderInput } from '../../machines/order/order.machine';
import { cases, inputs, serialize } from '../../machines/order/order.cases';
import { canExtend, canPayAgain, isOverdue, listedPayments, recheckDelay, startedRecord } from '../../machines/order/order.rules';
import type { StartedPayment } from '../../machines/shared/payment';
import { orderText } from '../../i18n/en/order';
import { kfsText } from '../../i18n/en/kfs';
import type { LenderKfs, OrderKfs } from '../../contract/kfs';
import { kfsPrompt } from '../../machines/shared/kfs-ack';
import { textFor } from '../../src/ui/text';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import type { NavigateParams } from '../../machines/shared/navigation';
import { OrderFlow } from '../../src/flows/orders/OrderFlow';
import { formatINR } from '../../src/lib/money';
import { fakeCalls, type Deferred } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { stepActions } from '../../model-testing/actions';
import { invocations, replayPath } from '../../model-testing/replay';

const paths = generatePaths(orderMachine, { cases, inputs, serialize });
/** What the machine said, in English (the spec's texts). */
const english = textFor(orderText, 'en');

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
afterEach(() => {
  visibility = 'visible';
});

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

function restoreFromBfcache() {
  const e = new Event('pageshow');
  Object.defineProperty(e, 'persisted', { value: true });
  act(() => void window.dispatchEvent(e));
}

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('order paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const clock = new SimulatedClock();
    const fakes = {
      loadOrder: fakeCalls<Order, { orderId: string }>(),
      confirmLoan: fakeCalls<void, { orderId: string; idempotencyKey: string }>(),
      repay: fakeCalls<PaymentUrl, { orderId: string; idempotencyKey: string }>(),
      listPayments: fakeCalls<Offered<PaymentRecord[]>, { orderId: string }>(),
      orderKfs: fakeCalls<Offered<OrderKfs>, { orderId: string }>(),
      issueKfs: fakeCalls<Offered<LenderKfs>, { orderId: string }>(),
      acknowledgeKfs: fakeCalls<LenderKfs, { kfsNo: string }>(),
    };
    const navigations: NavigateParams[] = [];
    const opened: string[] = [];
    const drafts: (OrderDraft | null)[] = [];
    const remembered: (StartedPayment | null)[] = [];
    const machine = orderMachine.provide({
      actors: {
        loadOrder: fakes.loadOrder.actor,
        confirmLoan: fakes.confirmLoan.actor,
        repay: fakes.repay.actor,
        listPayments: fakes.listPayments.actor,
        orderKfs: fakes.orderKfs.actor,
        issueKfs: fakes.issueKfs.actor,
        acknowledgeKfs: fakes.acknowledgeKfs.actor,
      },
      actions: {
        navigate: (_, p) => void navigations.push(p),
        openPayment: (_, { url }) => void opened.push(url),
        persistDraft: (_, { draft }) => void drafts.push(draft),
        clearDraft: () => void drafts.push(null),
        rememberPayment: (_, { started }) => void remembered.push(started),
        forgetPayment: () => void remembered.push(null),
      },
    });
    const input = path.input as OrderInput;
    let expectedOpened = 0;
    const settle = async (c: ActorDoneCase | ActorErrorCase, calls: { pending: () => Deferred<never> }) => {
      await waitFor(() => calls.pending());
      await act(async () => ('output' in c ? calls.pending().resolve(c.output as never) : calls.pending().reject(c.error)));
    };
    const settleLoad = (e: ActorDoneCase | ActorErrorCase) => settle(e, fakes.loadOrder as never);
    const settlePayments = (e: ActorDoneCase | ActorErrorCase) => settle(e, fakes.listPayments as never);
    const elapse = (index: number) => act(() => clock.increment(recheckDelay(path.steps[index - 1]!.state.context.rechecks)));
    const elapsePaymentCheck = (index: number) => act(() => clock.increment(recheckDelay(path.steps[index - 1]!.state.context.paymentChecks)));

    await replayPath(path, {
      act: {
        'xstate.init': () => {
          visibility = input.hidden ? 'hidden' : 'visible';
          const { hook } = memoryLocation({ path: `/orders/${input.orderId}/${input.page}` });
          const tree = (
            <Router hook={hook}>
              <OrderFlow
                machine={machine}
                page={input.page}
                orderId={input.orderId}
                draft={input.draft ?? null}
                today={input.today}
                origin={input.origin}
                paymentHosts={input.paymentHosts}
                started={input.started ?? null}
                now={input.now ?? (() => input.today)}
                clock={clock}
              />
            </Router>
          );
          render(strict ? <StrictMode>{tree}</StrictMode> : tree);
        },
        'xstate.done.actor.loadOrder': (e) => settleLoad(e as ActorDoneCase),
        'xstate.error.actor.loadOrder': (e) => settleLoad(e as ActorErrorCase),
        'xstate.done.actor.recheckOrder': (e) => settleLoad(e as ActorDoneCase),
        'xstate.error.actor.recheckOrder': (e) => settleLoad(e as ActorErrorCase),
        'xstate.done.actor.rereadOrder': (e) => settleLoad(e as ActorDoneCase),
        'xstate.error.actor.rereadOrder': (e) => settleLoad(e as ActorErrorCase),
        'xstate.done.actor.listPayments': (e) => settlePayments(e as ActorDoneCase),
        'xstate.error.actor.listPayments': (e) => settlePayments(e as ActorErrorCase),
        'xstate.done.actor.checkPayment': (e) => settlePayments(e as ActorDoneCase),
        'xstate.error.actor.checkPayment': (e) => settlePayments(e as ActorErrorCase),
        'xstate.done.actor.recheckPayment': (e) => settlePayments(e as ActorDoneCase),
        'xstate.error.actor.recheckPayment': (e) => settlePayments(e as ActorErrorCase),
        'xstate.after.paymentRecheck.order.pending.waiting': (_e, _s, i) => elapsePaymentCheck(i),
        'xstate.after.recheck.order.auditing.waiting': (_e, _s, i) => elapse(i),
        'xstate.after.recheck.order.lending.waiting': (_e, _s, i) => elapse(i),
        'xstate.done.actor.orderKfs': (e) => settle(e as ActorDoneCase, fakes.orderKfs as never),
        'xstate.error.actor.orderKfs': (e) => settle(e as ActorErrorCase, fakes.orderKfs as never),
        'xstate.done.actor.issueKfs': (e) => settle(e as ActorDoneCase, fakes.issueKfs as never),
        'xstate.error.actor.issueKfs': (e) => settle(e as ActorErrorCase, fakes.issueKfs as never),
        'xstate.done.actor.acknowledgeKfs': (e) => settle(e as ActorDoneCase, fakes.acknowledgeKfs as never),
        'xstate.error.actor.acknowledgeKfs': (e) => settle(e as ActorErrorCase, fakes.acknowledgeKfs as never),
        'kfs.ticked': () => void fireEvent.click(screen.getByRole('checkbox', { name: kfsText.en.acknowledge })),
        'xstate.done.actor.confirmLoan': (e) => settle(e as ActorDoneCase, fakes.confirmLoan as never),
        'xstate.error.actor.confirmLoan': (e) => settle(e as ActorErrorCase, fakes.confirmLoan as never),
        'xstate.done.actor.repay': async (e) => {
          await settle(e as ActorDoneCase, fakes.repay as never);
          if ((e as ActorDoneCase<PaymentUrl>).output.paymentUrl.startsWith('https://pay.example/')) expectedOpened++;
        },
        'xstate.error.actor.repay': (e) => settle(e as ActorErrorCase, fakes.repay as never),
        'page.retried': () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
        'outcome.closed': () => void fireEvent.click(screen.getByRole('button', { name: 'Back to your loan' })),
        'pay.again': () => void fireEvent.click(screen.getByRole('button', { name: 'Pay again' })),
        'page.hidden': () => setVisibility('hidden'),
        'page.visible': () => setVisibility('visible'),
        'page.restored': () => restoreFromBfcache(),
        'refresh.tapped': (_e, step) =>
          void fireEvent.click(screen.getByRole('button', { name: path.steps[path.steps.indexOf(step) - 1]!.state.hasTag('audit') ? 'Refresh' : 'Check again' })),
        'getMoney.tapped': () => void fireEvent.click(screen.getByRole('button', { name: 'Get Money' })),
        'repay.tapped': () => void fireEvent.click(screen.getByRole('button', { name: /^Repayment/ })),
      },
      assert: (s) => {
        const c = s.context;
        const status = () => screen.getAllByRole('status').map((n) => n.textContent).join(' ');
        if (s.hasTag('loading')) expect(status()).toContain(s.hasTag('checkingPayment') || (s.matches('loading') && c.started) ? 'Checking your payment…' : 'Loading your order…');
        if (s.hasTag('failed')) expect(screen.getByRole('alert').textContent).toContain(english.said(c.error!));
        if (s.hasTag('leaving')) expect(status()).toContain('Opening your order…');
        if (s.hasTag('audit')) {
          expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('In Auditing');
          expect(screen.queryByText(orderText.en.auditNote) !== null).toBe(s.hasTag('auditing'));
          expect(screen.queryByText(orderText.en.lendingNote) !== null).toBe(s.hasTag('lending'));
          expect(screen.getByRole('button', { name: 'Refresh' }).getAttribute('aria-busy')).toBe(s.hasTag('refreshing') ? 'true' : null);
        }
        if (s.hasTag('confirm')) {
          const button = screen.getByRole('button', { name: 'Get Money' });
          expect(button.getAttribute('aria-busy')).toBe(s.hasTag('confirming') ? 'true' : null);
          expect(screen.getByText('Repayment amount').nextSibling?.textContent).toBe(formatINR(c.order!.repaymentAmount!));
          expect(screen.getByText('•••• 9012')).toBeTruthy();
          // Get Money waits for a KFS that binds now; the one to acknowledge is ticked on this page.
          const prompt = kfsPrompt(c.kfs, c.kfsTickedAt);
          if (!s.hasTag('confirming')) expect(button.hasAttribute('disabled')).toBe(!s.can({ type: 'getMoney.tapped' }));
          const box = screen.queryByRole('checkbox', { name: kfsText.en.acknowledge }) as HTMLInputElement | null;
          expect(box !== null).toBe(prompt.kind === 'toAcknowledge');
          if (box && prompt.kind === 'toAcknowledge') expect(box.checked).toBe(prompt.ticked);
          if (prompt.kind === 'reading') expect(screen.getByText(kfsText.en.reading)).toBeTruthy();
          if (prompt.kind !== 'reading' && 'kfsNo' in prompt && prompt.kfsNo) expect(screen.getByText(new RegExp(prompt.kfsNo))).toBeTruthy();
        }
        const repay = screen.queryByRole('button', { name: /^Repayment/ });
        expect(repay !== null).toBe(s.hasTag('payable'));
        if (repay) {
          expect(repay.textContent).toBe(`Repayment ${formatINR(c.order!.repaymentAmount!)}`);
          expect(repay.classList.contains('btn-overdue')).toBe(isOverdue(c.order!));
          expect(repay.getAttribute('aria-busy')).toBe(s.hasTag('repaying') || s.hasTag('redirecting') ? 'true' : null);
          expect(screen.queryByRole('link', { name: 'Extend due date' }) !== null).toBe(canExtend(c.order!));
          expect(screen.queryByText('Days overdue') !== null).toBe((c.order!.overdueDays ?? 0) > 0);
        }
        if (s.hasTag('settled')) expect(screen.getByText(orderText.en.settled)).toBeTruthy();
        if (s.hasTag('detail')) {
          const listed = listedPayments(c.payments);
          expect(screen.queryByRole('heading', { name: 'Payments' }) !== null).toBe(listed.length > 0);
          expect(screen.queryAllByRole('link', { name: /^Receipt of / })).toHaveLength(listed.filter((p) => p.status === 'received').length);
        }
        if (s.hasTag('outcome')) {
          const title = s.hasTag('received')
            ? c.started?.purpose === 'extensionFee'
              ? 'Extension fee received'
              : 'Payment received'
            : s.hasTag('pending')
              ? 'Waiting for your bank'
              : s.hasTag('notReceived')
                ? 'Payment not received'
                : 'Payment not confirmed yet';
          expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(title);
          expect(screen.queryByRole('button', { name: /^Repayment/ })).toBeNull();
          expect(screen.queryByRole('button', { name: 'Pay again' }) !== null).toBe((s.hasTag('notReceived') || s.hasTag('unconfirmed')) && canPayAgain(c));
          expect(screen.queryByRole('button', { name: 'Back to your loan' }) !== null).toBe(!s.hasTag('pending'));
          expect(screen.queryByRole('button', { name: 'Check again' }) !== null).toBe(s.hasTag('pending') || s.hasTag('unconfirmed'));
          expect(screen.queryByRole('link', { name: 'View receipt' }) !== null).toBe(s.hasTag('received') && startedRecord(c)?.status === 'received');
          if (s.hasTag('pending')) {
            expect(screen.getByText(orderText.en.pendingDontPay)).toBeTruthy();
            expect(screen.getByRole('button', { name: 'Check again' }).getAttribute('aria-busy')).toBe(s.hasTag('refreshing') ? 'true' : null);
          }
        }
        if (c.notice && !s.hasTag('loading') && !s.hasTag('leaving')) expect(screen.getByText(english.said(c.notice))).toBeTruthy();
      },
    });
    const steps = path.steps;
    expect(fakes.loadOrder.live().length).toBe(invocations(steps, 'loadOrder') + invocations(steps, 'recheckOrder') + invocations(steps, 'rereadOrder'));
    expect(fakes.confirmLoan.live().length).toBe(invocations(steps, 'confirmLoan'));
    expect(fakes.acknowledgeKfs.live().length).toBe(invocations(steps, 'acknowledgeKfs'));
    expect(fakes.issueKfs.live().length).toBe(invocations(steps, 'issueKfs'));
    expect(fakes.repay.live().length).toBe(invocations(steps, 'repay'));
    expect(fakes.listPayments.live().length).toBe(invocations(steps, 'listPayments') + invocations(steps, 'checkPayment') + invocations(steps, 'recheckPayment'));
    // Every repayment started is remembered with its key and the lender's id; Back to your loan and Pay again forget it.
    const actions = stepActions(orderMachine, path).flat();
    expect(remembered.map((r) => (r === null ? null : r.purpose))).toEqual(
      actions.flatMap((a) => (a.type === 'rememberPayment' ? ['repayment'] : a.type === 'forgetPayment' ? [null] : [])),
    );
    const repayKeys = fakes.repay.live().map((c) => c.input.idempotencyKey);
    for (const r of remembered) if (r) expect([r.orderId, r.paymentId, repayKeys.includes(r.key)]).toEqual([input.orderId, 'pay_0001', true]);
    // Every Get Money of one intent carries the same key (a retry, a reload with the draft).
    const loanKeys = new Set(fakes.confirmLoan.live().map((l) => l.input.idempotencyKey));
    expect(loanKeys.size).toBeLessThanOrEqual(1);
    if (input.draft && loanKeys.size) expect([...loanKeys]).toEqual([input.draft.idempotencyKey]);
    // Where the machine sends the borrower (machines/order/order.machine.ts; its rules are tested in tests/machines).
    expect(navigations).toEqual(actions.filter((a) => a.type === 'navigate').map((a) => a.params));
    expect(opened).toHaveLength(expectedOpened);
    for (const url of opened) expect(url).toMatch(/^https:\/\/pay\.example\/checkout\?session=abc&return=https%3A%2F%2Fapp\.example%2Forders%2F501%2Fdetail$/);
  });
});

/**
 * The closure machine's generated paths replayed against its card on the order's detail page, in
 * StrictMode and normal mode: after every step what the borrower sees matches the state (nothing at
 * all when the lender has no quote call), every figure of the confirmation adds up to the amount
 * paid, and the card made exactly the requests the path calls for (StrictMode must not double them).
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ClosureQuote } from '../../contract/closure';
import type { Offered } from '../../contract/offered';
import type { PaymentUrl } from '../../contract/orders';
import { closureText } from '../../i18n/en/closure';
import * as closureCases from '../../machines/closure/closure.cases';
import { LOAN, NOW, ORIGIN, PAYMENT_HOSTS } from '../../machines/closure/closure.cases';
import { closureMachine, type PayInput } from '../../machines/closure/closure.machine';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import { ClosureOffer } from '../../src/flows/orders/ClosureOffer';
import { textFor } from '../../src/ui/text';
import { fakeCalls, type Deferred } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

const d = closureText.en;
const t = textFor(closureText, 'en');
const paths = generatePaths(closureMachine, closureCases);

const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

type Pending = { pending: () => Deferred<never> };
const settle = async (c: ActorDoneCase | ActorErrorCase, calls: Pending) => {
  await waitFor(() => calls.pending());
  await act(async () => ('output' in c ? calls.pending().resolve(c.output as never) : calls.pending().reject(c.error)));
};
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const sumOf = () => Array.from(document.querySelectorAll('.closure-sum .sum-lines > div:not(.sum-total) data')).reduce((a, el) => a + Number(el.getAttribute('value')), 0);
const totalOf = () => Number(document.querySelector('.closure-sum .sum-total data')?.getAttribute('value'));

describe.each(mode)('closure paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const quotes = fakeCalls<Offered<ClosureQuote>, { orderId: string }>();
    const pays = fakeCalls<PaymentUrl, PayInput>();
    const opened = vi.fn();
    const remembered = vi.fn();
    const machine = closureMachine.provide({
      actors: { closureQuote: quotes.actor, pay: pays.actor },
      actions: { openPayment: (_, p) => opened(p.url), rememberPayment: (_, p) => remembered(p.started) },
    });
    await replayPath(path, {
      act: {
        'xstate.init': () => {
          const tree = <ClosureOffer machine={machine} order={LOAN} origin={ORIGIN} paymentHosts={PAYMENT_HOSTS} now={() => NOW} />;
          render(strict ? <StrictMode>{tree}</StrictMode> : tree);
        },
        'xstate.done.actor.closureQuote': (e) => settle(e as ActorDoneCase, quotes as never),
        'xstate.error.actor.closureQuote': (e) => settle(e as ActorErrorCase, quotes as never),
        'xstate.done.actor.pay': (e) => settle(e as ActorDoneCase, pays as never),
        'xstate.error.actor.pay': (e) => settle(e as ActorErrorCase, pays as never),
        'quote.retried': () => void fireEvent.click(button(d.tryAgain)),
        'closure.tapped': () => void fireEvent.click(button(new RegExp(`^(${d.exitButton}|${d.closeButton})$`))),
        'closure.confirmed': () => void fireEvent.click(button(/^Pay ₹/)),
        'closure.cancelled': () => void fireEvent.click(button(d.cancel)),
        'part.tapped': () => void fireEvent.click(button(d.partButton)),
        'part.changed': (e) => void fireEvent.change(screen.getByLabelText(d.partLabel), { target: { value: (e as { value: string }).value } }),
        'part.confirmed': () => void fireEvent.click(button(/^Pay/)),
        'part.cancelled': () => void fireEvent.click(button(d.cancel)),
      },
      assert: (s) => {
        const q = s.context.quote;
        if (s.hasTag('notOffered')) expect(document.querySelector('.closure')).toBeNull();
        if (s.hasTag('quoting')) expect(screen.getByRole('status').textContent).toBe(d.quoting);
        if (s.hasTag('quoteFailed')) expect(screen.getByText(closureCases.FAILURE.message)).toBeTruthy();
        if (s.hasTag('offer') && !s.hasTag('confirming') && !s.hasTag('part')) {
          const exit = s.hasTag('coolingOff');
          const card = screen.getByRole('region', { name: exit ? d.exitTitle : d.closeTitle });
          expect(card.textContent).toContain(`₹${q!.amount.toLocaleString('en-IN')}`);
          expect(within(card).getByRole('button', { name: exit ? d.exitButton : d.closeButton })).toBeTruthy();
          if (s.context.notice) expect(within(card).getByRole('alert').textContent).toBe(t.said(s.context.notice));
        }
        if (s.hasTag('confirming')) {
          expect(sumOf()).toBe(q!.amount);
          expect(totalOf()).toBe(q!.amount);
          expect(screen.getByText(t('feesKept', { fee: '₹750', gst: '₹135' }))).toBeTruthy();
          expect(button(`Pay ₹${q!.amount.toLocaleString('en-IN')}`).getAttribute('aria-busy')).toBe(s.hasTag('busy') ? 'true' : null);
        }
        if (s.hasTag('part')) {
          const field = screen.getByLabelText(d.partLabel) as HTMLInputElement;
          expect(field.value).toBe(s.context.part);
          if (s.context.part === '5000') expect(screen.getByText(t('partLeaves', { amount: '₹11,229' }))).toBeTruthy();
          if (s.context.notice) expect(field.getAttribute('aria-invalid')).toBe('true');
        }
        if (s.hasTag('redirecting')) expect(screen.getByRole('status').textContent).toBe(d.redirecting);
      },
    });
    expect(quotes.live().length).toBe(invocations(path.steps, 'closureQuote'));
    expect(pays.live().length).toBe(invocations(path.steps, 'pay'));
    for (const call of pays.live()) expect(call.input.idempotencyKey).toBeTruthy();
    expect(opened.mock.calls.length).toBe(path.steps.filter((step) => step.state.hasTag('redirecting') && step.event.type === 'xstate.done.actor.pay').length);
  });
});

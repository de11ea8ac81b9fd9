/**
 * The detail page's payment sub-charts of the order machine: Repayment (6 Loaned, 8 Overdued) and
 * the payment's outcome told on the way back from the gateway. Composed back in order.machine.ts,
 * which holds the setup they are typed against; they add no state, event or guard of their own.
 */
import { assign } from 'xstate';
import type { PaymentUrl } from '../../contract/orders';
import { say, saidOf } from '../../i18n/core';
import type { OrderKey } from '../../i18n/en/order';
import { intentKey } from '../shared/idempotency';
import { paths } from '../shared/paths';
import { markOf, withReturn, type StartedPayment } from '../shared/payment';
import { ORDER_STATE } from '../shared/order-states';
import type { OrderContext, OrderSetup } from './order.machine';
import { returnAddress } from './order.rules';

/** The payment the repayment intent started, as the tab remembers it. */
function startedBy(context: OrderContext, answer: PaymentUrl): StartedPayment | null {
  if (context.order === null || context.idempotencyKey === null) return null;
  return {
    orderId: context.orderId,
    purpose: 'repayment',
    key: context.idempotencyKey,
    at: context.intentAt ?? context.now(),
    paymentId: answer.paymentId ?? null,
    before: markOf(context.order),
  };
}

/** The borrower has been told: the payment is forgotten here and in the tab. */
const forget = ['forgetPayment', 'dropStarted'] as const;

/**
 * Pay again: a new intent with a new key. A repayment is requested at once, on the loan's page; an
 * extension fee is paid from the extension page, which says what can be done now.
 */
const payingAgain = (o: OrderSetup) =>
  o.createStateConfig({
    on: {
      'pay.again': [
        {
          guard: { type: 'paysAgain', params: { by: 'repay', state: ORDER_STATE.overdued } },
          target: '#order.overdued.requesting',
          description: 'Pay again (overdue): a new repayment, a new key.',
          actions: [...forget, 'newIdempotencyKey', 'markIntent'],
        },
        {
          guard: { type: 'paysAgain', params: { by: 'repay', state: ORDER_STATE.loaned } },
          target: '#order.loaned.requesting',
          description: 'Pay again: a new repayment, a new key.',
          actions: [...forget, 'newIdempotencyKey', 'markIntent'],
        },
        {
          guard: { type: 'paysAgain', params: { by: 'extension' } },
          target: '#order.leaving',
          description: 'Pay the extension fee again: its page (Back returns here).',
          actions: [...forget, { type: 'navigate', params: ({ context }) => ({ to: paths.orderExtension.href(context.orderId), replace: false }) }],
        },
      ],
    },
  });

/**
 * A loan the borrower can repay (6 Loaned, 8 Overdued): the same Repayment, once per tap, for both;
 * only the page's tag (and so the red when overdue) differs.
 */
export const payable = (o: OrderSetup, description: string, tag: 'loaned' | 'overdued') =>
  o.createStateConfig({
    description,
    tags: ['detail', 'payable', tag],
    initial: 'idle',
    states: {
      idle: {
        description: 'The order and Repayment; a failed repayment says why at the button.',
        on: {
          'repay.tapped': [
            { guard: 'keyed', target: 'requesting', description: 'The same repayment again (after a failure): the same key.' },
            { target: 'requesting', description: 'Repayment: a new key.', actions: ['newIdempotencyKey', 'markIntent'] },
          ],
          'page.visible': { target: '#order.loading', actions: 'markVisible' },
          'page.restored': { target: '#order.loading', actions: 'markVisible' },
        },
      },
      requesting: {
        description: 'POST /pay-order/v1/repay once: a second tap is ignored.',
        tags: ['repaying'],
        entry: assign({ notice: null }),
        invoke: {
          id: 'repay',
          src: 'repay',
          input: ({ context }) => ({ orderId: context.orderId, idempotencyKey: intentKey(context, 'order') }),
          onDone: [
            {
              guard: { type: 'paymentAllowed', params: ({ event }) => ({ paymentUrl: event.output.paymentUrl }) },
              target: 'redirecting',
              description: 'An allowed payment page: the tab remembers the payment started, and goes there with the return address appended.',
              actions: [
                { type: 'keepStarted', params: ({ context, event }) => ({ started: startedBy(context, event.output) }) },
                { type: 'rememberPayment', params: ({ context }) => ({ started: context.started as StartedPayment }) },
                assign({ idempotencyKey: null, intentAt: null }),
                {
                  type: 'openPayment',
                  params: ({ context, event }) => ({ url: withReturn(event.output.paymentUrl, returnAddress(context.origin, context.orderId)) }),
                },
              ],
            },
            {
              target: 'idle',
              description: 'Not an allowed payment page: a clear error, no navigation; the next tap is a new request.',
              actions: assign({ idempotencyKey: null, intentAt: null, notice: say<OrderKey>('paymentRefused') }),
            },
          ],
          onError: {
            target: 'idle',
            description: "Not started (or the answer was lost): the server's msg; the key stays for a retry.",
            actions: assign({ notice: ({ event }) => saidOf<OrderKey>(event.error, 'repayFailed') }),
          },
        },
      },
      redirecting: {
        description: 'The browser is on its way to the payment page; coming back (Back, the bfcache) reads the order again.',
        tags: ['redirecting'],
        on: {
          'page.visible': { target: '#order.loading', actions: 'markVisible' },
          'page.restored': { target: '#order.loading', actions: 'markVisible' },
        },
      },
    },
  });

/** The payment's outcome, told on the way back from the gateway: children of the order's root. */
export const outcomeStates = (o: OrderSetup) => {
  const again = payingAgain(o).on;
  return {
    checkingPayment: o.createStateConfig({
      description:
        "Back from the payment page: the lender's record of the payment this tab started (its payments, beyond the spec), read with the order just read; without the call, the order alone tells it.",
      tags: ['loading', 'checkingPayment'],
      invoke: {
        id: 'checkPayment',
        src: 'listPayments',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: { type: 'told', params: ({ event }) => ({ payments: event.output, outcome: 'received' }) },
            target: 'received',
            actions: assign({ payments: ({ event }) => event.output }),
          },
          {
            guard: { type: 'told', params: ({ event }) => ({ payments: event.output, outcome: 'pending' }) },
            target: 'pending',
            actions: assign({ payments: ({ event }) => event.output, paymentChecks: 0 }),
          },
          {
            guard: { type: 'told', params: ({ event }) => ({ payments: event.output, outcome: 'notReceived' }) },
            target: 'notReceived',
            actions: assign({ payments: ({ event }) => event.output }),
          },
          { target: 'unconfirmed', description: 'Neither the record nor the order shows it yet.', actions: assign({ payments: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', description: 'Not checked: the reason and Try again, which checks again.', actions: assign({ error: ({ event }) => saidOf<OrderKey>(event.error, 'checkFailed') }) },
      },
    }),
    received: o.createStateConfig({
      description:
        'The lender has the payment: how much, when (IST), its reference, and what is left to pay (the loan repaid, or the new due date after an extension fee); its receipt where the lender offers receipts.',
      tags: ['outcome', 'received'],
      on: {
        'outcome.closed': { target: 'routing', description: 'Back to the loan: the tab forgets the payment.', actions: forget },
        'page.restored': { target: '#order.loading', actions: 'markVisible' },
      },
    }),
    pending: o.createStateConfig({
      description:
        'The bank has not answered yet: what that means, that nothing more should be paid meanwhile, and when it will be known. While visible, the page checks again by itself (backing off) and says when it changes; no Pay again.',
      tags: ['outcome', 'pending'],
      initial: 'waiting',
      on: { 'page.restored': { target: '#order.loading', actions: 'markVisible' } },
      states: {
        waiting: {
          description: 'Visible: the next check after the backing-off delay.',
          always: { guard: 'hidden', target: 'paused', description: 'Hidden: no checks.' },
          after: { paymentRecheck: { target: 'checking', actions: 'countPaymentCheck' } },
          on: {
            'refresh.tapped': { target: 'checking', description: 'Check again: now; the schedule starts over.', actions: 'restartPaymentChecks' },
            'page.hidden': { target: 'paused', actions: 'markHidden' },
          },
        },
        paused: {
          description: 'Hidden: nothing is asked until the page is visible again.',
          on: {
            'page.visible': { target: 'checking', description: 'Visible again: check at once; the schedule starts over.', actions: 'restartPaymentChecks' },
            'refresh.tapped': { target: 'checking', actions: 'restartPaymentChecks' },
          },
        },
        checking: {
          description: 'GET /order/v1/detail again (what is left to pay, once the bank answers); a tap meanwhile is ignored.',
          tags: ['refreshing'],
          entry: assign({ notice: null }),
          invoke: {
            id: 'rereadOrder',
            src: 'loadOrder',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: { target: 'checkingRecord', actions: assign({ order: ({ event }) => event.output }) },
            onError: { target: 'waiting', description: 'Not checked: say so; the schedule goes on.', actions: assign({ notice: ({ event }) => saidOf<OrderKey>(event.error, 'recheckFailed') }) },
          },
        },
        checkingRecord: {
          description: "GET /pay-order/v1/payments again: the payment's record as the lender has it now.",
          tags: ['refreshing'],
          invoke: {
            id: 'recheckPayment',
            src: 'listPayments',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: [
              {
                guard: { type: 'told', params: ({ event }) => ({ payments: event.output, outcome: 'received' }) },
                target: '#order.received',
                description: 'The bank confirmed it: received.',
                actions: assign({ payments: ({ event }) => event.output }),
              },
              {
                guard: { type: 'told', params: ({ event }) => ({ payments: event.output, outcome: 'notReceived' }) },
                target: '#order.notReceived',
                description: 'The bank declined it: not received.',
                actions: assign({ payments: ({ event }) => event.output }),
              },
              {
                guard: { type: 'told', params: ({ event }) => ({ payments: event.output, outcome: 'unconfirmed' }) },
                target: '#order.unconfirmed',
                actions: assign({ payments: ({ event }) => event.output }),
              },
              { target: 'waiting', description: 'Still pending: the schedule goes on.', actions: assign({ payments: ({ event }) => event.output }) },
            ],
            onError: { target: 'waiting', actions: assign({ notice: ({ event }) => saidOf<OrderKey>(event.error, 'recheckFailed') }) },
          },
        },
      },
    }),
    notReceived: o.createStateConfig({
      description: 'The lender says the payment failed: nothing was taken. Pay again (a new intent), or back to the loan.',
      tags: ['outcome', 'notReceived'],
      on: {
        ...again,
        'outcome.closed': { target: 'routing', description: 'Back to the loan: the tab forgets the payment.', actions: forget },
        'page.restored': { target: '#order.loading', actions: 'markVisible' },
      },
    }),
    unconfirmed: o.createStateConfig({
      description:
        'The lender has not confirmed the payment yet (without the payments call, an order unchanged on return): Check again, Pay again (while nothing is pending), or back to the loan.',
      tags: ['outcome', 'unconfirmed'],
      on: {
        'refresh.tapped': { target: 'loading', description: 'Check again: the order and the payment are read again.' },
        'page.visible': { target: 'loading', actions: 'markVisible', description: 'Back on the page (from a UPI app, say): check again.' },
        'page.restored': { target: 'loading', actions: 'markVisible' },
        ...again,
        'outcome.closed': { target: 'routing', description: 'Back to the loan: the tab forgets the payment.', actions: forget },
      },
    }),
  };
};

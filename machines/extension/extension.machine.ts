/**
 * The extension of an order's due date: the offer and its amendment to the KFS, Apply and payment,
 * the 24-hour window on the lender's clock, and Abandon; each call sent once under its own key.
 * It does not decide whether an order may be extended (the lender's state does) nor tell the
 * payment's outcome (the order's page does). Effects are provided at the edge
 * (src/flows/extension/extension.effects.ts).
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { ExtensionActionPayload, ExtensionInfo } from '../../contract/extension';
import type { LenderKfs } from '../../contract/kfs';
import type { Offered } from '../../contract/offered';
import type { Order, PaymentUrl } from '../../contract/orders';
import { notProvided } from '../shared/actors';
import { say, saidOf } from '../../i18n/core';
import type { ExtensionKey } from '../../i18n/en/extension';
import { intentKey, placeholderKey } from '../shared/idempotency';
import { APP_KFS, kfsBinds, kfsPrompt, kfsToSend, lenderStanding } from '../shared/kfs-ack';
import { navigate } from '../shared/navigation';
import { enforces } from '../shared/rules';
import { paths } from '../shared/paths';
import { paymentAllowed, withReturn, type StartedPayment } from '../shared/payment';
import {
  awaitingPayment,
  belongsOnExtension,
  extensionElsewhere,
  extensionReturnAddress,
  paymentDeadline,
  windowLeft,
  windowOver,
} from './extension.rules';
import { machineSentences } from '../shared/sentences';
import {
  actionPayload,
  feeStarted,
  NO_DEADLINE_MS,
  type ExtensionContext,
  type ExtensionDraft,
  type ExtensionEvent,
  type ExtensionInput,
} from './extension.context';

export type { ExtensionContext, ExtensionDraft, ExtensionEvent, ExtensionInput } from './extension.context';

const extension = setup({
  types: {
    context: {} as ExtensionContext,
    events: {} as ExtensionEvent,
    input: {} as ExtensionInput,
  },
  actors: {
    /** GET /order/v1/detail?orderId= */
    loadOrder: fromPromise<Order, { orderId: string }>(notProvided('loadOrder')),
    /** GET /order-repay-extension/v1/extension-calc/{orderId} */
    loadInfo: fromPromise<ExtensionInfo, { orderId: string }>(notProvided('loadInfo')),
    /** POST /order-repay-extension/v1/apply-extension with the intent's Idempotency-Key → the payment URL. */
    applyExtension: fromPromise<PaymentUrl, { payload: ExtensionActionPayload; idempotencyKey: string }>(notProvided('applyExtension')),
    /** POST /kfs/v1/issue {kind: 'extension', orderId} (beyond the spec): the amendment to the KFS. */
    issueAmendment: fromPromise<Offered<LenderKfs>, { orderId: string }>(notProvided('issueAmendment')),
    /** POST /kfs/v1/acknowledge {kfsNo} (beyond the spec; idempotent per number). */
    acknowledgeAmendment: fromPromise<LenderKfs, { kfsNo: string }>(notProvided('acknowledgeAmendment')),
    /** POST /order-repay-extension/v1/giveup-extension with its own Idempotency-Key. */
    giveupExtension: fromPromise<void, { payload: ExtensionActionPayload; idempotencyKey: string }>(notProvided('giveupExtension')),
  },
  actions: {
    navigate,
    /** Leaves the app for the payment page (the edge: window.location.assign). */
    openPayment: (_, _params: { url: string }) => {},
    persistDraft: (_, _params: { draft: ExtensionDraft }) => {},
    clearDraft: () => {},
    /** Keeps the payment started in the tab's storage: the order's detail page, where the gateway returns, tells it. */
    rememberPayment: (_, _params: { started: StartedPayment }) => {},
    markIntent: assign({ intentAt: ({ context }) => context.now() }),
    /** The key of a new Apply and payment (the app provides a random one: src/lib/idempotency.ts). */
    newIdempotencyKey: assign({ idempotencyKey: placeholderKey }),
    /** The key of a new giveup. */
    newGiveupKey: assign({ giveupKey: placeholderKey }),
  },
  guards: {
    keyed: ({ context }) => context.idempotencyKey !== null,
    /** The fee may be charged: the amendment acknowledged, within its validity (kfs-ack.ts). */
    amendmentBinds: ({ context }) => kfsBinds(context.amendment, context.amendmentTickedAt, Number(context.info?.extensionDay ?? 0), context.now()),
    /** The lender's amendment ticked here, to acknowledge with the lender first. */
    amendmentToSend: ({ context }) => kfsToSend(context.amendment, context.amendmentTickedAt),
    giveupKeyed: ({ context }) => context.giveupKey !== null,
    orderFailed: ({ context }) => context.orderError !== null,
    /** The order is not one this page shows. */
    elsewhere: ({ context }) => context.order !== null && !belongsOnExtension(context.order),
    infoFailed: ({ context }) => context.infoError !== null,
    awaiting: ({ context }) => context.order !== null && awaitingPayment(context.order),
    /** Applied, and its window has already ended on the lender's clock. */
    lapsed: ({ context }) => context.order !== null && awaitingPayment(context.order) && windowOver(context.deadline, context.now()),
    paymentAllowed: ({ context }, params: { paymentUrl: string }) =>
      paymentAllowed(params.paymentUrl, { origin: context.origin, hosts: context.paymentHosts }),
  },
  delays: {
    /**
     * What is left of the 24-hour window, on the lender's clock: computed from the deadline, so a reload resumes it.
     * @duration what is left of 24 h
     */
    windowEnds: ({ context }) => (context.deadline === null ? NO_DEADLINE_MS : Math.min(NO_DEADLINE_MS, windowLeft(context.deadline, context.now()))),
  },
});

/** The offer (6 / 8) and the applied extension (11): the same figures, Apply and payment and Abandon extension. */
const keepKey = ['newIdempotencyKey', 'markIntent', { type: 'persistDraft', params: ({ context }: { context: ExtensionContext }) => ({ draft: { idempotencyKey: context.idempotencyKey } }) }] as const;

/**
 * Apply and payment waits for the amendment to the KFS, acknowledged: on the offer the lender's where it
 * issues one (acknowledged with the lender first), else the app's; on the applied extension the app's,
 * built from the lender's figures (the lender charges the fee under the amendment tied to the extension).
 */
const applyTransitions = (tag: 'offer' | 'awaiting') => [
  ...(tag === 'offer'
    ? ([
        { guard: and(['amendmentToSend', 'keyed']), target: 'acknowledging', description: "The same Apply and payment again: the lender's amendment is acknowledged first." },
        { guard: 'amendmentToSend', target: 'acknowledging', description: "Apply and payment: the lender's amendment is acknowledged first; a new key.", actions: keepKey },
      ] as const)
    : []),
  { guard: and(['amendmentBinds', 'keyed']), target: 'applying', description: 'The same Apply and payment again (after a failure or a reload): the same key.' },
  { guard: 'amendmentBinds', target: 'applying', description: 'Apply and payment under the acknowledged amendment: a new key, kept in the draft until answered.', actions: keepKey },
] as const;

const extendable = (description: string, tag: 'offer' | 'awaiting') =>
  extension.createStateConfig({
    description,
    tags: ['shown', tag],
    initial: tag === 'offer' ? 'issuing' : 'idle',
    // The applied extension: the app's amendment from the lender's figures, to tick afresh on each visit.
    ...(tag === 'awaiting' ? { entry: assign({ amendment: APP_KFS, amendmentTickedAt: null }) } : {}),
    states: {
      ...(tag === 'offer'
        ? {
            issuing: {
              description: 'POST /kfs/v1/issue (beyond the spec): the amendment to the KFS, what the extension changes, with its number and validity.',
              tags: ['amendmentLoading'],
              entry: assign({ amendment: null, amendmentTickedAt: null }),
              invoke: {
                id: 'issueAmendment',
                src: 'issueAmendment',
                input: ({ context }: { context: ExtensionContext }) => ({ orderId: context.orderId }),
                onDone: {
                  target: 'idle',
                  actions: assign({ amendment: ({ event }) => (event.output.offered ? lenderStanding(event.output.value) : APP_KFS) }),
                },
                onError: { target: 'idle', description: "Not issued: the app's amendment and tick; the lender still checks its own.", actions: assign({ amendment: APP_KFS }) },
              },
            },
          }
        : {}),
      idle: {
        description: "The figures, the amendment to the KFS with its tick, the notes, 'Apply and payment' (waiting for the tick) and 'Abandon extension'; a failed action says why at the buttons.",
        meta: enforces('kfs-amendment'),
        on: {
          'amendment.ticked': {
            guard: ({ context }: { context: ExtensionContext }) => kfsPrompt(context.amendment, context.amendmentTickedAt).kind === 'toAcknowledge',
            description: 'The tick (or its removal) on the amendment.',
            actions: assign({ amendmentTickedAt: ({ context, event }) => (event.checked ? context.now() : null) }),
          },
          'apply.tapped': applyTransitions(tag),
          'abandon.tapped': { target: 'asking', description: "Abandon extension: the dialog 'Confirm giving up on extension?'.", actions: assign({ notice: null }) },
          'page.visible': { target: '#extension.loading', description: 'Back on the page: read the order again.' },
          'page.restored': { target: '#extension.loading', description: 'Back from the bfcache: read the order again.' },
        },
      },
      ...(tag === 'offer'
        ? {
            acknowledging: {
              description: 'POST /kfs/v1/acknowledge: the lender records the acknowledgement of the amendment before the fee; a second tap is ignored.',
              tags: ['applying'],
              entry: assign({ notice: null }),
              invoke: {
                id: 'acknowledgeAmendment',
                src: 'acknowledgeAmendment',
                input: ({ context }: { context: ExtensionContext }) => ({ kfsNo: context.amendment?.source === 'lender' ? context.amendment.kfsNo : '' }),
                onDone: { target: 'applying', actions: assign({ amendment: ({ event }) => lenderStanding(event.output) }) },
                onError: {
                  target: 'idle',
                  description: "Not acknowledged: the lender's msg at the buttons.",
                  actions: assign({ notice: ({ event }) => saidOf<ExtensionKey>(event.error, 'applyFailed') }),
                },
              },
            },
          }
        : {}),
      applying: {
        description: 'POST apply-extension once: a second tap is ignored.',
        tags: ['applying'],
        entry: assign({ notice: null }),
        invoke: {
          id: 'applyExtension',
          src: 'applyExtension',
          input: ({ context }) => ({ payload: actionPayload(context), idempotencyKey: intentKey(context, 'extension') }),
          onDone: [
            {
              guard: { type: 'paymentAllowed', params: ({ event }) => ({ paymentUrl: event.output.paymentUrl }) },
              target: 'redirecting',
              description: "An allowed payment page: the tab remembers the payment started, and goes there with the order's detail page as the return address.",
              actions: [
                { type: 'rememberPayment', params: ({ context, event }) => ({ started: feeStarted(context, event.output) }) },
                assign({ idempotencyKey: null, intentAt: null }),
                'clearDraft',
                {
                  type: 'openPayment',
                  params: ({ context, event }) => ({ url: withReturn(event.output.paymentUrl, extensionReturnAddress(context.origin, context.orderId)) }),
                },
              ],
            },
            {
              target: 'idle',
              description: 'Not an allowed payment page: a clear error, no navigation; the next tap is a new request.',
              actions: [assign({ idempotencyKey: null, intentAt: null, notice: say<ExtensionKey>('paymentRefused') }), 'clearDraft'],
            },
          ],
          onError: {
            target: 'idle',
            description: "Not applied (or the answer was lost): the server's msg; the key stays for a retry.",
            actions: assign({ notice: ({ event }) => saidOf<ExtensionKey>(event.error, 'applyFailed') }),
          },
        },
      },
      redirecting: {
        description: 'The browser is on its way to the payment page; coming back (Back, the bfcache) reads the order again.',
        tags: ['redirecting'],
        on: {
          'page.visible': '#extension.loading',
          'page.restored': '#extension.loading',
        },
      },
      asking: {
        description: "The dialog: 'Continue Extension' closes it, 'Abandon Extension' gives up.",
        tags: ['abandonDialog'],
        on: {
          'abandon.continued': { target: 'idle', description: 'Continue Extension: the dialog closes, nothing is sent.', actions: assign({ notice: null }) },
          'abandon.confirmed': [
            { guard: 'giveupKeyed', target: 'abandoning', description: 'The same giveup again (after a failure): the same key.' },
            { target: 'abandoning', description: 'Abandon Extension: a new key.', actions: 'newGiveupKey' },
          ],
        },
      },
      abandoning: {
        description: 'POST giveup-extension once: a second tap (or Escape) is ignored.',
        tags: ['abandonDialog', 'abandoning'],
        entry: assign({ notice: null }),
        invoke: {
          id: 'giveupExtension',
          src: 'giveupExtension',
          input: ({ context }) => ({ payload: actionPayload(context), idempotencyKey: intentKey({ idempotencyKey: context.giveupKey }, 'extension giveup') }),
          onDone: {
            target: '#extension.leaving',
            description: 'Abandoned: /orders replaces the page.',
            actions: [assign({ giveupKey: null, idempotencyKey: null }), 'clearDraft', { type: 'navigate', params: { to: paths.orders.href(), replace: true } }],
          },
          onError: {
            target: 'asking',
            description: "Not abandoned (or the answer was lost): the server's msg in the dialog; the key stays for a retry.",
            actions: assign({ notice: ({ event }) => saidOf<ExtensionKey>(event.error, 'abandonFailed') }),
          },
        },
      },
    },
  });

export const extensionMachine = extension.createMachine({
  id: 'extension',
  description: "An order's extension of its due date: the offer, the applied extension awaiting its fee, its 24-hour window.",
  context: ({ input }) => ({
    orderId: input.orderId,
    origin: input.origin,
    paymentHosts: input.paymentHosts,
    now: input.now ?? Date.now,
    order: null,
    info: null,
    deadline: null,
    orderError: null,
    infoError: null,
    error: null,
    notice: null,
    idempotencyKey: input.draft?.idempotencyKey ?? null,
    giveupKey: null,
    intentAt: null,
    amendment: null,
    amendmentTickedAt: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The order and the extension info, side by side.',
      tags: ['loading'],
      type: 'parallel',
      entry: assign({ notice: null, orderError: null, infoError: null }),
      states: {
        order: {
          description: 'The order, for its state.',
          initial: 'reading',
          states: {
            reading: {
              description: 'GET /order/v1/detail: reading the order.',
              invoke: {
                id: 'loadOrder',
                src: 'loadOrder',
                input: ({ context }) => ({ orderId: context.orderId }),
                onDone: { target: 'read', actions: assign({ order: ({ event }) => event.output }) },
                onError: { target: 'read', actions: assign({ orderError: ({ event }) => saidOf<ExtensionKey>(event.error, 'loadFailed') }) },
              },
            },
            read: { description: 'The order was read (or why not).', type: 'final' },
          },
        },
        info: {
          description: 'The extension info: its figures and payment window.',
          initial: 'reading',
          states: {
            reading: {
              description: 'GET /order-repay-extension/v1/extension-calc/{id}: reading the extension info.',
              invoke: {
                id: 'loadInfo',
                src: 'loadInfo',
                input: ({ context }) => ({ orderId: context.orderId }),
                onDone: { target: 'read', actions: assign({ info: ({ event }) => event.output, deadline: ({ event }) => paymentDeadline(event.output) }) },
                onError: { target: 'read', actions: assign({ infoError: ({ event }) => saidOf<ExtensionKey>(event.error, 'loadFailed') }) },
              },
            },
            read: { description: 'The extension info was read (or why not).', type: 'final' },
          },
        },
      },
      onDone: 'routing',
    },
    failed: {
      description: 'The order or its extension could not be loaded: the reason and Try again.',
      tags: ['failed'],
      on: { 'page.retried': 'loading', 'page.restored': 'loading' },
    },
    routing: {
      description: "The order's state decides: the offer, the applied extension, its end, or the page it belongs on.",
      always: [
        { guard: 'orderFailed', target: 'failed', actions: assign({ error: ({ context }) => context.orderError }) },
        {
          guard: 'elsewhere',
          target: 'leaving',
          description: 'Not for this page: replace it with the page the order belongs on (e.g. its detail).',
          actions: [
            'clearDraft',
            { type: 'navigate', params: ({ context }) => ({ to: context.order ? (extensionElsewhere(context.orderId, context.order) ?? paths.orders.href()) : paths.orders.href(), replace: true }) },
          ],
        },
        { guard: 'infoFailed', target: 'failed', actions: assign({ error: ({ context }) => context.infoError }) },
        { guard: 'lapsed', target: 'expired', description: "Applied, and the window ended before the page opened (the lender's clock)." },
        { guard: 'awaiting', target: 'awaiting' },
        { target: 'offer' },
      ],
    },
    offer: extendable('6 Loaned / 8 Overdued with isExtension set: the extension offered, its figures and notes.', 'offer'),
    awaiting: {
      ...extendable('11 Extension: applied, the fee to pay within 24 hours; the time left counts down.', 'awaiting'),
      after: {
        windowEnds: { target: 'expired', description: "The 24-hour window has ended on the lender's clock: the extension has failed." },
      },
    },
    expired: {
      description: 'The window has ended: the page says the extension has failed and reads the order again.',
      tags: ['expired'],
      entry: [assign({ notice: null, idempotencyKey: null }), 'clearDraft'],
      initial: 'checking',
      states: {
        checking: {
          description: 'GET /order/v1/detail again.',
          tags: ['checking'],
          invoke: {
            id: 'recheckOrder',
            src: 'loadOrder',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: [
              {
                guard: ({ event }) => awaitingPayment(event.output),
                target: 'pending',
                description: 'The lender still shows the extension applied: Check again.',
                actions: assign({ order: ({ event }) => event.output }),
              },
              { target: 'closed', description: 'The lender has closed the extension: a way to the order.', actions: assign({ order: ({ event }) => event.output }) },
            ],
            onError: { target: 'pending', actions: assign({ notice: ({ event }) => saidOf<ExtensionKey>(event.error, 'recheckFailed') }) },
          },
        },
        pending: {
          description: 'Not closed by the lender yet (or not read): Check again reads the order again.',
          tags: ['stillOpen'],
          on: { 'refresh.tapped': { target: 'checking', actions: assign({ notice: null }) } },
        },
        closed: {
          description: 'Closed: the failure stays on the page, with a way to the order.',
          tags: ['closed'],
        },
      },
    },
    leaving: {
      description: 'Another page replaced this one.',
      tags: ['leaving'],
      type: 'final',
    },
  },
});

/** What the atlas shows for each event and guard of the chart, in the borrower's and lender's words. */
export const extensionSentences = machineSentences<ExtensionEvent>({
  events: {
    'page.retried': 'The borrower taps Try again on the page',
    'page.visible': 'The borrower comes back to the page',
    'page.restored': 'The browser shows the page again from its history',
    'apply.tapped': 'The borrower taps Apply and payment',
    'amendment.ticked': 'The borrower ticks or unticks the amendment to the Key Fact Statement',
    'abandon.tapped': 'The borrower taps Abandon extension',
    'abandon.continued': 'The borrower taps Continue Extension',
    'abandon.confirmed': 'The borrower taps Abandon Extension to confirm',
    'refresh.tapped': 'The borrower taps Check again',
  },
  guards: {
    keyed: 'This extension already has its one-time key (a retry of the same extension)',
    amendmentBinds: 'The amendment is acknowledged and still valid, so the fee may be charged',
    amendmentToSend: "The lender's amendment is ticked here but not yet acknowledged with the lender",
    giveupKeyed: 'Abandoning already has its one-time key (a retry of the same request)',
    orderFailed: 'The loan could not be read',
    elsewhere: 'The loan is not one this page shows',
    infoFailed: "The extension's figures could not be read",
    awaiting: 'The extension is applied and its fee is unpaid',
    lapsed: "The extension is applied and its window has ended on the lender's clock",
    paymentAllowed: "The payment page is the lender's gateway, which the app may open",
  },
});

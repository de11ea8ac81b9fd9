/**
 * The loan application on the confirmation page: precheck, the figures of the chosen amount, the
 * Key Fact Statement's acknowledgement and APPLY NOW, sent once under one idempotency key.
 * It does not decide a denial or the figures (the lender answers both), and makes no call itself:
 * effects are provided at the edge (src/flows/application/application.effects.ts).
 */
import { and, assign, fromPromise, not, setup, stateIn } from 'xstate';
import type { LenderKfs } from '../../contract/kfs';
import type { Offered } from '../../contract/offered';
import type { ApplyPayload, CalculateQuery, CalculationResult, Precheck } from '../../contract/loans';
import { notProvided } from '../shared/actors';
import { say, saidOf } from '../../i18n/core';
import type { ApplicationKey } from '../../i18n/en/application';
import { intentKey, placeholderKey } from '../shared/idempotency';
import { navigate } from '../shared/navigation';
import { enforces } from '../shared/rules';
import { paths } from '../shared/paths';
import {
  applyPayload,
  CALCULATE_DEBOUNCE_MS,
  chooseCard,
  deniedWait,
  LEAVE_AFTER_APPLY_MS,
  PRECHECK_DENIED,
  PRECHECK_OPEN_ORDER,
  restoreAmount,
  sameIntent,
  type Intent,
} from './application.rules';
import { machineSentences } from '../shared/sentences';
import { figuresAndKfs } from './application.figures';
import { draftOf, intentOf, keyFor, type ApplicationContext, type ApplicationDraft, type ApplicationEvent, type ApplicationInput, type ApplicationLoaded } from './application.context';

export type { ApplicationContext, ApplicationDraft, ApplicationEvent, ApplicationInput, ApplicationLoaded } from './application.context';

const EDITING = '#application.confirming.submission.editing';
const FIGURES_READY = '#application.confirming.calculation.ready';

const application = setup({
  types: {
    context: {} as ApplicationContext,
    events: {} as ApplicationEvent,
    input: {} as ApplicationInput,
  },
  actors: {
    /** GET /order/v1/precheck?productId= */
    precheck: fromPromise<Precheck, { pid: string }>(notProvided('precheck')),
    /** GET /product/v1/product-info?id=, GET /bank/v1/find-user-bank-card and GET /client/v1/config. */
    loadPage: fromPromise<ApplicationLoaded, { pid: string }>(notProvided('loadPage')),
    /** GET /order/v1/calculate?amount=&period=&productId= */
    calculate: fromPromise<CalculationResult, CalculateQuery>(notProvided('calculate')),
    /** POST /kfs/v1/issue {kind: 'application', productId, amount} (beyond the spec). */
    issueKfs: fromPromise<Offered<LenderKfs>, { productId: string; amount: number }>(notProvided('issueKfs')),
    /** POST /kfs/v1/acknowledge {kfsNo} (beyond the spec; idempotent per number). */
    acknowledgeKfs: fromPromise<LenderKfs, { kfsNo: string }>(notProvided('acknowledgeKfs')),
    /** POST /order/v1/apply with the intent's Idempotency-Key. */
    apply: fromPromise<void, { payload: ApplyPayload; idempotencyKey: string }>(notProvided('apply')),
  },
  actions: {
    navigate,
    persistDraft: (_, _params: { draft: ApplicationDraft }) => {},
    clearDraft: () => {},
    /** The key of a new apply (the app provides a random one: src/lib/idempotency.ts). */
    newIdempotencyKey: assign({ idempotencyKey: placeholderKey }),
  },
  guards: {
    denied: (_, params: { precheck: Precheck }) => params.precheck.orderStatus === PRECHECK_DENIED,
    openOrder: (_, params: { precheck: Precheck }) => params.precheck.orderStatus === PRECHECK_OPEN_ORDER,
    noAmounts: (_, params: { loaded: ApplicationLoaded }) => params.loaded.product.amountList.length === 0,
    amountChanges: ({ context, event }) =>
      event.type === 'amount.changed' && event.amount !== context.amount && (context.product?.amountList.includes(event.amount) ?? false),
    cardChanges: ({ context, event }) => event.type === 'card.selected' && event.cardId !== context.cardId && context.cards.some((c) => c.id === event.cardId),
    accepting: ({ event }) => event.type === 'kfs.toggled' && event.accepted,
    noCard: ({ context }) => context.cardId === null,
    acknowledged: ({ context }) => context.acknowledged,
    keyed: ({ context }) => context.idempotencyKey !== null,
    /** The lender's KFS ticked here, not yet acknowledged with the lender. */
    kfsToSend: ({ context }) => context.lenderKfs !== null && context.lenderKfs.acknowledgedAt == null,
  },
  delays: {
    calculateDebounce: CALCULATE_DEBOUNCE_MS,
    leaveAfterApply: LEAVE_AFTER_APPLY_MS,
  },
});

/** The setup the figures-and-KFS part of the chart is built with (application.figures.ts). */
export type ApplicationSetup = typeof application;

export const applicationMachine = application.createMachine({
  id: 'application',
  description: 'The loan confirmation: precheck, then the amount, the figures, the card, the toggle and the Key Fact Statement, then APPLY NOW.',
  context: ({ input }) => ({
    pid: input.pid,
    bankId: input.bankId,
    today: input.today,
    restored: input.draft ?? null,
    product: null,
    cards: [],
    config: null,
    amount: null,
    cardId: null,
    autoGetMoney: 1,
    idempotencyKey: null,
    figures: null,
    acknowledged: false,
    lenderKfs: null,
    notice: null,
    loadError: null,
    calculateError: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'The precheck and the page (product, cards, config) load side by side.',
      tags: ['loading'],
      type: 'parallel',
      onDone: {
        target: 'confirming',
        description:
          'Both answered: the amount (the draft\'s if still offered, else the largest), the card (?bank_id=, else the draft\'s, else the first), the toggle (on by default); the draft\'s key only with the same intent.',
        actions: [
          assign(({ context }) => {
            const list = context.product?.amountList ?? [];
            const next: Intent = {
              amount: restoreAmount(list, context.restored?.amount),
              cardId: chooseCard(context.cards, context.bankId, context.restored?.cardId),
              autoGetMoney: context.restored?.autoGetMoney ?? 1,
            };
            const restoredKey = context.restored && sameIntent(context.restored, next) ? context.restored.idempotencyKey : null;
            return { ...next, idempotencyKey: restoredKey, restored: null };
          }),
          { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) },
        ],
      },
      states: {
        precheck: {
          description: 'GET /order/v1/precheck: may the borrower apply for this product?',
          initial: 'checking',
          states: {
            checking: {
              description: 'Asking the precheck: a denial or an open order replaces the page.',
              invoke: {
                id: 'precheck',
                src: 'precheck',
                input: ({ context }) => ({ pid: context.pid }),
                onDone: [
                  {
                    guard: { type: 'denied', params: ({ event }) => ({ precheck: event.output }) },
                    target: '#application.leaving',
                    description: 'orderStatus 0: replace the page with the denial and its re-apply countdown.',
                    actions: [
                      'clearDraft',
                      {
                        type: 'navigate',
                        params: ({ context, event }) => ({ to: paths.productDenied.href(context.pid, deniedWait(event.output)), replace: true }),
                      },
                    ],
                  },
                  {
                    guard: { type: 'openOrder', params: ({ event }) => ({ precheck: event.output }) },
                    target: '#application.leaving',
                    description: 'orderStatus 2: an order is open; replace the page with Loan History, which says why (?blocked={pid}).',
                    actions: ['clearDraft', { type: 'navigate', params: ({ context }) => ({ to: paths.orders.href({ blocked: context.pid }), replace: true }) }],
                  },
                  { target: 'passed', description: 'The borrower may apply.' },
                ],
                onError: {
                  target: '#application.failed',
                  actions: assign({ loadError: ({ event }) => saidOf<ApplicationKey>(event.error, 'loadFailed') }),
                },
              },
            },
            passed: { description: 'The borrower may apply.', type: 'final' },
          },
        },
        page: {
          description: 'What the page needs: the product, the cards and the client config.',
          initial: 'loading',
          states: {
            loading: {
              description: 'GET the product info, the bank cards and the client config.',
              invoke: {
                id: 'loadPage',
                src: 'loadPage',
                input: ({ context }) => ({ pid: context.pid }),
                onDone: [
                  {
                    guard: { type: 'noAmounts', params: ({ event }) => ({ loaded: event.output }) },
                    target: '#application.failed',
                    description: 'The product offers no amount: nothing to apply for.',
                    actions: assign({ loadError: say<ApplicationKey>('noAmounts') }),
                  },
                  {
                    target: 'loaded',
                    actions: assign(({ event }) => ({ product: event.output.product, cards: event.output.cards, config: event.output.config })),
                  },
                ],
                onError: {
                  target: '#application.failed',
                  actions: assign({ loadError: ({ event }) => saidOf<ApplicationKey>(event.error, 'loadFailed') }),
                },
              },
            },
            loaded: { description: 'The product (with its amounts), the cards and the config are here.', type: 'final' },
          },
        },
      },
    },
    failed: {
      description: 'The precheck or the page could not be loaded: the reason and Try again.',
      tags: ['failed'],
      on: { 'page.retried': { target: 'starting', actions: assign({ loadError: null }) } },
    },
    confirming: {
      description: 'The confirmation page: the figures are asked while the borrower chooses.',
      tags: ['confirming'],
      type: 'parallel',
      states: {
        calculation: {
          description: "The figures (repayment, interest, fees) of the amount on screen, asked for the product's period.",
          initial: 'loading',
          on: {
            'amount.changed': {
              guard: and(['amountChanges', stateIn(EDITING)]),
              target: '.debouncing',
              reenter: true,
              description:
                'A new amount: its figures are asked after a pause (a calculation in flight is cancelled); the figures and the KFS acknowledgement go, and so does the key (a new intent).',
              actions: [
                assign(({ context, event }) => ({
                  amount: event.amount,
                  idempotencyKey: keyFor(context, { ...intentOf(context), amount: event.amount }),
                  figures: null,
                  acknowledged: false,
                  lenderKfs: null,
                  notice: null,
                  calculateError: null,
                })),
                { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) },
              ],
            },
          },
          states: {
            debouncing: {
              description: 'Waiting for the amount to settle: quick changes ask once.',
              tags: ['calculating'],
              after: { calculateDebounce: 'loading' },
            },
            loading: figuresAndKfs(application),
            ready: { description: 'The repayment, interest and fees of this amount, and its KFS.', tags: ['figuresReady'] },
            failed: {
              description: 'The figures could not be calculated: the reason and Try again; the KFS cannot be acknowledged.',
              tags: ['calculateFailed'],
              on: { 'calculation.retried': { target: 'loading', actions: assign({ calculateError: null }) } },
            },
          },
        },
        submission: {
          description: 'The card, the toggle, the KFS acknowledgement and APPLY NOW.',
          initial: 'editing',
          states: {
            editing: {
              description: 'The borrower chooses the card and the toggle, acknowledges the KFS and taps APPLY NOW: no application without it.',
              meta: enforces('kfs-before-apply'),
              on: {
                'card.selected': {
                  guard: 'cardChanges',
                  description: 'Another card: a new intent (no key) and the KFS must be acknowledged again.',
                  actions: [
                    assign(({ context, event }) => ({
                      cardId: event.cardId,
                      idempotencyKey: keyFor(context, { ...intentOf(context), cardId: event.cardId }),
                      acknowledged: false,
                      notice: null,
                    })),
                    { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) },
                  ],
                },
                'autoGetMoney.toggled': {
                  description: 'The toggle flips 1 ↔ 0: a new intent (no key).',
                  actions: [
                    assign(({ context }) => {
                      const autoGetMoney = context.autoGetMoney === 1 ? 0 : 1;
                      return { autoGetMoney, idempotencyKey: keyFor(context, { ...intentOf(context), autoGetMoney }), notice: null };
                    }),
                    { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) },
                  ],
                },
                'kfs.toggled': [
                  {
                    guard: and(['accepting', stateIn(FIGURES_READY)]),
                    description: 'Acknowledged: only the KFS of the figures on screen can be.',
                    actions: assign({ acknowledged: true, notice: null }),
                  },
                  { guard: not('accepting'), description: 'Unticked.', actions: assign({ acknowledged: false }) },
                ],
                'apply.tapped': [
                  {
                    guard: 'noCard',
                    description: "No card: 'Please Select or Add Bank Account'.",
                    actions: assign({ notice: say<ApplicationKey>('noCard') }),
                  },
                  {
                    guard: not('acknowledged'),
                    description: 'The KFS is not acknowledged: say so.',
                    actions: assign({ notice: say<ApplicationKey>('acknowledge') }),
                  },
                  { guard: and(['kfsToSend', 'keyed']), target: 'acknowledging', description: "The same application again: the lender's KFS is acknowledged first." },
                  {
                    guard: 'kfsToSend',
                    target: 'acknowledging',
                    description: "A new application: the lender's KFS is acknowledged first; a new key, kept in the draft.",
                    actions: ['newIdempotencyKey', { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) }],
                  },
                  { guard: 'keyed', target: 'applying', description: 'The same application again (after a failure or a reload): the same key.' },
                  {
                    target: 'applying',
                    description: 'A new application: a new key, kept in the draft until answered.',
                    actions: ['newIdempotencyKey', { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) }],
                  },
                ],
              },
            },
            acknowledging: {
              description: "POST /kfs/v1/acknowledge: the lender records the acknowledgement of its KFS before APPLY NOW; read-only, a second tap is ignored.",
              tags: ['applying'],
              entry: assign({ notice: null }),
              invoke: {
                id: 'acknowledgeKfs',
                src: 'acknowledgeKfs',
                input: ({ context }) => ({ kfsNo: context.lenderKfs?.kfsNo ?? '' }),
                onDone: { target: 'applying', actions: assign({ lenderKfs: ({ event }) => event.output }) },
                onError: {
                  target: 'editing',
                  description: "Not acknowledged (expired meanwhile, say): the lender's msg at the button.",
                  actions: assign({ notice: ({ event }) => saidOf<ApplicationKey>(event.error, 'applyFailed') }),
                },
              },
            },
            applying: {
              description: 'POST /order/v1/apply once: everything is read-only, a second tap is ignored.',
              tags: ['applying'],
              entry: assign({ notice: null }),
              invoke: {
                id: 'apply',
                src: 'apply',
                input: ({ context }) => ({
                  payload: applyPayload({
                    pid: context.pid,
                    amount: context.amount ?? 0,
                    cardId: context.cardId ?? '',
                    autoGetMoney: context.autoGetMoney,
                    period: context.product?.period ?? 0,
                    kfsNo: context.lenderKfs?.kfsNo ?? null,
                  }),
                  idempotencyKey: intentKey(context, 'application'),
                }),
                onDone: { target: 'applied', actions: [assign({ idempotencyKey: null }), 'clearDraft'] },
                onError: {
                  target: 'editing',
                  description: "Not applied (or the answer was lost): the server's msg at the button; the key stays for a retry of the same application.",
                  actions: assign({ notice: ({ event }) => saidOf<ApplicationKey>(event.error, 'applyFailed') }),
                },
              },
            },
            applied: {
              description: 'Applied: Loan History (?submitted={pid}, which says the application was sent) replaces the page after a moment.',
              tags: ['applied'],
              after: {
                leaveAfterApply: {
                  target: '#application.leaving',
                  actions: { type: 'navigate', params: ({ context }) => ({ to: paths.orders.href({ submitted: context.pid }), replace: true }) },
                },
              },
            },
          },
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
export const applicationSentences = machineSentences<ApplicationEvent>({
  events: {
    'amount.changed': 'The borrower picks a loan amount',
    'card.selected': 'The borrower picks the bank card the money goes to',
    'autoGetMoney.toggled': 'The borrower switches automatic Get Money on or off',
    'kfs.toggled': 'The borrower ticks or unticks the Key Fact Statement',
    'apply.tapped': 'The borrower taps APPLY NOW',
    'calculation.retried': 'The borrower taps Try again on the figures',
    'page.retried': 'The borrower taps Try again on the page',
  },
  guards: {
    denied: 'The lender refuses this product for now',
    openOrder: 'The borrower already has an open loan',
    noAmounts: 'The product offers no amount to pick',
    amountChanges: 'The amount is one the product offers and differs from the one picked',
    cardChanges: "The card is one of the borrower's and differs from the one picked",
    accepting: 'The borrower ticks the Key Fact Statement (rather than unticking it)',
    noCard: 'No bank card is picked',
    acknowledged: 'The borrower has ticked the Key Fact Statement',
    keyed: 'This application already has its one-time key (a retry of the same application)',
    kfsToSend: "The lender's Key Fact Statement is ticked here but not yet acknowledged with the lender",
  },
});

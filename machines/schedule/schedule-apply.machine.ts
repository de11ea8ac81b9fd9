/**
 * Scheduling an application of a product that cannot be applied for now: the amount, the bank
 * account and the lender's Key Fact Statement, then Schedule application, sent once per intent with
 * a key kept for retries. It makes no call and keeps no draft itself: both are provided at the edge.
 * Rules are in schedule.rules.ts.
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { BankCard } from '../../contract/bank';
import type { Precheck } from '../../contract/loans';
import type { ProductInfo } from '../../contract/products';
import type { ClientConfig } from '../../contract/content';
import type { LenderKfs } from '../../contract/kfs';
import type { Offered } from '../../contract/offered';
import type { ScheduleApplyPayload, ScheduledOrder } from '../../contract/schedule';
import { say, saidOf, type Said } from '../../i18n/core';
import type { ScheduleKey } from '../../i18n/en/schedule';
import { notProvided } from '../shared/actors';
import { intentKey, placeholderKey, type IdempotentIntent } from '../shared/idempotency';
import { navigate } from '../shared/navigation';
import { enforces } from '../shared/rules';
import { paths } from '../shared/paths';
import { chooseCard, restoreAmount, sameIntent, scheduleApplyPayload, type ScheduleIntent } from './schedule.rules';
import { machineSentences } from '../shared/sentences';

/** What is kept across a reload or a trip to add a bank account (bw.draft.schedule.apply.<pid>). */
export interface ScheduleApplyDraft extends IdempotentIntent, ScheduleIntent {}

export interface ScheduleApplyInput {
  pid: string;
  draft?: ScheduleApplyDraft | null;
}

/** What the page loads. */
export interface ScheduleApplyLoaded {
  product: ProductInfo;
  cards: BankCard[];
  /** The precheck, or null when it could not be asked (scheduling does not depend on it). */
  precheck: Precheck | null;
  /** The client config, for the KFS's penal charge, cooling-off and who lends; null when it could not be read. */
  config?: ClientConfig | null;
}

export interface ScheduleApplyContext extends IdempotentIntent, ScheduleIntent {
  pid: string;
  /** The draft read when the page opened, restored once the page has loaded. */
  restored: ScheduleApplyDraft | null;
  product: ProductInfo | null;
  cards: BankCard[];
  precheck: Precheck | null;
  /** Why 'Schedule application' did nothing, or the server's msg of a refusal. */
  notice: Said<ScheduleKey> | null;
  /** Why the page could not be loaded (the server's msg, else by key). */
  loadError: Said<ScheduleKey> | null;
  config: ClientConfig | null;
  /** The lender's KFS for the expected amount (beyond the spec), or null: none offered, nothing to acknowledge here. */
  scheduleKfs: LenderKfs | null;
  /** The borrower ticked its acknowledgement (the lender records when, on its own clock). */
  kfsTicked: boolean;
}

export type ScheduleApplyEvent =
  | { type: 'page.retried' }
  | { type: 'amount.changed'; amount: number }
  | { type: 'card.selected'; cardId: string }
  | { type: 'schedule.tapped' }
  | { type: 'kfs.ticked'; checked: boolean };

const intentOf = (c: ScheduleIntent): ScheduleIntent => ({ amount: c.amount, cardId: c.cardId });
const draftOf = (c: ScheduleApplyContext): ScheduleApplyDraft => ({ ...intentOf(c), idempotencyKey: c.idempotencyKey });
/** The key stays with the same intent only. */
const keyFor = (c: ScheduleApplyContext, next: ScheduleIntent): string | null => (sameIntent(intentOf(c), next) ? c.idempotencyKey : null);

export const scheduleApplyMachine = setup({
  types: {
    context: {} as ScheduleApplyContext,
    events: {} as ScheduleApplyEvent,
    input: {} as ScheduleApplyInput,
  },
  actors: {
    /** GET /product/v1/product-info?id=, GET /bank/v1/find-user-bank-card and GET /order/v1/precheck?productId=. */
    loadPage: fromPromise<ScheduleApplyLoaded, { pid: string }>(notProvided('loadPage')),
    /** POST /order/v1/order-auto-apply with the intent's Idempotency-Key → the ScheduledOrder created. */
    scheduleApply: fromPromise<ScheduledOrder, { payload: ScheduleApplyPayload; idempotencyKey: string }>(notProvided('scheduleApply')),
    /** POST /kfs/v1/issue {kind: 'schedule', productId, amount} (beyond the spec). */
    issueKfs: fromPromise<Offered<LenderKfs>, { productId: string; amount: number }>(notProvided('issueKfs')),
    /** POST /kfs/v1/acknowledge {kfsNo} (beyond the spec; idempotent per number). */
    acknowledgeKfs: fromPromise<LenderKfs, { kfsNo: string }>(notProvided('acknowledgeKfs')),
  },
  actions: {
    navigate,
    persistDraft: (_, _params: { draft: ScheduleApplyDraft }) => {},
    clearDraft: () => {},
    /** The key of a new scheduling (the app provides a random one: src/lib/idempotency.ts). */
    newIdempotencyKey: assign({ idempotencyKey: placeholderKey }),
  },
  guards: {
    noAmounts: (_, params: { loaded: ScheduleApplyLoaded }) => params.loaded.product.amountList.length === 0,
    amountChanges: ({ context, event }) =>
      event.type === 'amount.changed' && event.amount !== context.amount && (context.product?.amountList.includes(event.amount) ?? false),
    cardChanges: ({ context, event }) => event.type === 'card.selected' && event.cardId !== context.cardId && context.cards.some((c) => c.id === event.cardId),
    noCard: ({ context }) => context.cardId === null,
    keyed: ({ context }) => context.idempotencyKey !== null,
    /** Nothing left to acknowledge: no lender KFS, or the lender has it acknowledged. */
    kfsSettled: ({ context }) => context.scheduleKfs === null || context.scheduleKfs.acknowledgedAt != null,
    /** The lender's KFS ticked here, to acknowledge with the lender first. */
    kfsToSend: ({ context }) => context.scheduleKfs !== null && context.scheduleKfs.acknowledgedAt == null && context.kfsTicked,
    kfsToTick: ({ context }) => context.scheduleKfs !== null && context.scheduleKfs.acknowledgedAt == null,
  },
}).createMachine({
  id: 'scheduleApply',
  description: 'Schedule an application: the amount and the bank account, then Schedule application.',
  context: ({ input }) => ({
    pid: input.pid,
    restored: input.draft ?? null,
    product: null,
    cards: [],
    precheck: null,
    amount: null,
    cardId: null,
    idempotencyKey: null,
    notice: null,
    loadError: null,
    config: null,
    scheduleKfs: null,
    kfsTicked: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The product, the cards and the precheck, side by side.',
      tags: ['loading'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ pid: context.pid }),
        onDone: [
          {
            guard: { type: 'noAmounts', params: ({ event }) => ({ loaded: event.output }) },
            target: 'failed',
            description: 'The product offers no amount: nothing to schedule.',
            actions: assign({ loadError: say<ScheduleKey>('noAmounts') }),
          },
          {
            target: 'issuing',
            description: "The amount (the draft's if still offered, else the largest) and the card (the draft's if still there, else the first); the draft's key only with the same intent.",
            actions: [
              assign(({ context, event }) => {
                const { product, cards, precheck } = event.output;
                const next: ScheduleIntent = {
                  amount: restoreAmount(product.amountList, context.restored?.amount),
                  cardId: chooseCard(cards, context.restored?.cardId),
                };
                const restoredKey = context.restored && sameIntent(context.restored, next) ? context.restored.idempotencyKey : null;
                return { product, cards, precheck, config: event.output.config ?? null, ...next, idempotencyKey: restoredKey, restored: null, loadError: null };
              }),
              { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) },
            ],
          },
        ],
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => saidOf<ScheduleKey>(event.error, 'loadFailed') }) },
      },
    },
    failed: {
      description: 'The page could not be loaded: the reason and Try again.',
      tags: ['failed'],
      on: { 'page.retried': { target: 'loading', actions: assign({ loadError: null }) } },
    },
    issuing: {
      description: "POST /kfs/v1/issue (beyond the spec): the lender's KFS for the expected amount, acknowledged when it is scheduled.",
      tags: ['editing', 'kfsLoading'],
      entry: assign({ scheduleKfs: null, kfsTicked: false }),
      invoke: {
        id: 'issueKfs',
        src: 'issueKfs',
        input: ({ context }) => ({ productId: context.pid, amount: context.amount ?? 0 }),
        onDone: [
          {
            guard: ({ event }) => event.output.offered,
            target: 'editing',
            description: "The lender's KFS: a new one is a new intent (the request names it), so the key goes.",
            actions: assign({ scheduleKfs: ({ event }) => (event.output.offered ? event.output.value : null), idempotencyKey: null }),
          },
          { target: 'editing', description: 'Not offered: the spec\'s page; the KFS comes before Get Money.' },
        ],
        onError: { target: 'editing', description: 'Not issued: the spec\'s page; the KFS comes before Get Money.' },
      },
    },
    editing: {
      description: 'The explanation, the amount, the bank account, the KFS for the amount with its tick (where the lender issues one) and Schedule application.',
      tags: ['editing'],
      meta: enforces('kfs-for-schedule'),
      on: {
        'kfs.ticked': {
          guard: 'kfsToTick',
          description: "The tick (or its removal) on the lender's KFS.",
          actions: assign({ kfsTicked: ({ event }) => event.checked }),
        },
        'amount.changed': {
          guard: 'amountChanges',
          target: 'issuing',
          description: 'Another amount: a new intent (no key), and its own KFS.',
          actions: [
            assign(({ context, event }) => ({ amount: event.amount, idempotencyKey: keyFor(context, { ...intentOf(context), amount: event.amount }), notice: null })),
            { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) },
          ],
        },
        'card.selected': {
          guard: 'cardChanges',
          description: 'Another card: a new intent (no key).',
          actions: [
            assign(({ context, event }) => ({ cardId: event.cardId, idempotencyKey: keyFor(context, { ...intentOf(context), cardId: event.cardId }), notice: null })),
            { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) },
          ],
        },
        'schedule.tapped': [
          { guard: 'noCard', description: "No card: 'Please Select or Add Bank Account'.", actions: assign({ notice: say<ScheduleKey>('noCard') }) },
          { guard: and(['kfsToSend', 'keyed']), target: 'acknowledging', description: "The same scheduling again: the lender's KFS is acknowledged first." },
          {
            guard: 'kfsToSend',
            target: 'acknowledging',
            description: "Schedule application: the lender's KFS is acknowledged first; a new key, kept in the draft.",
            actions: ['newIdempotencyKey', { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) }],
          },
          { guard: and(['kfsSettled', 'keyed']), target: 'submitting', description: 'The same scheduling again (after a failure or a reload): the same key.' },
          {
            guard: 'kfsSettled',
            target: 'submitting',
            description: 'Schedule application: a new key, kept in the draft until answered.',
            actions: ['newIdempotencyKey', { type: 'persistDraft', params: ({ context }) => ({ draft: draftOf(context) }) }],
          },
        ],
      },
    },
    acknowledging: {
      description: "POST /kfs/v1/acknowledge: the lender records the acknowledgement of its KFS before scheduling; a second tap is ignored.",
      tags: ['editing', 'submitting'],
      entry: assign({ notice: null }),
      invoke: {
        id: 'acknowledgeKfs',
        src: 'acknowledgeKfs',
        input: ({ context }) => ({ kfsNo: context.scheduleKfs?.kfsNo ?? '' }),
        onDone: { target: 'submitting', actions: assign({ scheduleKfs: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          description: "Not acknowledged (expired meanwhile, say): the lender's msg at the button.",
          actions: assign({ notice: ({ event }) => saidOf<ScheduleKey>(event.error, 'scheduleFailed') }),
        },
      },
    },
    submitting: {
      description: 'POST /order/v1/order-auto-apply once: everything is read-only, a second tap is ignored.',
      tags: ['editing', 'submitting'],
      entry: assign({ notice: null }),
      invoke: {
        id: 'scheduleApply',
        src: 'scheduleApply',
        input: ({ context }) => ({
          payload: scheduleApplyPayload(context.pid, context.amount ?? 0, context.cardId ?? '', context.scheduleKfs?.kfsNo ?? null),
          idempotencyKey: intentKey(context, 'scheduleApply'),
        }),
        onDone: {
          target: 'leaving',
          description: "Scheduled: the new schedule's page replaces this one.",
          actions: [
            assign({ idempotencyKey: null }),
            'clearDraft',
            { type: 'navigate', params: ({ event }) => ({ to: paths.scheduledOrder.href(event.output.id, event.output.productId), replace: true }) },
          ],
        },
        onError: {
          target: 'editing',
          description: "Not scheduled (or the answer was lost): the server's msg at the button; the key stays for a retry of the same scheduling.",
          actions: assign({ notice: ({ event }) => saidOf<ScheduleKey>(event.error, 'scheduleFailed') }),
        },
      },
    },
    leaving: {
      description: "The new schedule's page replaced this one.",
      tags: ['leaving'],
      type: 'final',
    },
  },
});

export const scheduleApplySentences = machineSentences<ScheduleApplyEvent>({
  events: {
    'page.retried': 'The borrower taps Try again',
    'amount.changed': 'The borrower picks an amount',
    'card.selected': 'The borrower picks a bank account',
    'schedule.tapped': 'The borrower taps Schedule application',
    'kfs.ticked': 'The borrower ticks or unticks the Key Fact Statement acknowledgement',
  },
  guards: {
    noAmounts: 'The product offers no amount',
    amountChanges: 'The borrower picked another amount the product offers',
    cardChanges: 'The borrower picked another of their bank accounts',
    noCard: 'No bank account is chosen',
    keyed: 'An earlier attempt of the same scheduling is still unanswered, so its key is sent again',
    kfsSettled: "There is no lender's Key Fact Statement left to acknowledge",
    kfsToSend: "The lender's Key Fact Statement was ticked here and must be acknowledged with the lender first",
    kfsToTick: "The lender's Key Fact Statement still waits for the borrower's tick",
  },
});

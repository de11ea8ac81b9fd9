/**
 * A scheduled application (spec §2 'Schedule List and scheduled order detail'): its details, and
 * Cancel while it is still scheduled, sent once per intent with a key kept for retries. It makes no
 * call and keeps no draft itself: both are provided at the edge. Rules are in schedule.rules.ts.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CancelScheduledOrderPayload, ScheduledOrder } from '../../contract/schedule';
import { saidOf, type Said } from '../../i18n/core';
import type { ScheduleKey } from '../../i18n/en/schedule';
import { notProvided } from '../shared/actors';
import { intentKey, placeholderKey, type IdempotentIntent } from '../shared/idempotency';
import { navigate } from '../shared/navigation';
import { paths } from '../shared/paths';
import { cancelPayload, isCancellable } from './schedule.rules';
import { machineSentences } from '../shared/sentences';

/** What is kept across a reload (bw.draft.schedule.cancel.<oid>): the Cancel's key. */
export type ScheduledOrderDraft = IdempotentIntent;

export interface ScheduledOrderInput {
  /** The scheduled order's id. */
  oid: string;
  /** ?pid=: its product, as the link said (the answer's productId is what is shown). */
  pid: string | null;
  /** The Cancel draft read when the page opened. */
  draft?: ScheduledOrderDraft | null;
}

export interface ScheduledOrderContext extends IdempotentIntent {
  oid: string;
  pid: string | null;
  order: ScheduledOrder | null;
  /** Why the page could not be loaded (the server's msg, else by key). */
  error: Said<ScheduleKey> | null;
  /** A failed cancel's message, shown at Cancel. */
  notice: Said<ScheduleKey> | null;
}

export type ScheduledOrderEvent =
  | { type: 'page.retried' }
  | { type: 'cancel.tapped' }
  | { type: 'cancel.confirmed' }
  | { type: 'cancel.declined' };

export const scheduledOrderMachine = setup({
  types: {
    context: {} as ScheduledOrderContext,
    events: {} as ScheduledOrderEvent,
    input: {} as ScheduledOrderInput,
  },
  actors: {
    /** GET /order/v1/get-auto-apply?orderId= */
    loadScheduledOrder: fromPromise<ScheduledOrder, { orderId: string }>(notProvided('loadScheduledOrder')),
    /** POST /order/v1/cancel-auto-apply {id, orderNo} with the intent's Idempotency-Key. */
    cancelSchedule: fromPromise<void, { payload: CancelScheduledOrderPayload; idempotencyKey: string }>(notProvided('cancelSchedule')),
  },
  actions: {
    navigate,
    persistDraft: (_, _params: { draft: ScheduledOrderDraft }) => {},
    clearDraft: () => {},
    /** The key of a new cancel (the app provides a random one: src/lib/idempotency.ts). */
    newIdempotencyKey: assign({ idempotencyKey: placeholderKey }),
  },
  guards: {
    isScheduled: (_, params: { order: ScheduledOrder }) => isCancellable(params.order),
    keyed: ({ context }) => context.idempotencyKey !== null,
  },
}).createMachine({
  id: 'scheduledOrder',
  description: 'A scheduled application: its details, and Cancel while it is scheduled.',
  context: ({ input }) => ({
    oid: input.oid,
    pid: input.pid,
    order: null,
    error: null,
    notice: null,
    idempotencyKey: input.draft?.idempotencyKey ?? null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /order/v1/get-auto-apply?orderId=.',
      tags: ['loading'],
      invoke: {
        id: 'loadScheduledOrder',
        src: 'loadScheduledOrder',
        input: ({ context }) => ({ orderId: context.oid }),
        onDone: [
          {
            guard: { type: 'isScheduled', params: ({ event }) => ({ order: event.output }) },
            target: 'scheduled',
            description: 'Scheduled (0): the details and Cancel.',
            actions: assign({ order: ({ event }) => event.output, error: null }),
          },
          {
            target: 'closed',
            description: 'Applied, canceled (or another state): the details only; a Cancel key of this page is no longer needed.',
            actions: [assign({ order: ({ event }) => event.output, error: null, idempotencyKey: null }), 'clearDraft'],
          },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => saidOf<ScheduleKey>(event.error, 'detailFailed') }) },
      },
    },
    failed: {
      description: 'The scheduled order could not be loaded: the reason and Try again.',
      tags: ['failed'],
      on: { 'page.retried': 'loading' },
    },
    closed: {
      description: 'Applied (with its order number) or canceled: nothing to do here.',
      tags: ['shown', 'closed'],
    },
    scheduled: {
      description: 'Waiting to be applied: Cancel.',
      tags: ['shown', 'cancellable'],
      initial: 'idle',
      states: {
        idle: {
          description: 'The details and Cancel; a failed cancel says why at Cancel.',
          on: {
            'cancel.tapped': { target: 'asking', description: "Cancel: the spec's question, Yes or No." },
          },
        },
        asking: {
          description: "'Are you confirm cancel this schedule order ?' with Yes and No.",
          tags: ['asking'],
          on: {
            'cancel.declined': { target: 'idle', description: 'No: the dialog closes; nothing is sent.' },
            'cancel.confirmed': [
              { guard: 'keyed', target: 'cancelling', description: 'Yes again (after a failure or a reload): the same key.' },
              {
                target: 'cancelling',
                description: 'Yes: a new key, kept in the draft until answered.',
                actions: ['newIdempotencyKey', { type: 'persistDraft', params: ({ context }) => ({ draft: { idempotencyKey: context.idempotencyKey } }) }],
              },
            ],
          },
        },
        cancelling: {
          description: 'POST /order/v1/cancel-auto-apply once: a second tap is ignored.',
          tags: ['asking', 'cancelling'],
          entry: assign({ notice: null }),
          invoke: {
            id: 'cancelSchedule',
            src: 'cancelSchedule',
            input: ({ context }) => ({
              payload: cancelPayload(context.order ?? { id: context.oid, orderNo: '' }),
              idempotencyKey: intentKey(context, 'scheduledOrder'),
            }),
            onDone: {
              target: '#scheduledOrder.leaving',
              description: 'Cancelled: /schedule replaces the page.',
              actions: [assign({ idempotencyKey: null }), 'clearDraft', { type: 'navigate', params: { to: paths.schedule.href(), replace: true } }],
            },
            onError: {
              target: 'idle',
              description: "Not cancelled (or the answer was lost): the server's msg at Cancel; the key stays for a retry.",
              actions: assign({ notice: ({ event }) => saidOf<ScheduleKey>(event.error, 'cancelFailed') }),
            },
          },
        },
      },
    },
    leaving: {
      description: 'The Schedule List replaced this page.',
      tags: ['leaving'],
      type: 'final',
    },
  },
});

export const scheduledOrderSentences = machineSentences<ScheduledOrderEvent>({
  events: {
    'page.retried': 'The borrower taps Try again',
    'cancel.tapped': 'The borrower taps Cancel',
    'cancel.confirmed': 'The borrower answers Yes to cancelling the schedule',
    'cancel.declined': 'The borrower answers No to cancelling the schedule',
  },
  guards: {
    isScheduled: 'The application is still scheduled, so it can be cancelled',
    keyed: 'An earlier cancel is still unanswered, so its key is sent again',
  },
});

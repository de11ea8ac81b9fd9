/**
 * The confirm page's sub-chart of the order machine (2 Pass): the Key Fact Statement Get Money stands
 * on, and Get Money itself. Composed back in order.machine.ts, which holds the setup it is typed
 * against; it adds no state, event or guard of its own.
 */
import { and, assign } from 'xstate';
import { saidOf } from '../../i18n/core';
import type { OrderKey } from '../../i18n/en/order';
import { intentKey } from '../shared/idempotency';
import { APP_KFS, kfsPrompt, lenderStanding, orderKfsBinds } from '../shared/kfs-ack';
import { enforces } from '../shared/rules';
import { paths } from '../shared/paths';
import type { OrderSetup } from './order.machine';

export const confirming = (o: OrderSetup) =>
  o.createStateConfig({
    description: '2 Pass: the loan to confirm and Get Money, under a Key Fact Statement that binds now.',
    tags: ['confirm'],
    initial: 'readingKfs',
    entry: assign({ kfs: null, kfsTickedAt: null }),
    states: {
      readingKfs: {
        description: 'GET /kfs/v1/order (beyond the spec): the KFS the order was acknowledged under, and whether it still binds.',
        tags: ['kfsLoading'],
        invoke: {
          id: 'orderKfs',
          src: 'orderKfs',
          input: ({ context }) => ({ orderId: context.orderId }),
          onDone: [
            {
              guard: ({ event }) => orderKfsBinds(event.output),
              target: 'idle',
              description: 'The KFS acknowledged (at applying, or here before) binds now: Get Money stands on it.',
              actions: assign({ kfs: ({ event }) => (event.output.offered && event.output.value.kfs ? lenderStanding(event.output.value.kfs) : APP_KFS) }),
            },
            { guard: ({ event }) => event.output.offered, target: 'issuingKfs', description: 'None, or it has expired: the lender issues the current one.' },
            { target: 'idle', description: "Not offered: the app's own KFS, acknowledged with a tick here.", actions: assign({ kfs: APP_KFS }) },
          ],
          onError: { target: 'idle', description: "Not read: the app's own KFS and tick; the lender still checks its own at Get Money.", actions: assign({ kfs: APP_KFS }) },
        },
      },
      issuingKfs: {
        description: 'POST /kfs/v1/issue for the order: the current KFS, with its number and validity, to acknowledge.',
        tags: ['kfsLoading'],
        invoke: {
          id: 'issueKfs',
          src: 'issueKfs',
          input: ({ context }) => ({ orderId: context.orderId }),
          onDone: { target: 'idle', actions: assign({ kfs: ({ event }) => (event.output.offered ? lenderStanding(event.output.value) : APP_KFS) }) },
          onError: { target: 'idle', description: "Not issued: the app's own KFS and tick; the lender still checks its own at Get Money.", actions: assign({ kfs: APP_KFS }) },
        },
      },
      idle: {
        description:
          'The loan to confirm and Get Money. Without a KFS that binds, the borrower ticks its acknowledgement first; Get Money waits for it. A failed confirmation says why at the button.',
        meta: enforces('kfs-valid-at-disbursal'),
        on: {
          'kfs.ticked': {
            guard: ({ context }) => kfsPrompt(context.kfs, context.kfsTickedAt).kind === 'toAcknowledge',
            description: 'The tick (or its removal) on a KFS to acknowledge; one acknowledged already has none.',
            actions: assign({ kfsTickedAt: ({ context, event }) => (event.checked ? context.now() : null) }),
          },
          'getMoney.tapped': [
            { guard: and(['kfsToSend', 'keyed']), target: 'acknowledging', description: 'The same Get Money again: the KFS ticked is acknowledged first, the key kept.' },
            {
              guard: 'kfsToSend',
              target: 'acknowledging',
              description: 'Get Money: the KFS ticked is acknowledged with the lender first; a new key, kept in the draft.',
              actions: ['newIdempotencyKey', { type: 'persistDraft', params: ({ context }) => ({ draft: { idempotencyKey: context.idempotencyKey } }) }],
            },
            { guard: and(['kfsBinds', 'keyed']), target: 'confirming', description: 'The same Get Money again (after a failure or a reload): the same key.' },
            {
              guard: 'kfsBinds',
              target: 'confirming',
              description: 'Get Money: a new key, kept in the draft until answered.',
              actions: ['newIdempotencyKey', { type: 'persistDraft', params: ({ context }) => ({ draft: { idempotencyKey: context.idempotencyKey } }) }],
            },
          ],
          'page.visible': { target: '#order.loading', actions: 'markVisible' },
          'page.restored': { target: '#order.loading', actions: 'markVisible' },
        },
      },
      acknowledging: {
        description: 'POST /kfs/v1/acknowledge: the lender records the acknowledgement before Get Money; a second tap is ignored.',
        tags: ['confirming'],
        entry: assign({ notice: null }),
        invoke: {
          id: 'acknowledgeKfs',
          src: 'acknowledgeKfs',
          input: ({ context }) => ({ kfsNo: context.kfs?.source === 'lender' ? context.kfs.kfsNo : '' }),
          onDone: { target: 'confirming', actions: assign({ kfs: ({ event }) => lenderStanding(event.output) }) },
          onError: {
            target: 'idle',
            description: "Not acknowledged (it expired meanwhile, say): the lender's msg at the button; reload for the current one.",
            actions: assign({ notice: ({ event }) => saidOf<OrderKey>(event.error, 'confirmFailed') }),
          },
        },
      },
      confirming: {
        description: 'POST /order/v1/loan once: a second tap is ignored.',
        tags: ['confirming'],
        entry: assign({ notice: null }),
        invoke: {
          id: 'confirmLoan',
          src: 'confirmLoan',
          input: ({ context }) => ({ orderId: context.orderId, idempotencyKey: intentKey(context, 'order') }),
          onDone: {
            target: '#order.leaving',
            description: 'Confirmed: /orders replaces the page.',
            actions: [assign({ idempotencyKey: null }), 'clearDraft', { type: 'navigate', params: { to: paths.orders.href(), replace: true } }],
          },
          onError: {
            target: 'idle',
            description: "Not confirmed (or the answer was lost): the server's msg; the key stays for a retry.",
            actions: assign({ notice: ({ event }) => saidOf<OrderKey>(event.error, 'confirmFailed') }),
          },
        },
      },
    },
  });

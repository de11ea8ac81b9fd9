/**
 * The audit page's sub-chart of the order machine (1 Auditing, 4 Lending): Refresh and the
 * backing-off re-checks while the page is visible. Composed back in order.machine.ts, which holds
 * the setup it is typed against; it adds no state, event or guard of its own.
 */
import { assign } from 'xstate';
import { saidOf } from '../../i18n/core';
import type { OrderKey } from '../../i18n/en/order';
import type { OrderSetup } from './order.machine';

/**
 * An order still with the lender (1 Auditing, 4 Lending): the audit page, its Refresh and its
 * backing-off re-checks, the same for both; only the description and the page's tag differ.
 */
export const rechecking = (o: OrderSetup, description: string, tag: 'auditing' | 'lending') =>
  o.createStateConfig({
    description,
    tags: ['audit', tag],
    initial: 'waiting',
    states: {
      waiting: {
        description: 'Visible: the next re-check after the backing-off delay.',
        always: { guard: 'hidden', target: 'paused', description: 'Hidden: no re-checks.' },
        after: { recheck: { target: 'checking', actions: 'countRecheck' } },
        on: {
          'refresh.tapped': { target: 'checking', description: 'Refresh: check now; the schedule starts over.', actions: 'restartSchedule' },
          'page.hidden': { target: 'paused', actions: 'markHidden' },
          'page.restored': { target: '#order.loading', actions: 'markVisible', description: 'Back from the bfcache: read the order again.' },
        },
      },
      paused: {
        description: 'Hidden: nothing is asked until the page is visible again.',
        on: {
          'page.visible': { target: 'checking', description: 'Visible again: check at once; the schedule starts over.', actions: 'restartSchedule' },
          'refresh.tapped': { target: 'checking', actions: 'restartSchedule' },
          'page.restored': { target: '#order.loading', actions: 'markVisible' },
        },
      },
      checking: {
        description: 'GET /order/v1/detail again; a tap on Refresh (or a return from the bfcache) meanwhile is ignored: this answer is the fresh one.',
        tags: ['refreshing'],
        invoke: {
          id: 'recheckOrder',
          src: 'loadOrder',
          input: ({ context }) => ({ orderId: context.orderId }),
          onDone: {
            target: '#order.routing',
            description: 'The order as it is now: it stays, or goes where it belongs.',
            actions: assign({ order: ({ event }) => event.output, notice: null }),
          },
          onError: {
            target: 'waiting',
            description: 'Not checked: say so; the schedule goes on.',
            actions: assign({ notice: ({ event }) => saidOf<OrderKey>(event.error, 'recheckFailed') }),
          },
        },
      },
    },
  });

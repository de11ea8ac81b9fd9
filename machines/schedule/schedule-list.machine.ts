/**
 * Schedule List (/schedule; spec §2 'Schedule List and scheduled order detail'): loading → ready |
 * failed (Try again). Each item shows its product, expected amount, masked bank account, created
 * time and state; a scheduled one links to its detail (schedule.rules.ts detailLink).
 *
 * Effects are provided at the edge (src/flows/schedule/schedule-list.effects.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ScheduledOrder } from '../../contract/schedule';
import { saidOf, type Said } from '../../i18n/core';
import type { ScheduleKey } from '../../i18n/en/schedule';
import { notProvided } from '../shared/actors';

export interface ScheduleListContext {
  schedules: ScheduledOrder[] | null;
  /** Why the list could not be loaded: the server's msg, else a message by key. */
  error: Said<ScheduleKey> | null;
}

export type ScheduleListEvent = { type: 'list.retried' };

export const scheduleListMachine = setup({
  types: { context: {} as ScheduleListContext, events: {} as ScheduleListEvent },
  actors: {
    /** GET /order/v1/get-auto-apply-list */
    loadSchedules: fromPromise<ScheduledOrder[]>(notProvided('loadSchedules')),
  },
}).createMachine({
  id: 'scheduleList',
  description: "The borrower's scheduled applications.",
  context: { schedules: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /order/v1/get-auto-apply-list.',
      tags: ['loading'],
      invoke: {
        id: 'loadSchedules',
        src: 'loadSchedules',
        onDone: { target: 'ready', actions: assign({ schedules: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => saidOf<ScheduleKey>(event.error, 'listFailed') }) },
      },
    },
    failed: {
      description: 'Nothing to show: the reason and Try again.',
      tags: ['failed'],
      on: { 'list.retried': 'loading' },
    },
    ready: {
      description: "The list, or the spec's empty text.",
      tags: ['ready'],
    },
  },
});

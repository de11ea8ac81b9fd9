/**
 * A screen that loads one thing and shows it (About us, Help, Product detail, Face result), generic
 * over the data. It knows nothing of what it loads: `load` is provided at the edge, in one place
 * (src/flows/shared/useResource.tsx).
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/actors';
import { saidOf, type Said } from '../../i18n/core';
import type { CommonKey } from '../../i18n/en/common';
import { machineSentences } from '../shared/sentences';

export interface ResourceContext<T> {
  data: T | null;
  /** The server's text, or the shared 'Something went wrong' by key. */
  error: Said<CommonKey> | null;
}
export type ResourceEvent = { type: 'resource.retried' };

export function resourceMachineFor<T>() {
  return setup({
    types: { context: {} as ResourceContext<T>, events: {} as ResourceEvent },
    actors: {
      /** The screen's one GET. */
      load: fromPromise<T>(notProvided('load')),
    },
  }).createMachine({
    id: 'resource',
    description: 'Loads one resource for a screen and shows it; a failure offers a retry.',
    context: { data: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        description: 'The request is in flight.',
        tags: ['busy'],
        invoke: {
          id: 'load',
          src: 'load',
          onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
          onError: { target: 'failed', actions: assign({ error: ({ event }) => saidOf<CommonKey>(event.error, 'somethingWrong') }) },
        },
      },
      failed: {
        description: 'The request failed: the message and a retry.',
        on: { 'resource.retried': 'loading' },
      },
      ready: {
        description: 'The data is shown.',
      },
    },
  });
}

/** The machine as the tools see it (diagrams, generated paths). */
export const resourceMachine = resourceMachineFor<unknown>();
export type ResourceMachine<T> = ReturnType<typeof resourceMachineFor<T>>;
/** The data that resource machine M loads (its `load` actor's output). */
export type ResourceData<M> = M extends ResourceMachine<infer T> ? T : never;

export const resourceSentences = machineSentences<ResourceEvent>({
  events: {
    'resource.retried': 'The borrower taps Try again',
  },
  guards: {},
});

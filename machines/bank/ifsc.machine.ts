/**
 * The IFSC finder: bank, state, city, branch, each a list to search and pick from; the chosen
 * branch's IFSC goes back to Add bank account.
 * It does not check an IFSC typed by hand (Add bank account does) and makes no call itself: effects
 * are provided at the edge (src/flows/bank/ifsc.effects.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { BankName, Branch, NamedPlace } from '../../contract/bank';
import { notProvided } from '../shared/actors';
import { saidOf, type Said } from '../../i18n/core';
import type { BankKey } from '../../i18n/en/bank';
import { navigate } from '../shared/navigation';
import { paths } from '../shared/paths';
import { filterBanks, filterBranches, filterPlaces } from './ifsc.rules';
import { machineSentences } from '../shared/sentences';

export interface IfscInput {
  /** The product being applied for (?pid=), carried back to "Add bank account". */
  pid: string;
}

export interface IfscContext {
  pid: string;
  banks: BankName[];
  states: NamedPlace[];
  cities: NamedPlace[];
  branches: Branch[];
  bank: BankName | null;
  state: NamedPlace | null;
  city: NamedPlace | null;
  /** The search text of the list shown. */
  query: string;
  /** Why the list of the level could not be loaded: the server's msg, else a message by key. */
  error: Said<BankKey> | null;
}

export type IfscEvent =
  | { type: 'search.changed'; value: string }
  | { type: 'bank.chosen'; id: string }
  | { type: 'state.chosen'; id: string }
  | { type: 'city.chosen'; id: string }
  | { type: 'branch.chosen'; id: string }
  | { type: 'level.back' }
  | { type: 'list.retried' };

const byId = <T extends { id: string }>(items: readonly T[], id: string): T | null => items.find((x) => x.id === id) ?? null;

export const ifscMachine = setup({
  types: {
    context: {} as IfscContext,
    events: {} as IfscEvent,
    input: {} as IfscInput,
  },
  actors: {
    /** GET /bank-info/v1/get-bank-info */
    loadBanks: fromPromise<BankName[]>(notProvided('loadBanks')),
    /** GET /bank-info/v1/get-state-list?pId= (the bank's id) */
    loadStates: fromPromise<NamedPlace[], { bankId: string }>(notProvided('loadStates')),
    /** GET /bank-info/v1/get-city-list?stateId= */
    loadCities: fromPromise<NamedPlace[], { stateId: string }>(notProvided('loadCities')),
    /** GET /bank-info/v1/get-branch-list?cityId= */
    loadBranches: fromPromise<Branch[], { cityId: string }>(notProvided('loadBranches')),
  },
  actions: {
    navigate,
    /** The search text of the list shown (it filters the list as the borrower types). */
    search: assign((_, params: { value: string }) => ({ query: params.value })),
    /** A level starts with an empty search and no error. */
    newLevel: assign({ query: '', error: null }),
    /** The reason a list could not be loaded. */
    loadFailed: assign((_, params: { error: unknown }) => ({ error: saidOf<BankKey>(params.error, 'listFailed') })),
  },
  guards: {
    // Only what the list shows (filtered by the search) can be chosen.
    listedBank: ({ context, event }) => event.type === 'bank.chosen' && byId(filterBanks(context.banks, context.query), event.id) !== null,
    listedState: ({ context, event }) => event.type === 'state.chosen' && byId(filterPlaces(context.states, context.query), event.id) !== null,
    listedCity: ({ context, event }) => event.type === 'city.chosen' && byId(filterPlaces(context.cities, context.query), event.id) !== null,
    listedBranch: ({ context, event }) => event.type === 'branch.chosen' && byId(filterBranches(context.branches, context.query), event.id) !== null,
  },
}).createMachine({
  id: 'ifsc',
  description: 'Find an IFSC: bank, then state, then city, then branch.',
  context: ({ input }) => ({ pid: input.pid, banks: [], states: [], cities: [], branches: [], bank: null, state: null, city: null, query: '', error: null }),
  initial: 'bank',
  states: {
    bank: {
      description: 'The bank list.',
      tags: ['bankLevel'],
      initial: 'loading',
      entry: 'newLevel',
      states: {
        loading: {
          description: 'GET /bank-info/v1/get-bank-info: reading the banks.',
          tags: ['loading'],
          invoke: {
            id: 'loadBanks',
            src: 'loadBanks',
            onDone: { target: 'choosing', actions: assign({ banks: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: { type: 'loadFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { description: 'The banks could not be loaded: the reason and Try again.', tags: ['failed'], on: { 'list.retried': { target: 'loading', actions: assign({ error: null }) } } },
        choosing: {
          description: 'The banks, filtered by the search; the borrower picks one.',
          tags: ['choosing'],
          on: {
            'search.changed': { actions: { type: 'search', params: ({ event }) => ({ value: event.value }) } },
            'bank.chosen': {
              guard: 'listedBank',
              target: '#ifsc.state',
              actions: assign({ bank: ({ context, event }) => byId(context.banks, event.id), state: null, city: null, states: [], cities: [], branches: [] }),
            },
          },
        },
      },
    },
    state: {
      description: 'The state list (pId = the bank).',
      tags: ['stateLevel'],
      initial: 'loading',
      entry: 'newLevel',
      on: { 'level.back': { target: '#ifsc.bank.choosing', description: 'Change bank: the bank list is kept.', actions: 'newLevel' } },
      states: {
        loading: {
          description: 'GET /bank-info/v1/get-state-list: reading the states.',
          tags: ['loading'],
          invoke: {
            id: 'loadStates',
            src: 'loadStates',
            input: ({ context }) => ({ bankId: context.bank?.id ?? '' }),
            onDone: { target: 'choosing', actions: assign({ states: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: { type: 'loadFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { description: 'The states could not be loaded: the reason and Try again.', tags: ['failed'], on: { 'list.retried': { target: 'loading', actions: assign({ error: null }) } } },
        choosing: {
          description: 'The states, filtered by the search; the borrower picks one.',
          tags: ['choosing'],
          on: {
            'search.changed': { actions: { type: 'search', params: ({ event }) => ({ value: event.value }) } },
            'state.chosen': {
              guard: 'listedState',
              target: '#ifsc.city',
              actions: assign({ state: ({ context, event }) => byId(context.states, event.id), city: null, cities: [], branches: [] }),
            },
          },
        },
      },
    },
    city: {
      description: 'The city list.',
      tags: ['cityLevel'],
      initial: 'loading',
      entry: 'newLevel',
      on: { 'level.back': { target: '#ifsc.state.choosing', description: 'Change state: the state list is kept.', actions: 'newLevel' } },
      states: {
        loading: {
          description: 'GET /bank-info/v1/get-city-list: reading the cities.',
          tags: ['loading'],
          invoke: {
            id: 'loadCities',
            src: 'loadCities',
            input: ({ context }) => ({ stateId: context.state?.id ?? '' }),
            onDone: { target: 'choosing', actions: assign({ cities: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: { type: 'loadFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { description: 'The cities could not be loaded: the reason and Try again.', tags: ['failed'], on: { 'list.retried': { target: 'loading', actions: assign({ error: null }) } } },
        choosing: {
          description: 'The cities, filtered by the search; the borrower picks one.',
          tags: ['choosing'],
          on: {
            'search.changed': { actions: { type: 'search', params: ({ event }) => ({ value: event.value }) } },
            'city.chosen': {
              guard: 'listedCity',
              target: '#ifsc.branch',
              actions: assign({ city: ({ context, event }) => byId(context.cities, event.id), branches: [] }),
            },
          },
        },
      },
    },
    branch: {
      description: 'The branch list.',
      tags: ['branchLevel'],
      initial: 'loading',
      entry: 'newLevel',
      on: { 'level.back': { target: '#ifsc.city.choosing', description: 'Change city: the city list is kept.', actions: 'newLevel' } },
      states: {
        loading: {
          description: 'GET /bank-info/v1/get-branch-list: reading the branches.',
          tags: ['loading'],
          invoke: {
            id: 'loadBranches',
            src: 'loadBranches',
            input: ({ context }) => ({ cityId: context.city?.id ?? '' }),
            onDone: { target: 'choosing', actions: assign({ branches: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: { type: 'loadFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { description: 'The branches could not be loaded: the reason and Try again.', tags: ['failed'], on: { 'list.retried': { target: 'loading', actions: assign({ error: null }) } } },
        choosing: {
          description: 'The branches, filtered by the search; the borrower picks one.',
          tags: ['choosing'],
          on: {
            'search.changed': { actions: { type: 'search', params: ({ event }) => ({ value: event.value }) } },
            'branch.chosen': {
              guard: 'listedBranch',
              target: '#ifsc.done',
              description: '"Add bank account" replaces the finder, with the IFSC of the branch.',
              actions: {
                type: 'navigate',
                params: ({ context, event }) => ({ to: paths.bankAdd.href(context.pid, { ifscCode: byId(context.branches, event.id)?.ifsc ?? '' }), replace: true }),
              },
            },
          },
        },
      },
    },
    done: { description: 'A branch is chosen: "Add bank account" replaces the finder.', type: 'final', tags: ['loading'] },
  },
});

/** What the atlas shows for each event and guard of the chart, in the borrower's and lender's words. */
export const ifscSentences = machineSentences<IfscEvent>({
  events: {
    'search.changed': 'The borrower types in the search box',
    'bank.chosen': 'The borrower picks a bank',
    'state.chosen': 'The borrower picks a state',
    'city.chosen': 'The borrower picks a city',
    'branch.chosen': 'The borrower picks a branch',
    'level.back': 'The borrower goes back up a level',
    'list.retried': 'The borrower taps Try again on the list',
  },
  guards: {
    listedBank: 'The bank is in the list shown',
    listedState: 'The state is in the list shown',
    listedCity: 'The city is in the list shown',
    listedBranch: 'The branch is in the list shown',
  },
});

/**
 * The privacy centre (beyond the spec): what the app collected and why, each consent with Withdraw,
 * and deletion requests. A change of consent holds on the device before the lender is told, so the
 * app stops sending at once. It makes no call and touches no storage itself: both are provided at
 * the edge. Rules are in privacy.rules.ts.
 */
import { assign, fromPromise, not, setup } from 'xstate';
import type { Offered } from '../../contract/offered';
import type { ConsentItem, ConsentPurpose, DeletionRequest, PrivacyOverview } from '../../contract/privacy';
import { say, saidOf, type Said } from '../../i18n/core';
import type { PrivacyKey } from '../../i18n/en/privacy';
import { notProvided } from '../shared/actors';
import { enforces } from '../shared/rules';
import { applied, hasOpenRequest, mayGiveAgain, mayWithdraw, withRequest } from './privacy.rules';
import { machineSentences } from '../shared/sentences';

export interface PrivacyInput {
  /** The consents this device kept (src/lib/consents.ts), read when the centre opens. */
  device: readonly ConsentItem[];
  /** The clock (ISO time of now); tests pass a fixed one. */
  now?: () => string;
}

export interface PrivacyContext {
  /** The lender's record (empty when it does not keep one). */
  consents: readonly ConsentItem[];
  /** The device's record, as the centre changed it. */
  device: readonly ConsentItem[];
  requests: readonly DeletionRequest[];
  /** The consent being told to the lender. */
  pending: { purpose: ConsentPurpose; given: boolean } | null;
  /** The consent just changed, named by the status line ('Withdrawn: Your location. …'). */
  changed: { purpose: ConsentPurpose; given: boolean } | null;
  /** Why the last consent change was not told to the lender. */
  status: Said<PrivacyKey> | null;
  /** The deletion block's status line: the request received, or why it was not sent. */
  deletionStatus: Said<PrivacyKey> | null;
  error: Said<PrivacyKey> | null;
  now: () => string;
}

export type PrivacyEvent =
  | { type: 'privacy.retried' }
  | { type: 'consent.withdrawn'; purpose: ConsentPurpose }
  | { type: 'consent.given'; purpose: ConsentPurpose }
  | { type: 'deletion.asked' }
  | { type: 'deletion.cancelled' }
  | { type: 'deletion.confirmed' };

type ConsentEvent = Extract<PrivacyEvent, { purpose: ConsentPurpose }>;
const isGiven = (event: ConsentEvent) => event.type === 'consent.given';

const privacy = setup({
  types: { context: {} as PrivacyContext, events: {} as PrivacyEvent, input: {} as PrivacyInput },
  actors: {
    /** GET /user/v1/privacy (beyond the spec: { offered: false } without it). */
    loadPrivacy: fromPromise<Offered<PrivacyOverview>>(notProvided('loadPrivacy')),
    /** POST /user/v1/consents or /user/v1/consents/withdraw {purpose} (beyond the spec). */
    saveConsent: fromPromise<Offered<ConsentItem>, { purpose: ConsentPurpose; given: boolean }>(notProvided('saveConsent')),
    /** POST /user/v1/deletion-requests {} (beyond the spec). */
    requestDeletion: fromPromise<Offered<DeletionRequest>>(notProvided('requestDeletion')),
  },
  actions: {
    /** Applies the change on the device at once (src/lib/consents.ts): the app stops (or resumes) sending. */
    applyOnDevice: (_, _params: { purpose: ConsentPurpose; given: boolean }) => {},
    /** The context's record of the device, as changed. */
    noteOnDevice: assign({ device: ({ context }, params: { purpose: ConsentPurpose; given: boolean }) => applied(context.device, params.purpose, params.given, context.now()) }),
  },
  guards: {
    offered: (_, params: { answer: Offered<unknown> }) => params.answer.offered,
    /** Withdraw only while the consent is in force. */
    mayWithdraw: ({ context }, params: { purpose: ConsentPurpose }) => mayWithdraw(context.consents, context.device, params.purpose),
    /** Allow again only once withdrawn, and only for what this page may give (the location, device information). */
    mayGiveAgain: ({ context }, params: { purpose: ConsentPurpose }) => mayGiveAgain(context.consents, context.device, params.purpose),
    openRequest: ({ context }) => hasOpenRequest(context.requests),
  },
});

/** A consent changed: on the device at once, and in the context's record of the device. */
const change = ({ event }: { event: ConsentEvent }) => ({ purpose: event.purpose, given: isGiven(event) });
const onDevice = [
  { type: 'applyOnDevice', params: change },
  { type: 'noteOnDevice', params: change },
] as const;

export const privacyMachine = privacy.createMachine({
  id: 'privacy',
  description: 'The privacy centre: what the app collected and why, each consent with its date and Withdraw, deletion requests and their state, and the privacy policy.',
  context: ({ input }) => ({ consents: [], device: input.device, requests: [], pending: null, changed: null, status: null, deletionStatus: null, error: null, now: input.now ?? (() => new Date().toISOString()) }),
  initial: 'loading',
  states: {
    loading: {
      description: "GET /user/v1/privacy. What the app collects and the policy show at once; the consents wait under 'Loading your privacy details…'.",
      tags: ['busy'],
      invoke: {
        id: 'loadPrivacy',
        src: 'loadPrivacy',
        onDone: [
          {
            guard: { type: 'offered', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            description: "The lender's record: each consent with its dates, and the deletion requests.",
            actions: assign(({ event }) => (event.output.offered ? { consents: event.output.value.consents, requests: event.output.value.deletionRequests, error: null } : {})),
          },
          { target: 'local', description: 'The lender keeps no record (404, or its unknown-path answer): the consents this device kept.' },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => saidOf<PrivacyKey>(event.error, 'loadFailed') }) },
      },
    },
    failed: {
      description: "The record could not be loaded: the reason and Try again, in the consents' place.",
      tags: ['failed'],
      on: { 'privacy.retried': { target: 'loading', actions: assign({ error: null }) } },
    },
    local: {
      description: "Not offered: the consents this device kept, with 'kept on this phone'. Withdraw (and Allow again) holds on the device; deletion is asked for through the Help Center.",
      tags: ['local'],
      meta: enforces('consent-withdrawal'),
      on: {
        'consent.withdrawn': {
          guard: { type: 'mayWithdraw', params: ({ event }) => ({ purpose: event.purpose }) },
          description: 'Withdrawn on this device: nothing more is sent under it.',
          actions: [...onDevice, assign({ changed: ({ event }) => ({ purpose: event.purpose, given: false }), status: null })],
        },
        'consent.given': {
          guard: { type: 'mayGiveAgain', params: ({ event }) => ({ purpose: event.purpose }) },
          description: 'Allowed again on this device (the location, device information).',
          actions: [...onDevice, assign({ changed: ({ event }) => ({ purpose: event.purpose, given: true }), status: null })],
        },
      },
    },
    ready: {
      description: "The lender's record of each consent and the deletion requests.",
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          description: 'Each consent with Withdraw (or Allow again), and Ask for deletion; a status line says what just happened.',
          on: {
            'consent.withdrawn': {
              guard: { type: 'mayWithdraw', params: ({ event }) => ({ purpose: event.purpose }) },
              target: 'saving',
              description: 'Withdrawn on the device at once, then told to the lender.',
              actions: [...onDevice, assign({ pending: ({ event }) => ({ purpose: event.purpose, given: false }), changed: null, status: null })],
            },
            'consent.given': {
              guard: { type: 'mayGiveAgain', params: ({ event }) => ({ purpose: event.purpose }) },
              target: 'saving',
              description: 'Allowed again (the location, device information): on the device, then told to the lender.',
              actions: [...onDevice, assign({ pending: ({ event }) => ({ purpose: event.purpose, given: true }), changed: null, status: null })],
            },
            'deletion.asked': {
              guard: not('openRequest'),
              target: 'asking',
              description: 'The question first. Not while a request is received (the button is not shown then).',
              actions: assign({ deletionStatus: null }),
            },
          },
        },
        saving: {
          description: 'POST /user/v1/consents[/withdraw] {purpose}: the row is busy; the device already holds the change.',
          tags: ['saving'],
          meta: enforces('consent-withdrawal'),
          invoke: {
            id: 'saveConsent',
            src: 'saveConsent',
            input: ({ context }) => context.pending ?? { purpose: 'device', given: false },
            onDone: [
              {
                guard: { type: 'offered', params: ({ event }) => ({ answer: event.output }) },
                target: 'idle',
                description: "The lender's record now, with its time; the status line names it.",
                actions: assign(({ context, event }) => {
                  const item = event.output.offered ? event.output.value : null;
                  return {
                    consents: item ? [...context.consents.filter((c) => c.purpose !== item.purpose), item] : context.consents,
                    changed: context.pending,
                    pending: null,
                  };
                }),
              },
              {
                target: 'idle',
                description: 'The lender lists consents but does not take changes: it holds on the device, and says so.',
                actions: assign(({ context }) => ({ changed: context.pending, pending: null })),
              },
            ],
            onError: {
              target: 'idle',
              description: "Not told: the server's msg, else 'Could not tell your lender…'; it holds on the device.",
              actions: assign({ status: ({ event }) => saidOf<PrivacyKey>(event.error, 'saveFailed'), pending: null }),
            },
          },
        },
        asking: {
          description: "'Ask for deletion?' with what the lender keeps by law, Cancel and Ask.",
          tags: ['asking'],
          on: {
            'deletion.cancelled': { target: 'idle', description: 'Cancel (or Escape): nothing is sent.' },
            'deletion.confirmed': { target: 'requesting', description: 'Ask: the request is sent once.' },
          },
        },
        requesting: {
          description: 'POST /user/v1/deletion-requests: the question stays, Ask busy.',
          tags: ['asking', 'requesting'],
          invoke: {
            id: 'requestDeletion',
            src: 'requestDeletion',
            onDone: [
              {
                guard: { type: 'offered', params: ({ event }) => ({ answer: event.output }) },
                target: 'idle',
                description: "Received: it heads the list with its state; 'Your request was received.'",
                actions: assign(({ context, event }) => ({
                  requests: event.output.offered ? withRequest(context.requests, event.output.value) : context.requests,
                  deletionStatus: say<PrivacyKey>('deletionSent'),
                })),
              },
              { target: 'idle', description: 'The lender takes no requests in the app: says to write through the Help Center.', actions: assign({ deletionStatus: say<PrivacyKey>('deletionNotOffered') }) },
            ],
            onError: { target: 'idle', description: "Not sent: the server's msg, else 'Could not send your request…'.", actions: assign({ deletionStatus: ({ event }) => saidOf<PrivacyKey>(event.error, 'deletionFailed') }) },
          },
        },
      },
    },
  },
});

export const privacySentences = machineSentences<PrivacyEvent>({
  events: {
    'privacy.retried': 'The borrower taps Try again',
    'consent.withdrawn': 'The borrower taps Withdraw on a consent',
    'consent.given': 'The borrower taps Allow again on a consent',
    'deletion.asked': 'The borrower taps Ask for deletion',
    'deletion.cancelled': 'The borrower cancels the deletion question',
    'deletion.confirmed': 'The borrower confirms the deletion request',
  },
  guards: {
    offered: 'The lender offers this in the app',
    mayWithdraw: 'The consent is in force, so it can be withdrawn',
    mayGiveAgain: 'The consent was withdrawn and may be given again on this page',
    openRequest: 'A deletion request is already open',
  },
});

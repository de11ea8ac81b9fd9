/**
 * The face step: consent, then a photo that passes the living check, then living-hold when the
 * config asks for it. No idempotency key: neither call creates or moves anything.
 * It does not upload the photo (the image pipeline beside it does, and reports here) and makes no
 * call itself: effects are provided at the edge (src/flows/auth/face.effects.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { LivingCheck, LivingCheckConfig } from '../../contract/verification';
import { say, saidOf, type Said } from '../../i18n/core';
import type { FaceKey } from '../../i18n/en/face';
import { notProvided } from '../shared/actors';
import { navigate } from '../shared/navigation';
import { enforces } from '../shared/rules';
import { paths, type StepQuery } from '../shared/paths';
import { stepDone, type StepStatus } from '../shared/steps';
import { holdNeeded } from './face.rules';
import { machineSentences } from '../shared/sentences';

export interface FaceInput {
  /** The step's query (pid, step, as): the result page keeps it. */
  query: StepQuery;
}

export interface FaceContext extends FaceInput {
  /** From the config: POST living-hold after a living check. */
  needsHold: boolean;
  /** The living check of the current photo answered (status 1 success, 2 failure, null not sent); null: no checked photo. */
  checked: LivingCheck | null;
  /** The config failure, 'Please Upload Face Recognition ', or the msg of a failed living-hold (by key, or the server's text). */
  error: Said<FaceKey> | null;
}

export type FaceEvent =
  | { type: 'load.retried' }
  | { type: 'consent.given' }
  /** From the pipeline: the living check of the photo answered. */
  | { type: 'photo.checked'; status: LivingCheck['status'] }
  /** From the pipeline: another photo was picked (its check starts), or the slot was cleared. */
  | { type: 'photo.changed' }
  | { type: 'face.submitted' };

export const faceMachine = setup({
  types: {
    context: {} as FaceContext,
    events: {} as FaceEvent,
    input: {} as FaceInput,
  },
  actors: {
    /** GET /auth/v1/find-user-auth: is the face step done already? */
    loadStatus: fromPromise<StepStatus>(notProvided('loadStatus')),
    /** GET /auth/v1/living-check-config: is living-hold needed after the living check? */
    loadConfig: fromPromise<LivingCheckConfig>(notProvided('loadConfig')),
    /** POST /auth/v1/kyc-info/living-hold */
    livingHold: fromPromise<void>(notProvided('livingHold')),
  },
  actions: {
    navigate,
    /** The consent to the camera and the photo, recorded on the device and with the lender (not awaited). */
    recordConsent: () => {},
  },
  guards: {
    /** find-user-auth says the face step is done. */
    alreadyDone: (_, params: { status: StepStatus }) => stepDone(params.status, 'face'),
    noPhoto: ({ context }) => context.checked === null,
    holdNeeded: ({ context }) => context.checked !== null && holdNeeded(context.needsHold, context.checked.status),
  },
}).createMachine({
  id: 'face',
  description: 'Face recognition: consent, a photo (front camera or a file) checked by living-check, living-hold when needed, then the result page.',
  context: ({ input }) => ({ query: input.query, needsHold: false, checked: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      description: 'GET /auth/v1/find-user-auth, before anything else: is the face step done already?',
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'alreadyDone', params: ({ event }) => ({ status: event.output }) },
            target: 'alreadyDone',
            description: 'The face step is done (kycFaceAndHold ≠ 0): on to the hub; the config is never asked for.',
          },
          { target: 'loading', description: 'Not done yet: the config comes next.' },
        ],
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => saidOf<FaceKey>(event.error, 'configFailed') }),
        },
      },
    },
    loading: {
      description: 'GET /auth/v1/living-check-config (read leniently: what it cannot read is no living-hold).',
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        onDone: { target: 'consent', actions: assign({ needsHold: ({ event }) => event.output.needsHold, error: null }) },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => saidOf<FaceKey>(event.error, 'configFailed') }),
        },
      },
    },
    loadFailed: {
      description: 'The status or the config could not be loaded: the reason and a retry, which starts again from the status.',
      on: { 'load.retried': 'checking' },
    },
    alreadyDone: {
      description: 'Done before this visit: /auth/index?pid= replaces this page, so no consent, no camera, nothing to send.',
      type: 'final',
      tags: ['loading'],
      entry: { type: 'navigate', params: ({ context }) => ({ to: paths.authHub.href(context.query.pid), replace: true }) },
    },
    consent: {
      description:
        "What the photo is for, and 'I agree'. The camera and the file input are not offered yet. Consent is not stored: it is asked on each visit, so it is always given for the photo about to be taken.",
      meta: enforces('consent-before-collection'),
      on: { 'consent.given': { target: 'capture', description: 'I agree: recorded, then the photo slot.', actions: 'recordConsent' } },
    },
    capture: {
      description: 'The photo slot (front camera where offered, else a file) and Continue.',
      tags: ['capture'],
      on: {
        'photo.checked': {
          description: 'The living check answered for this photo.',
          actions: assign({ checked: ({ event }) => ({ status: event.status }), error: null }),
        },
        'photo.changed': {
          description: 'Another photo is being checked, or none is chosen.',
          actions: assign({ checked: null, error: null }),
        },
        'face.submitted': [
          {
            guard: 'noPhoto',
            description: "No checked photo: 'Please Upload Face Recognition '.",
            actions: assign({ error: say<FaceKey>('required') }),
          },
          { guard: 'holdNeeded', target: 'holding', actions: assign({ error: null }) },
          {
            target: 'done',
            description: 'No hold needed (or the check already failed): the result page.',
            actions: assign({ error: null }),
          },
        ],
      },
    },
    holding: {
      description: 'POST /auth/v1/kyc-info/living-hold. Continue is busy; a second tap is ignored.',
      tags: ['capture', 'locked', 'busy'],
      invoke: {
        id: 'livingHold',
        src: 'livingHold',
        onDone: { target: 'done' },
        onError: {
          target: 'capture',
          description: "The server's msg; Continue tries again, Change photo takes another.",
          actions: assign({ error: ({ event }) => saidOf<FaceKey>(event.error, 'holdFailed') }),
        },
      },
    },
    done: {
      description: 'Finished: /auth/callback?pid=&step=&as= replaces this page (Back does not reopen a finished capture).',
      type: 'final',
      tags: ['capture', 'locked'],
      entry: { type: 'navigate', params: ({ context }) => ({ to: paths.faceResult.href(context.query), replace: true }) },
    },
  },
});

/** What the atlas shows for each event and guard of the chart, in the borrower's and lender's words. */
export const faceSentences = machineSentences<FaceEvent>({
  events: {
    'load.retried': 'The borrower taps Try again',
    'consent.given': 'The borrower taps I agree',
    'photo.checked': "The living check answers on the borrower's photo",
    'photo.changed': 'The borrower picks another photo, or removes it',
    'face.submitted': 'The borrower taps Continue',
  },
  guards: {
    alreadyDone: 'The lender says the face step is already done',
    noPhoto: 'No photo has passed through the living check yet',
    holdNeeded: 'The lender asks for a living-hold after this check',
  },
});

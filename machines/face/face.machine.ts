/**
 * The face step, /auth/face?pid=&step=&as= (spec §2 'Face', §5, §7, §8; contract 'Face').
 *
 *   checking → loading → consent → capture → (holding) → done → /auth/callback?pid=&step=&as=
 *   checking → alreadyDone → /auth/index?pid= (the face step is done: nothing to redo)
 *
 * Tags: 'loading' until there is something to show, 'capture' while the photo slot and Continue are
 * shown (never before consent), 'locked' once nothing more can be sent (living-hold running, or done).
 *
 * - GET /auth/v1/find-user-auth comes first: a done step is not offered again (a new photo that
 *   fails would make a verified borrower's result worse), and the hub replaces the page before
 *   anything else is loaded, so nothing the step would load can stop a finished borrower.
 * - Then GET /auth/v1/living-check-config says whether POST living-hold follows the living check.
 * - Consent: nothing offers the camera or a file until the borrower has read what the photo is for
 *   and tapped 'I agree'. Consent is not stored: it is asked again on a new visit (one tap), so it is
 *   always given for the photo about to be taken.
 * - Capture: the photo goes through the shared image pipeline (machines/upload/upload.machine.ts),
 *   whose upload call IS the living check (POST /auth/v3/living-check, form: image), with progress
 *   and Retry of the same file. The pipeline runs beside this machine (src/flows/auth/FaceRoute.tsx)
 *   and reports here: `photo.checked` (the living check answered, with its status) and
 *   `photo.changed` (another photo was picked, or the slot cleared: nothing checked any more).
 * - Continue (`face.submitted`): without a checked photo, 'Please Upload Face Recognition '; with
 *   one, living-hold when the config asks for it, then the result page. A second tap is ignored
 *   (holding is busy; done is final).
 * - No idempotency key: neither call creates or moves anything. A living check reads one photo and
 *   its answer replaces the last (the borrower retakes until one passes; the pipeline it shares
 *   with the KYC uploads retries the same file). Living-hold has no body and marks the face step
 *   done after the latest passed check: a repeat lands in the same place.
 *
 * Pure: the calls and the navigation are provided at the edge (src/flows/auth/face.effects.ts).
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
      description: "What the photo is for, and 'I agree'. The camera and the file input are not offered yet.",
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

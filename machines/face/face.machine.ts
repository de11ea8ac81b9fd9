/**
 * The face step, /auth/face?pid=&step=&as= (spec §2 'Face', §5, §7, §8; contract 'Face').
 *
 *   loadingConfig → consent → capture → (holding) → done → /auth/callback?pid=&step=&as=
 *
 * - GET /auth/v1/living-check-config says whether POST living-hold follows the living check.
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
 *
 * Pure: the calls and the navigation are provided at the edge (src/flows/auth/FaceRoute.tsx).
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/actors';
import { messageOf } from '../shared/errors';
import { FACE_REQUIRED_MESSAGE, holdNeeded } from './face.rules';

export const FACE_MESSAGES = {
  required: FACE_REQUIRED_MESSAGE,
  configFailed: 'Could not open face recognition. Please try again.',
  holdFailed: 'Could not complete face recognition. Please try again.',
} as const;

export interface FaceContext {
  /** From the config: POST living-hold after a living check. */
  needsHold: boolean;
  /** The living check of the current photo answered (status 1 success, 2 failure, null not sent); null: no checked photo. */
  checked: { status: number | null } | null;
  /** The config failure, 'Please Upload Face Recognition ', or the msg of a failed living-hold. */
  error: string | null;
}

export type FaceEvent =
  | { type: 'config.retried' }
  | { type: 'consent.given' }
  /** From the pipeline: the living check of the photo answered. */
  | { type: 'photo.checked'; status: number | null }
  /** From the pipeline: another photo was picked (its check starts), or the slot was cleared. */
  | { type: 'photo.changed' }
  | { type: 'face.submitted' };

export const faceMachine = setup({
  types: {
    context: {} as FaceContext,
    events: {} as FaceEvent,
  },
  actors: {
    /** GET /auth/v1/living-check-config → { needsHold } */
    loadConfig: fromPromise<{ needsHold: boolean }>(notProvided('loadConfig')),
    /** POST /auth/v1/kyc-info/living-hold */
    livingHold: fromPromise<void>(notProvided('livingHold')),
  },
  actions: {
    /** Navigate to /auth/callback with the same pid/step/as query. */
    goToResult: () => {},
  },
  guards: {
    noPhoto: ({ context }) => context.checked === null,
    holdNeeded: ({ context }) => context.checked !== null && holdNeeded(context.needsHold, context.checked.status),
  },
}).createMachine({
  id: 'face',
  description: 'Face recognition: consent, a photo (front camera or a file) checked by living-check, living-hold when needed, then the result page.',
  context: { needsHold: false, checked: null, error: null },
  initial: 'loadingConfig',
  states: {
    loadingConfig: {
      description: 'GET /auth/v1/living-check-config.',
      tags: ['busy'],
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        onDone: { target: 'consent', actions: assign({ needsHold: ({ event }) => event.output.needsHold, error: null }) },
        onError: {
          target: 'configFailed',
          actions: assign({ error: ({ event }) => messageOf(event.error, FACE_MESSAGES.configFailed) }),
        },
      },
    },
    configFailed: {
      description: 'The config could not be loaded: the reason and a retry.',
      on: { 'config.retried': 'loadingConfig' },
    },
    consent: {
      description: "What the photo is for, and 'I agree'. The camera and the file input are not offered yet.",
      on: { 'consent.given': 'capture' },
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
            actions: assign({ error: FACE_MESSAGES.required }),
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
      tags: ['capture', 'busy', 'submitting'],
      invoke: {
        id: 'livingHold',
        src: 'livingHold',
        onDone: { target: 'done' },
        onError: {
          target: 'capture',
          description: "The server's msg; Continue tries again, Change photo takes another.",
          actions: assign({ error: ({ event }) => messageOf(event.error, FACE_MESSAGES.holdFailed) }),
        },
      },
    },
    done: {
      description: 'Finished: on to /auth/callback?pid=&step=&as= (replacing this page).',
      type: 'final',
      entry: 'goToResult',
    },
  },
});

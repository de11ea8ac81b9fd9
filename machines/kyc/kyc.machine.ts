/**
 * The identity step, KYC: one form (name, Aadhaar, PAN) and, beside it, the variant the kyc config
 * picks: three card images read by OCR, or the Aadhaar verified by OTP. The submit is sent once
 * under one idempotency key. It does not hold the checks (kyc.rules.ts) nor upload images (the image
 * pipeline beside it does, and reports here). Effects are provided at the edge
 * (src/flows/auth/kyc.effects.ts).
 */
import { and, assign, fromPromise, not, or, setup, stateIn } from 'xstate';
import type {
  AadhaarSendOtp,
  KycAuthConfig,
  KycPayload,
  OcrResult,
  SendAadhaarOtpPayload,
  VerifyAadhaarOtpPayload,
} from '../../contract/verification';
import { say, saidOf } from '../../i18n/core';
import type { KycKey } from '../../i18n/en/kyc';
import { notProvided } from '../shared/actors';
import { enforces } from '../shared/rules';
import { intentKey, placeholderKey } from '../shared/idempotency';
import { normalizeAadhaar, normalizePan } from '../shared/identity';
import { navigate } from '../shared/navigation';
import { paths } from '../shared/paths';
import { stepDone, type StepStatus } from '../shared/steps';
import {
  AADHAAR_OTP_DIGITS,
  aadhaarVerified,
  kycLayout,
  kycPayload,
  NAME_MAX,
  prefill,
  RESEND_COOLDOWN_MS,
  restoredDraft,
  sendOtpOutcome,
  submitProblem,
  verifyProblem,
  type KycDraft,
  type KycField,
  type KycSaid,
  type KycVariant,
  type OcrFilled,
  type Slot,
} from './kyc.rules';
import { machineSentences } from '../shared/sentences';
import { otpVariant, persist } from './kyc.otp';

export interface KycInput {
  /** The product being applied for (?pid=): the hub comes back to it. */
  pid: string;
  draft?: KycDraft | null;
  /** The clock (epoch ms); tests pass a simulated one. */
  now?: () => number;
}

export interface KycContext extends KycDraft {
  pid: string;
  variant: KycVariant | null;
  /** The upload `type` of each slot (from the config; 1, 2, 3 by default). */
  photoTypes: Record<Slot, string>;
  ocrFilled: OcrFilled;
  /** The front image to read (held while the OCR runs). */
  ocrImage: { file: Blob; fileName: string } | null;
  /** The OCR could not read the card: the view asks the borrower to type the details. */
  ocrUnreadable: boolean;
  /** The first problem found by Submit (or Verify), shown at its field (by key, or the server's text). */
  fieldError: { field: KycField; message: KycSaid } | null;
  /** The load failed: why. */
  loadError: KycSaid | null;
  /** The OTP typed in the dialog (never stored). */
  otp: string;
  /** The dialog's error line (a wrong OTP, a refused resend). */
  otpError: KycSaid | null;
  now: () => number;
}

/** The image the OCR reads, with the upload type of its slot. */
export interface OcrRequest {
  type: string;
  file: Blob;
  fileName: string;
}

export type KycEvent =
  | { type: 'load.retried' }
  /** I agree, on the consent before the Aadhaar and PAN images (upload variant). */
  | { type: 'consent.given' }
  | { type: 'name.changed'; value: string }
  | { type: 'aadhaar.changed'; value: string }
  | { type: 'pan.changed'; value: string }
  /** From the image slot of `slot` (the pipeline finished); `file` is null when it was restored. */
  | { type: 'image.uploaded'; slot: Slot; fileName: string; file: Blob | null }
  /** The slot no longer holds an uploaded image (a new pick started, or it was removed). */
  | { type: 'image.cleared'; slot: Slot }
  | { type: 'kyc.submitted' }
  /** Verify (no-upload variant). */
  | { type: 'otp.requested' }
  | { type: 'otp.changed'; value: string }
  | { type: 'otp.submitted' }
  | { type: 'otp.resent' }
  | { type: 'otp.dismissed' };

/** The output of the actor-done event a guard of `onDone` sees. */
const outputOf = <T>(event: unknown): T => (event as { output: T }).output;

const kyc = setup({
  types: {
    context: {} as KycContext,
    events: {} as KycEvent,
    input: {} as KycInput,
  },
  actors: {
    /** GET /auth/v1/find-user-auth: is the identity step done already? */
    loadStatus: fromPromise<StepStatus>(notProvided('loadStatus')),
    /** GET /auth/kyc-auth-config?type=1: which variant, and the upload types. */
    loadConfig: fromPromise<KycAuthConfig>(notProvided('loadConfig')),
    /** POST /auth/v1/ocr-separate (type, image, notNeed '1'). */
    ocr: fromPromise<OcrResult, OcrRequest>(notProvided('ocr')),
    /** POST /auth/v2/aadhaar/send-otp {aadhaar}. */
    sendAadhaarOtp: fromPromise<AadhaarSendOtp, SendAadhaarOtpPayload>(notProvided('sendAadhaarOtp')),
    /** POST /auth/aadhaar/verify {aadhaar, otp}. */
    verifyAadhaarOtp: fromPromise<void, VerifyAadhaarOtpPayload>(notProvided('verifyAadhaarOtp')),
    /** POST /auth/v1/kyc-info/aadhaar-pan, with the key of the borrower's intent. */
    submitKyc: fromPromise<void, { payload: KycPayload; idempotencyKey: string }>(notProvided('submitKyc')),
  },
  actions: {
    navigate,
    newIdempotencyKey: assign({ idempotencyKey: placeholderKey }),
    /** The borrower changed what Submit would send: a new intent, so the next Submit gets a new key. */
    dropIdempotencyKey: assign({ idempotencyKey: null }),
    /** A message with no field of its own (still reading the card, the server's msg on a failed submit). */
    showToast: (_, _params: { message: KycSaid }) => {},
    persistDraft: (_, _params: KycDraft) => {},
    /** The consent to send the card images, recorded on the device and with the lender (not awaited). */
    recordConsent: () => {},
    clearDraft: () => {},
    /** Submit's first problem, shown at its field. */
    flagSubmitProblem: assign({ fieldError: ({ context }) => submitProblem(context) }),
    /** An OTP went out for this number: Resend waits 60 s (a deadline, so a reload resumes it). */
    noteOtpSent: assign(({ context }) => ({ otpFor: context.idNo, otpDeadline: context.now() + RESEND_COOLDOWN_MS, otpError: null })),
    /** Why an OTP was not sent, under the number (Verify) or in the dialog (Resend). */
    refuseAtField: assign({ fieldError: (_, { message }: { message: KycSaid }) => ({ field: 'idNo' as const, message }) }),
    refuseInDialog: assign({ otpError: (_, { message }: { message: KycSaid }) => message }),
  },
  guards: {
    /** find-user-auth says the identity step is done. */
    alreadyDone: (_, params: { status: StepStatus }) => stepDone(params.status, 'identity'),
    uploadVariant: ({ context }) => context.variant === 'upload',
    hasSubmitProblem: ({ context }) => submitProblem(context) !== null,
    /** A submit failed and nothing was edited since: the retry is the same intent. */
    intentPending: ({ context }) => context.idempotencyKey !== null,
    hasVerifyProblem: ({ context }) => verifyProblem(context.idNo) !== null,
    /** The number is the one verified by OTP: read-only (and masked) in either variant. */
    numberVerified: ({ context }) => aadhaarVerified(context),
    /** Typed in the upload variant; in the OTP variant only before an OTP is under way or it is verified. Never once verified. */
    aadhaarEditable: and([not('numberVerified'), or(['uploadVariant', stateIn('#kyc.ready.variant.otp.unverified')])]),
    /** The slots are read-only while the form is sent (the view disables them), so nothing reports then. */
    formEditable: stateIn('#kyc.ready.form.editing'),
    otpNotVerifying: not(stateIn('#kyc.ready.variant.otp.dialog.code.verifying')),
    readingFront: stateIn('#kyc.ready.variant.upload.reading'),
    readsFront: ({ event }) => event.type === 'image.uploaded' && event.slot === 'front' && event.file !== null,
    clearsFront: ({ event }) => event.type === 'image.cleared' && event.slot === 'front',
    otpStillPending: ({ context }) => context.otpFor === context.idNo && context.otpDeadline !== null && context.otpDeadline > context.now(),
    otpSent: ({ event }) => sendOtpOutcome(outputOf<AadhaarSendOtp>(event)) === 'sent',
    alreadyVerified: ({ event }) => sendOtpOutcome(outputOf<AadhaarSendOtp>(event)) === 'verified',
    otpIncomplete: ({ context }) => context.otp.length !== AADHAAR_OTP_DIGITS,
  },
  delays: {
    /**
     * What is left of the 60 s after the OTP was sent (a deadline, so a reload resumes it).
     * @duration what is left of 60 s
     */
    resendCooldown: ({ context }) => Math.max(0, (context.otpDeadline ?? 0) - context.now()),
  },
});

/** The setup the OTP variant's part of the chart is built with (kyc.otp.ts). */
export type KycSetup = typeof kyc;

export const kycMachine = kyc.createMachine({
  id: 'kyc',
  description: 'Identity verification: Aadhaar and PAN, by uploading the cards or by an Aadhaar OTP.',
  context: ({ input }) => ({
    ...restoredDraft(input.draft),
    pid: input.pid,
    variant: null,
    photoTypes: { front: '1', back: '2', pan: '3' },
    ocrFilled: { realName: null, idNo: null, panNo: null },
    ocrImage: null,
    ocrUnreadable: false,
    fieldError: null,
    loadError: null,
    otp: '',
    otpError: null,
    now: input.now ?? Date.now,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'GET /auth/v1/find-user-auth, before anything else: is the identity step done already?',
      tags: ['loading'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'alreadyDone', params: ({ event }) => ({ status: event.output }) },
            target: 'done',
            description: 'KYC is already done (kycAadhaarAndPan ≠ 0): on to the hub; the kyc config is never asked for.',
          },
          { target: 'loading', description: 'Not done yet: the kyc config comes next.' },
        ],
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => saidOf<KycKey>(event.error, 'loadFailed') }) },
      },
    },
    loading: {
      description: 'GET /auth/kyc-auth-config?type=1: which variant.',
      tags: ['loading'],
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        onDone: {
          target: 'consent',
          description: 'The variant (no photoType on the first entry: no uploads) and the photoTypes as upload types.',
          actions: assign(({ event }) => ({ ...kycLayout(event.output), loadError: null })),
        },
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => saidOf<KycKey>(event.error, 'loadFailed') }) },
      },
    },
    consent: {
      description:
        'Upload variant: what the Aadhaar and PAN images are for, and I agree, before any image slot or field exists (asked on each visit, as the face step does). The OTP variant takes no image and goes straight on.',
      tags: ['consent'],
      meta: enforces('consent-before-collection'),
      always: { guard: not('uploadVariant'), target: 'ready', description: 'No uploads: no image to consent to.' },
      on: { 'consent.given': { target: 'ready', description: 'I agree: recorded, then the form and its image slots.', actions: 'recordConsent' } },
    },
    loadFailed: {
      description: 'The status or the config could not be loaded: the message and Try again, which starts again from the status.',
      tags: ['loadFailed'],
      on: { 'load.retried': 'checking' },
    },
    ready: {
      description: 'The form of either variant, beside what only that variant has.',
      type: 'parallel',
      states: {
        form: {
          description: 'The form both variants share: the fields, checked and sent by Submit.',
          initial: 'editing',
          states: {
            editing: {
              description: 'The borrower edits the fields and submits. Every edit drops the key of an unanswered submit.',
              tags: ['editing'],
              on: {
                'name.changed': {
                  guard: 'uploadVariant',
                  description: 'The name as on the card (upload variant), at most 100 characters.',
                  actions: [assign({ realName: ({ event }) => event.value.slice(0, NAME_MAX), fieldError: null }), 'dropIdempotencyKey', persist],
                },
                'aadhaar.changed': {
                  guard: 'aadhaarEditable',
                  description: 'Digits only, at most 12. In the OTP variant only while no OTP is under way and it is not verified.',
                  actions: [assign({ idNo: ({ event }) => normalizeAadhaar(event.value), fieldError: null }), 'dropIdempotencyKey', persist],
                },
                'pan.changed': {
                  description: 'Letters upper-cased, at most 10.',
                  actions: [assign({ panNo: ({ event }) => normalizePan(event.value), fieldError: null }), 'dropIdempotencyKey', persist],
                },
                'kyc.submitted': [
                  {
                    guard: 'readingFront',
                    description: 'The front is still being read (its name and number may be about to arrive): wait for it.',
                    actions: { type: 'showToast', params: { message: say<KycKey>('stillReading') } },
                  },
                  {
                    guard: 'hasSubmitProblem',
                    description:
                      "The first problem, in form order: 'Please Upload Aadhaar front', the name, the Aadhaar number (empty: 'Please Input IDcard No.', else its check), 'Please Upload Aadhaar Back ', 'Please Upload PAN ' (upload variant) or not verified yet (OTP variant), the PAN ('Please Input Pan Id. ', else its format).",
                    actions: 'flagSubmitProblem',
                  },
                  {
                    guard: 'intentPending',
                    target: 'submitting',
                    description: 'The unanswered intent again (after a failure or a reload mid-request, nothing edited): the same key.',
                    actions: assign({ fieldError: null }),
                  },
                  {
                    target: 'submitting',
                    description: 'A new intent: a new key, kept in the draft (a reload mid-request sends it again).',
                    actions: [assign({ fieldError: null }), 'newIdempotencyKey', persist],
                  },
                ],
              },
            },
            submitting: {
              description: 'POST /auth/v1/kyc-info/aadhaar-pan ({realName, idNo, panNo}; {idNo, panNo} without uploads) with the key. Read-only; Submit is busy.',
              tags: ['submitting', 'aadhaarReadOnly'],
              invoke: {
                id: 'submitKyc',
                src: 'submitKyc',
                input: ({ context }) => ({ payload: kycPayload(context), idempotencyKey: intentKey(context, 'kyc') }),
                onDone: { target: '#kyc.done', description: 'Answered: the key goes with the draft.', actions: 'dropIdempotencyKey' },
                onError: {
                  target: 'editing',
                  description: "The server's msg in a toast; everything typed stays, and so does the key.",
                  actions: { type: 'showToast', params: ({ event }) => ({ message: saidOf<KycKey>(event.error, 'submitFailed') }) },
                },
              },
            },
          },
        },
        variant: {
          description: "What only the config's variant has: the image slots read by OCR, or the Aadhaar OTP.",
          initial: 'choosing',
          states: {
            choosing: {
              description: 'The variant the config gave.',
              always: [{ guard: 'uploadVariant', target: 'upload' }, { target: 'otp' }],
            },
            upload: {
              description: 'Upload variant: what the image slots report; the Aadhaar front is read by OCR.',
              tags: ['upload'],
              initial: 'idle',
              on: {
                'image.uploaded': [
                  {
                    guard: and(['readsFront', 'formEditable']),
                    target: '.reading',
                    reenter: true,
                    description: 'A new Aadhaar front: read it (a reading in flight is replaced).',
                    actions: [
                      assign(({ context, event }) => ({
                        images: { ...context.images, [event.slot]: event.fileName },
                        ocrImage: event.file ? { file: event.file, fileName: event.fileName } : null,
                        fieldError: context.fieldError?.field === event.slot ? null : context.fieldError,
                      })),
                      'dropIdempotencyKey',
                      persist,
                    ],
                  },
                  {
                    guard: 'formEditable',
                    description: 'The back or the PAN card is uploaded.',
                    actions: [
                      assign(({ context, event }) => ({
                        images: { ...context.images, [event.slot]: event.fileName },
                        fieldError: context.fieldError?.field === event.slot ? null : context.fieldError,
                      })),
                      'dropIdempotencyKey',
                      persist,
                    ],
                  },
                ],
                'image.cleared': [
                  {
                    guard: and(['clearsFront', 'formEditable']),
                    target: '.idle',
                    description: 'The front is being replaced: a reading in flight is dropped.',
                    actions: [
                      assign(({ context }) => ({ images: { ...context.images, front: null }, ocrImage: null, ocrUnreadable: false })),
                      'dropIdempotencyKey',
                      persist,
                    ],
                  },
                  {
                    guard: 'formEditable',
                    actions: [assign(({ context, event }) => ({ images: { ...context.images, [event.slot]: null } })), 'dropIdempotencyKey', persist],
                  },
                ],
              },
              states: {
                idle: { description: 'No OCR running.' },
                reading: {
                  description: 'POST /auth/v1/ocr-separate on the front: name and number, prefilled where the borrower has not typed.',
                  tags: ['reading'],
                  invoke: {
                    id: 'ocr',
                    src: 'ocr',
                    input: ({ context }) => ({ type: context.photoTypes.front, file: context.ocrImage!.file, fileName: context.ocrImage!.fileName }),
                    onDone: {
                      target: 'idle',
                      description: 'Fills the name and number that are empty or still hold the last OCR values.',
                      actions: [assign(({ context, event }) => ({ ...prefill(context, event.output), ocrImage: null })), persist],
                    },
                    onError: {
                      target: 'idle',
                      description: 'Not read: the borrower types the details (a note says so).',
                      actions: assign({ ocrImage: null, ocrUnreadable: true }),
                    },
                  },
                },
              },
            },
            otp: otpVariant(kyc),
          },
        },
      },
    },
    done: {
      description: 'KYC is done (submitted now, or before: find-user-auth says so): the draft is removed and the hub replaces this page.',
      type: 'final',
      entry: ['clearDraft', { type: 'navigate', params: ({ context }) => ({ to: paths.authHub.href(context.pid), replace: true }) }],
    },
  },
});

/** What the atlas shows for each event and guard of the chart, in the borrower's and lender's words. */
export const kycSentences = machineSentences<KycEvent>({
  events: {
    'load.retried': 'The borrower taps Try again',
    'consent.given': 'The borrower taps I agree before the card images',
    'name.changed': 'The borrower types the name',
    'aadhaar.changed': 'The borrower types the Aadhaar number',
    'pan.changed': 'The borrower types the PAN',
    'image.uploaded': 'A card image finishes uploading',
    'image.cleared': 'A card image is removed, or another is being picked',
    'kyc.submitted': 'The borrower taps Submit',
    'otp.requested': 'The borrower taps Verify',
    'otp.changed': 'The borrower types the OTP',
    'otp.submitted': 'The borrower submits the OTP',
    'otp.resent': 'The borrower taps Resend',
    'otp.dismissed': 'The borrower closes the OTP dialog',
  },
  guards: {
    alreadyDone: 'The lender says the identity step is already done',
    uploadVariant: 'The lender asks for card images (not an OTP)',
    hasSubmitProblem: 'Something on the form is missing or wrong',
    intentPending: 'A submit failed and nothing was changed since: the same submission is sent again',
    hasVerifyProblem: 'The Aadhaar number is missing or not valid',
    numberVerified: 'The Aadhaar number is the one verified by OTP',
    aadhaarEditable: 'The Aadhaar number may still be typed',
    formEditable: 'The form is not being sent',
    otpNotVerifying: 'The OTP is not being checked',
    readingFront: "The Aadhaar card's front is being read",
    readsFront: "The Aadhaar card's front is uploaded here and can be read",
    clearsFront: "The Aadhaar card's front is removed",
    otpStillPending: 'An OTP was sent for this number and can still be used',
    otpSent: 'The lender sent an OTP',
    alreadyVerified: 'The lender says this number is already verified',
    otpIncomplete: 'The OTP does not have all its digits',
  },
});

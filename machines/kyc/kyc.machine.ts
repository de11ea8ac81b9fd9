/**
 * The identity step, KYC (spec §2 'KYC (/auth/kyc)', §4, §5 'KYC upload' and 'No-upload KYC', §8):
 * the kyc config picks one of two variants.
 *
 * - Upload variant: three images (Aadhaar front, Aadhaar back, PAN card), each through the image
 *   pipeline (machines/upload, one actor per slot, owned by the view edge, which reports here with
 *   `image.uploaded` / `image.cleared`), plus the name, the Aadhaar number and the PAN. When the
 *   front is uploaded the OCR reads it and fills the name and number where the borrower has not
 *   typed something else (a field is filled when it is empty or still holds what OCR put there).
 * - No-upload variant: the Aadhaar number with Verify (send an OTP, enter it in a dialog with a 60 s
 *   resend countdown); once verified the number is read-only, shown masked, and the link reads
 *   Verified. Plus the PAN.
 *
 * Before anything is sent the numbers are checked (Aadhaar: 12 digits, not starting with 0 or 1,
 * Verhoeff check digit; PAN: AAAPA1234A). Submit checks in the order of the form and names the first
 * problem (the spec's messages where it has one). Submitting and verifying are states, so a double
 * tap cannot send twice.
 *
 * Already done (find-user-auth says kycAadhaarAndPan ≠ 0): straight on to the hub. The face result
 * page links here on success, so this keeps the journey moving whatever the step order.
 *
 * The draft (fields, uploaded file names, the verified number, the OTP resend deadline) is restored
 * through `input` and written on every change by `persistDraft`; `clearDraft` after a success.
 * Pure: effects are provided at the edge (src/flows/auth/KycRoute.tsx).
 */
import { and, assign, fromPromise, not, setup, stateIn } from 'xstate';
import { notProvided } from '../shared/actors';
import { messageOf } from '../shared/errors';
import { aadhaarProblem, normalizeAadhaar, normalizePan, panProblem } from '../shared/identity';
import { digitsOnly } from '../shared/phone';

/** Spec §9: the Aadhaar OTP resend countdown (the same 60 s as login). */
export const RESEND_COOLDOWN_MS = 60_000;
/** Spec §9: the Aadhaar OTP is digits only, at most 6 (UIDAI's OTPs are 6 digits: Verify needs all 6). */
export const AADHAAR_OTP_DIGITS = 6;
/** A name as printed on the card; a generous limit that still stops a paste of a whole page. */
export const NAME_MAX = 100;

export type Slot = 'front' | 'back' | 'pan';
export const SLOTS: readonly Slot[] = ['front', 'back', 'pan'];
export type KycField = Slot | 'realName' | 'idNo' | 'panNo';
export type KycVariant = 'upload' | 'otp';

export const KYC_MESSAGES = {
  /** Spec §5, verbatim (trailing spaces included). */
  frontMissing: 'Please Upload Aadhaar front',
  backMissing: 'Please Upload Aadhaar Back ',
  panImageMissing: 'Please Upload PAN ',
  idNoMissing: 'Please Input IDcard No.',
  panNoMissing: 'Please Input Pan Id. ',
  /** Ours (the spec is silent). */
  nameMissing: 'Please enter your name as on the Aadhaar card.',
  notVerified: 'Please verify your Aadhaar number first.',
  otpIncomplete: 'Please enter the 6-digit OTP.',
  sendFailed: 'Could not send the OTP. Please try again.',
  verifyFailed: 'Could not verify the OTP. Please try again.',
  submitFailed: 'Could not submit. Please try again.',
  loadFailed: 'Could not load this step. Please try again.',
  stillReading: 'Still reading your Aadhaar card. Please wait a moment.',
} as const;

/** What survives a reload and an expired session (the edge keeps it as draft 'auth.kyc'). */
export interface KycDraft {
  realName: string;
  idNo: string;
  panNo: string;
  /** The file names uploaded per slot (the server keeps the images), or null. */
  images: Record<Slot, string | null>;
  /** The Aadhaar number verified by OTP (no-upload variant), or null. */
  verifiedAadhaar: string | null;
  /** When an OTP was sent: for which number, and when Resend becomes available (epoch ms). */
  otpFor: string | null;
  otpDeadline: number | null;
}

export const emptyKycDraft = (): KycDraft => ({
  realName: '',
  idNo: '',
  panNo: '',
  images: { front: null, back: null, pan: null },
  verifiedAadhaar: null,
  otpFor: null,
  otpDeadline: null,
});

export interface KycInput {
  draft?: KycDraft | null;
  /** The clock (epoch ms); tests pass a simulated one. */
  now?: () => number;
}

export interface OcrFilled {
  realName: string | null;
  idNo: string | null;
  panNo: string | null;
}

export interface KycContext extends KycDraft {
  variant: KycVariant | null;
  /** The upload `type` of each slot (from the config; 1, 2, 3 by default). */
  photoTypes: Record<Slot, string>;
  /** What the last OCR put into the fields (so a later OCR replaces it but never the borrower's typing). */
  ocrFilled: OcrFilled;
  /** The front image to read (held while the OCR runs). */
  ocrImage: { file: Blob; fileName: string } | null;
  /** The OCR could not read the card: the view asks the borrower to type the details. */
  ocrUnreadable: boolean;
  /** The first problem found by Submit (or Verify), shown at its field. */
  fieldError: { field: KycField; message: string } | null;
  /** The load failed: why. */
  loadError: string | null;
  /** The OTP typed in the dialog (never stored). */
  otp: string;
  /** The dialog's error line (a wrong OTP, a refused resend). */
  otpError: string | null;
  now: () => number;
}

/** The parts of GET /auth/kyc-auth-config and GET /auth/v1/find-user-auth this step reads. */
export interface KycConfigLike {
  KycPageInfoVo: readonly { photoType?: string | number | null }[];
}
export interface KycLoaded {
  config: KycConfigLike;
  status: { kycAadhaarAndPan: number };
}
export interface OcrRequest {
  type: string;
  file: Blob;
  fileName: string;
}
export interface OcrResultLike {
  name: string;
  idNo: string;
  panNo: string;
}
export interface SendOtpResult {
  state: number;
  verifier?: { success?: unknown; message?: string } | null;
}
export interface SubmitRequest {
  realName?: string;
  idNo: string;
  panNo: string;
}

export type KycEvent =
  | { type: 'load.retried' }
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

const present = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/**
 * The variant and the upload types (contract): the first entry without a photoType (absent, null,
 * '') means the no-upload variant; else the entries' photoTypes in order front, back, PAN, with
 * 1, 2, 3 for missing ones.
 */
export function kycLayout(config: KycConfigLike): { variant: KycVariant; photoTypes: Record<Slot, string> } {
  const entries = config.KycPageInfoVo;
  const first = entries[0];
  const defaults: Record<Slot, string> = { front: '1', back: '2', pan: '3' };
  if (!first || present(first.photoType) === '') return { variant: 'otp', photoTypes: defaults };
  const typeAt = (i: number, fallback: string) => present(entries[i]?.photoType) || fallback;
  return { variant: 'upload', photoTypes: { front: typeAt(0, '1'), back: typeAt(1, '2'), pan: typeAt(2, '3') } };
}

/** The first problem Submit finds, in the order of the form, or null when it can be sent. */
export function submitProblem(c: Pick<KycContext, 'variant' | 'images' | 'realName' | 'idNo' | 'panNo' | 'verifiedAadhaar'>): { field: KycField; message: string } | null {
  if (c.variant === 'upload') {
    if (!c.images.front) return { field: 'front', message: KYC_MESSAGES.frontMissing };
    if (!c.realName.trim()) return { field: 'realName', message: KYC_MESSAGES.nameMissing };
    if (!c.idNo) return { field: 'idNo', message: KYC_MESSAGES.idNoMissing };
    const a = aadhaarProblem(c.idNo);
    if (a) return { field: 'idNo', message: a };
    if (!c.images.back) return { field: 'back', message: KYC_MESSAGES.backMissing };
    if (!c.images.pan) return { field: 'pan', message: KYC_MESSAGES.panImageMissing };
  } else {
    if (!c.idNo) return { field: 'idNo', message: KYC_MESSAGES.idNoMissing };
    const a = aadhaarProblem(c.idNo);
    if (a) return { field: 'idNo', message: a };
    if (c.verifiedAadhaar !== c.idNo) return { field: 'idNo', message: KYC_MESSAGES.notVerified };
  }
  if (!c.panNo) return { field: 'panNo', message: KYC_MESSAGES.panNoMissing };
  const p = panProblem(c.panNo);
  if (p) return { field: 'panNo', message: p };
  return null;
}

/** Why Verify cannot send an OTP for this number, or null. */
export function verifyProblem(idNo: string): string | null {
  if (!idNo) return KYC_MESSAGES.idNoMissing;
  return aadhaarProblem(idNo);
}

/** The send-otp answer (contract): 'sent' (state 0), 'verified' (state 1), else refused with the verifier's message. */
export function sendOtpOutcome(r: SendOtpResult): 'sent' | 'verified' | 'refused' {
  if (r.verifier?.success === false) return 'refused';
  if (r.state === 0) return 'sent';
  if (r.state === 1) return 'verified';
  return 'refused';
}

const draftOf = (c: KycContext): KycDraft => ({
  realName: c.realName,
  idNo: c.idNo,
  panNo: c.panNo,
  images: { ...c.images },
  verifiedAadhaar: c.verifiedAadhaar,
  otpFor: c.otpFor,
  otpDeadline: c.otpDeadline,
});

const persist = { type: 'persistDraft', params: ({ context }: { context: KycContext }) => draftOf(context) } as const;
/** Submit's first problem as a toast (it is also shown at its field: flagSubmitProblem). */
const submitProblemToast = { type: 'showToast', params: ({ context }: { context: KycContext }) => ({ message: submitProblem(context)?.message ?? '' }) } as const;

/** OCR values go where the field is empty or still holds what OCR put there before. */
function prefill(c: KycContext, r: OcrResultLike): Partial<KycContext> {
  const name = r.name.trim().slice(0, NAME_MAX);
  const id = normalizeAadhaar(r.idNo);
  const out: Partial<KycContext> = { ocrFilled: { ...c.ocrFilled }, ocrImage: null, ocrUnreadable: !name && !id };
  if (name && (c.realName === '' || c.realName === c.ocrFilled.realName)) {
    out.realName = name;
    out.ocrFilled!.realName = name;
  }
  if (id && (c.idNo === '' || c.idNo === c.ocrFilled.idNo)) {
    out.idNo = id;
    out.ocrFilled!.idNo = id;
  }
  // A backend whose OCR also reads a PAN off the front (the response carries panNo) fills it the same way.
  const pan = normalizePan(r.panNo);
  if (pan && (c.panNo === '' || c.panNo === c.ocrFilled.panNo)) {
    out.panNo = pan;
    out.ocrFilled!.panNo = pan;
  }
  return out;
}

/** The output of the actor-done event a guard of `onDone` sees. */
const outputOf = <T>(event: unknown): T => (event as { output: T }).output;

const failure = (fallback: string) => ({ params: ({ event }: { event: { error: unknown } }) => ({ message: messageOf(event.error, fallback) }) });

export const kycMachine = setup({
  types: {
    context: {} as KycContext,
    events: {} as KycEvent,
    input: {} as KycInput,
  },
  actors: {
    /** GET /auth/kyc-auth-config?type=1 and GET /auth/v1/find-user-auth, together. */
    loadKyc: fromPromise<KycLoaded, void>(notProvided('loadKyc')),
    /** POST /auth/v1/ocr-separate (type, image, notNeed '1'). */
    ocr: fromPromise<OcrResultLike, OcrRequest>(notProvided('ocr')),
    /** POST /auth/v2/aadhaar/send-otp {aadhaar}. */
    sendAadhaarOtp: fromPromise<SendOtpResult, { aadhaar: string }>(notProvided('sendAadhaarOtp')),
    /** POST /auth/aadhaar/verify {aadhaar, otp}. */
    verifyAadhaarOtp: fromPromise<void, { aadhaar: string; otp: string }>(notProvided('verifyAadhaarOtp')),
    /** POST /auth/v1/kyc-info/aadhaar-pan. */
    submitKyc: fromPromise<void, SubmitRequest>(notProvided('submitKyc')),
  },
  actions: {
    showToast: (_, _params: { message: string }) => {},
    persistDraft: (_, _params: KycDraft) => {},
    clearDraft: () => {},
    /** On to the hub, /auth/index?pid= (replacing this page). */
    goToHub: () => {},
    /** Submit's first problem, shown at its field. */
    flagSubmitProblem: assign({ fieldError: ({ context }) => submitProblem(context) }),
  },
  guards: {
    alreadyDone: ({ event }) => Number(outputOf<KycLoaded | undefined>(event)?.status.kycAadhaarAndPan ?? 0) !== 0,
    noUploadVariant: ({ event }) => kycLayout(outputOf<KycLoaded>(event).config).variant === 'otp',
    hasSubmitProblem: ({ context }) => submitProblem(context) !== null,
    hasVerifyProblem: ({ context }) => verifyProblem(context.idNo) !== null,
    /** The slots are read-only while the form is sent (the view disables them), so nothing reports then. */
    formEditable: stateIn('#kyc.upload.form.editing'),
    otpNotVerifying: not(stateIn('#kyc.otp.aadhaar.dialog.entry.verifying')),
    readingFront: stateIn('#kyc.upload.images.reading'),
    readsFront: ({ event }) => event.type === 'image.uploaded' && event.slot === 'front' && event.file !== null,
    clearsFront: ({ event }) => event.type === 'image.cleared' && event.slot === 'front',
    restoredVerified: ({ context }) => context.verifiedAadhaar !== null && context.verifiedAadhaar === context.idNo,
    otpStillPending: ({ context }) => context.otpFor === context.idNo && context.otpDeadline !== null && context.otpDeadline > context.now(),
    otpSent: ({ event }) => sendOtpOutcome(outputOf<SendOtpResult>(event)) === 'sent',
    alreadyVerified: ({ event }) => sendOtpOutcome(outputOf<SendOtpResult>(event)) === 'verified',
    otpIncomplete: ({ context }) => context.otp.length !== AADHAAR_OTP_DIGITS,
  },
  delays: {
    /** What is left of the 60 s after the OTP was sent (a deadline, so a reload resumes it). */
    resendCooldown: ({ context }) => Math.max(0, (context.otpDeadline ?? 0) - context.now()),
  },
}).createMachine({
  id: 'kyc',
  description: 'Identity verification: Aadhaar and PAN, by uploading the cards or by an Aadhaar OTP.',
  context: ({ input }) => {
    const d = input.draft ?? emptyKycDraft();
    return {
      ...emptyKycDraft(),
      ...d,
      realName: d.realName.slice(0, NAME_MAX),
      idNo: normalizeAadhaar(d.idNo),
      panNo: normalizePan(d.panNo),
      images: { ...emptyKycDraft().images, ...d.images },
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
    };
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the kyc config (which variant) and the verification status (already done?).',
      tags: ['loading'],
      invoke: {
        id: 'loadKyc',
        src: 'loadKyc',
        onDone: [
          { guard: 'alreadyDone', target: 'leaving', description: 'KYC is already done (kycAadhaarAndPan ≠ 0): on to the hub.' },
          {
            guard: 'noUploadVariant',
            target: 'otp',
            description: 'The first config entry has no photoType: the no-upload (Aadhaar OTP) variant.',
            actions: assign({ variant: 'otp', loadError: null }),
          },
          {
            target: 'upload',
            description: 'The upload variant, with the config photoTypes as upload types.',
            actions: assign(({ event }) => ({ variant: 'upload' as const, photoTypes: kycLayout(event.output.config).photoTypes, loadError: null })),
          },
        ],
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => messageOf(event.error, KYC_MESSAGES.loadFailed) }) },
      },
    },
    loadFailed: {
      description: 'The load failed: the message and Try again.',
      tags: ['loadFailed'],
      on: { 'load.retried': 'loading' },
    },
    leaving: {
      description: 'Already verified: the draft (Aadhaar and PAN numbers) is removed; replaced by the hub, which sends the borrower to the next step.',
      type: 'final',
      entry: ['clearDraft', 'goToHub'],
    },
    upload: {
      description: 'Upload variant: Aadhaar front (with name and number), Aadhaar back, PAN card (with the PAN).',
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              description: 'The borrower uploads the images and edits the fields.',
              tags: ['editing'],
              on: {
                'name.changed': {
                  actions: [assign({ realName: ({ event }) => event.value.slice(0, NAME_MAX), fieldError: null }), persist],
                },
                'aadhaar.changed': {
                  description: 'Digits only, at most 12.',
                  actions: [assign({ idNo: ({ event }) => normalizeAadhaar(event.value), fieldError: null }), persist],
                },
                'pan.changed': {
                  description: 'Letters upper-cased, at most 10.',
                  actions: [assign({ panNo: ({ event }) => normalizePan(event.value), fieldError: null }), persist],
                },
                'kyc.submitted': [
                  {
                    guard: 'readingFront',
                    description: 'The front is still being read (its name and number may be about to arrive): wait for it.',
                    actions: { type: 'showToast', params: { message: KYC_MESSAGES.stillReading } },
                  },
                  {
                    guard: 'hasSubmitProblem',
                    description:
                      "The first problem, in form order: 'Please Upload Aadhaar front', the name, the Aadhaar number (empty: 'Please Input IDcard No.', else its check), 'Please Upload Aadhaar Back ', 'Please Upload PAN ', the PAN ('Please Input Pan Id. ', else its format).",
                    actions: ['flagSubmitProblem', submitProblemToast],
                  },
                  { target: 'submitting', actions: assign({ fieldError: null }) },
                ],
              },
            },
            submitting: {
              description: 'POST /auth/v1/kyc-info/aadhaar-pan {realName, idNo, panNo}. Read-only; Submit is busy.',
              tags: ['submitting'],
              invoke: {
                id: 'submitKyc',
                src: 'submitKyc',
                input: ({ context }) => ({ realName: context.realName.trim(), idNo: context.idNo, panNo: context.panNo }),
                onDone: '#kyc.done',
                onError: {
                  target: 'editing',
                  description: "The server's msg in a toast; everything typed stays.",
                  actions: { type: 'showToast', ...failure(KYC_MESSAGES.submitFailed) },
                },
              },
            },
          },
        },
        images: {
          description: 'What the image slots report; the Aadhaar front is read by OCR.',
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
                  persist,
                ],
              },
            ],
            'image.cleared': [
              {
                guard: and(['clearsFront', 'formEditable']),
                target: '.idle',
                description: 'The front is being replaced: a reading in flight is dropped.',
                actions: [assign(({ context }) => ({ images: { ...context.images, front: null }, ocrImage: null, ocrUnreadable: false })), persist],
              },
              { guard: 'formEditable', actions: [assign(({ context, event }) => ({ images: { ...context.images, [event.slot]: null } })), persist] },
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
                  actions: [assign(({ context, event }) => prefill(context, event.output)), persist],
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
      },
    },
    otp: {
      description: 'No-upload variant: the Aadhaar number verified by OTP, and the PAN.',
      type: 'parallel',
      states: {
        aadhaar: {
          initial: 'starting',
          states: {
            starting: {
              description: 'A number verified before this reload stays verified.',
              always: [{ guard: 'restoredVerified', target: 'verified' }, { target: 'unverified' }],
            },
            unverified: {
              description: 'The Aadhaar number (at most 12 digits) can be edited; Verify sends an OTP.',
              tags: ['unverified'],
              on: {
                'aadhaar.changed': {
                  description: 'Digits only, at most 12.',
                  actions: [assign({ idNo: ({ event }) => normalizeAadhaar(event.value), fieldError: null }), persist],
                },
                'otp.requested': [
                  {
                    guard: 'hasVerifyProblem',
                    description: "Empty: 'Please Input IDcard No.'; else the Aadhaar check (length, first digit, Verhoeff).",
                    actions: assign({ fieldError: ({ context }) => ({ field: 'idNo' as const, message: verifyProblem(context.idNo)! }) }),
                  },
                  {
                    guard: 'otpStillPending',
                    target: 'dialog',
                    description: 'An OTP for this number was sent less than 60 s ago: reopen the dialog without sending another.',
                    actions: assign({ fieldError: null, otp: '', otpError: null }),
                  },
                  { target: 'sending', actions: assign({ fieldError: null }) },
                ],
              },
            },
            sending: {
              description: 'POST /auth/v2/aadhaar/send-otp. Verify is busy; a second tap is ignored.',
              tags: ['sending'],
              invoke: {
                id: 'sendAadhaarOtp',
                src: 'sendAadhaarOtp',
                input: ({ context }) => ({ aadhaar: context.idNo }),
                onDone: [
                  {
                    guard: 'otpSent',
                    target: 'dialog',
                    description: 'state 0: the OTP dialog opens; the 60 s resend countdown starts.',
                    actions: [
                      assign(({ context }) => ({ otpFor: context.idNo, otpDeadline: context.now() + RESEND_COOLDOWN_MS, otp: '', otpError: null })),
                      persist,
                    ],
                  },
                  {
                    guard: 'alreadyVerified',
                    target: 'verified',
                    description: 'state 1: already verified.',
                    actions: [assign(({ context }) => ({ verifiedAadhaar: context.idNo })), persist],
                  },
                  {
                    target: 'unverified',
                    description: "Refused: the verifier's message under the field.",
                    actions: assign({
                      fieldError: ({ event }) => ({ field: 'idNo' as const, message: event.output.verifier?.message?.trim() || KYC_MESSAGES.sendFailed }),
                    }),
                  },
                ],
                onError: {
                  target: 'unverified',
                  description: "Not sent: the server's msg under the field.",
                  actions: assign({ fieldError: ({ event }) => ({ field: 'idNo' as const, message: messageOf(event.error, KYC_MESSAGES.sendFailed) }) }),
                },
              },
            },
            dialog: {
              description: 'The OTP dialog: 6 digits, Verify, and Resend after the countdown.',
              type: 'parallel',
              tags: ['dialog'],
              on: {
                'otp.dismissed': {
                  guard: 'otpNotVerifying',
                  target: 'unverified',
                  description: 'Closed: back to the field (the OTP already sent stays valid for a reopen). Not while Verify is running: its answer is awaited.',
                },
              },
              states: {
                entry: {
                  initial: 'editing',
                  states: {
                    editing: {
                      tags: ['otpEditing'],
                      on: {
                        'otp.changed': {
                          description: 'Digits only, at most 6.',
                          actions: assign({ otp: ({ event }) => digitsOnly(event.value, AADHAAR_OTP_DIGITS), otpError: null }),
                        },
                        'otp.submitted': [
                          { guard: 'otpIncomplete', description: 'Fewer than 6 digits: say so.', actions: assign({ otpError: KYC_MESSAGES.otpIncomplete }) },
                          { target: 'verifying', actions: assign({ otpError: null }) },
                        ],
                      },
                    },
                    verifying: {
                      description: 'POST /auth/aadhaar/verify {aadhaar, otp}. Verify is busy.',
                      tags: ['verifying'],
                      invoke: {
                        id: 'verifyAadhaarOtp',
                        src: 'verifyAadhaarOtp',
                        input: ({ context }) => ({ aadhaar: context.idNo, otp: context.otp }),
                        onDone: {
                          target: '#kyc.otp.aadhaar.verified',
                          actions: [assign(({ context }) => ({ verifiedAadhaar: context.idNo, otp: '', otpError: null, fieldError: null })), persist],
                        },
                        onError: {
                          target: 'editing',
                          description: "Wrong or expired: the server's msg in the dialog; the OTP is cleared.",
                          actions: assign({ otp: '', otpError: ({ event }) => messageOf(event.error, KYC_MESSAGES.verifyFailed) }),
                        },
                      },
                    },
                  },
                },
                resend: {
                  // The dialog opens only right after a send or while an earlier one is under 60 s old.
                  initial: 'cooldown',
                  states: {
                    cooldown: {
                      description: "'Resend in Ns' until the deadline.",
                      tags: ['cooldown'],
                      after: { resendCooldown: { target: 'ready', description: 'The 60 s have passed: Resend is available.' } },
                    },
                    ready: {
                      description: 'Resend is available.',
                      tags: ['canResend'],
                      on: { 'otp.resent': 'resending' },
                    },
                    resending: {
                      description: 'POST /auth/v2/aadhaar/send-otp again.',
                      tags: ['resending'],
                      invoke: {
                        id: 'sendAadhaarOtp',
                        src: 'sendAadhaarOtp',
                        input: ({ context }) => ({ aadhaar: context.idNo }),
                        onDone: [
                          {
                            guard: 'otpSent',
                            target: 'cooldown',
                            description: 'Sent: the countdown starts again.',
                            actions: [assign(({ context }) => ({ otpFor: context.idNo, otpDeadline: context.now() + RESEND_COOLDOWN_MS, otpError: null })), persist],
                          },
                          {
                            guard: 'alreadyVerified',
                            target: '#kyc.otp.aadhaar.verified',
                            actions: [assign(({ context }) => ({ verifiedAadhaar: context.idNo, otp: '', otpError: null })), persist],
                          },
                          {
                            target: 'ready',
                            description: "Refused: the verifier's message in the dialog.",
                            actions: assign({ otpError: ({ event }) => event.output.verifier?.message?.trim() || KYC_MESSAGES.sendFailed }),
                          },
                        ],
                        onError: { target: 'ready', actions: assign({ otpError: ({ event }) => messageOf(event.error, KYC_MESSAGES.sendFailed) }) },
                      },
                    },
                  },
                },
              },
            },
            verified: {
              description: "Verified: the number is read-only, shown as 'XXXX XXXX 1234', and the link reads Verified.",
              tags: ['verified'],
            },
          },
        },
        form: {
          initial: 'editing',
          states: {
            editing: {
              description: 'The borrower edits the PAN and submits.',
              tags: ['editing'],
              on: {
                'pan.changed': {
                  description: 'Letters upper-cased, at most 10.',
                  actions: [assign({ panNo: ({ event }) => normalizePan(event.value), fieldError: null }), persist],
                },
                'kyc.submitted': [
                  {
                    guard: 'hasSubmitProblem',
                    description: "'Please Input IDcard No.', the Aadhaar check, not verified yet, 'Please Input Pan Id. ', the PAN format: the first that applies.",
                    actions: ['flagSubmitProblem', submitProblemToast],
                  },
                  { target: 'submitting', actions: assign({ fieldError: null }) },
                ],
              },
            },
            submitting: {
              description: 'POST /auth/v1/kyc-info/aadhaar-pan {idNo, panNo}. Read-only; Submit is busy.',
              tags: ['submitting'],
              invoke: {
                id: 'submitKyc',
                src: 'submitKyc',
                input: ({ context }) => ({ idNo: context.idNo, panNo: context.panNo }),
                onDone: '#kyc.done',
                onError: {
                  target: 'editing',
                  description: "The server's msg in a toast; everything typed stays.",
                  actions: { type: 'showToast', ...failure(KYC_MESSAGES.submitFailed) },
                },
              },
            },
          },
        },
      },
    },
    done: {
      description: 'Submitted: the draft is removed and the borrower goes on to the hub.',
      type: 'final',
      entry: ['clearDraft', 'goToHub'],
    },
  },
});

export { remainingSeconds } from '../shared/countdown';

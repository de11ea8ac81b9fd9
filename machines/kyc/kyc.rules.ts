/**
 * KYC rules (spec §2 'KYC (/auth/kyc)', §5 'KYC upload' and 'No-upload KYC', §9): the limits, the
 * draft, and the pure functions the machine and its view read; the messages are named by key
 * (i18n/en/kyc.ts). Over the contract's types (contract/verification.ts).
 */
import type { AadhaarSendOtp, KycAuthConfig, KycPayload, OcrResult } from '../../contract/verification';
import { say, type Said } from '../../i18n/core';
import type { KycKey } from '../../i18n/en/kyc';
import type { IdempotentIntent } from '../shared/idempotency';
import { AADHAAR_DIGITS, aadhaarReason, normalizeAadhaar, normalizePan, PAN_LENGTH, panReason, type AadhaarReason, type PanReason } from '../shared/identity';

/** Spec §9: an Aadhaar number has 12 digits; a PAN 10 characters. */
export { AADHAAR_DIGITS, PAN_LENGTH };
/** Spec §9: the Aadhaar OTP is digits only, at most 6 (UIDAI's OTPs are 6 digits: Verify needs all 6). */
export const AADHAAR_OTP_DIGITS = 6;
/** Spec §9: the Aadhaar OTP resend countdown (the same 60 s as login). */
export { RESEND_COOLDOWN_MS } from '../shared/countdown';
/** A name as printed on the card; a generous limit that still stops a paste of a whole page. */
export const NAME_MAX = 100;

export type Slot = 'front' | 'back' | 'pan';
export const SLOTS: readonly Slot[] = ['front', 'back', 'pan'];
export type KycField = Slot | 'realName' | 'idNo' | 'panNo';
export type KycVariant = 'upload' | 'otp';

/** A well-formed PAN, shown as the example in the PAN field. */
export const PAN_EXAMPLE = 'ABCPE1234F';

/** What the KYC step tells the borrower: a message of its catalogue, or the server's text. */
export type KycSaid = Said<KycKey>;

/** The message of each reason the Aadhaar and PAN checks give (machines/shared/identity.ts). */
const AADHAAR_REASONS: Record<AadhaarReason, KycKey> = { length: 'aadhaarLength', start: 'aadhaarStart', checksum: 'aadhaarChecksum' };
const PAN_REASONS: Record<PanReason, KycKey> = { format: 'panFormat' };

/** Why `idNo` is not a well-formed Aadhaar number, by key, or null. */
function aadhaarSaid(idNo: string): KycSaid | null {
  const reason = aadhaarReason(idNo);
  return reason && say(AADHAAR_REASONS[reason]);
}

/**
 * What survives a reload (the edge keeps it as draft 'auth.kyc', src/flows/auth/kyc.effects.ts), the
 * key of an unanswered submit included: a reload mid-request sends the same key. The identity
 * numbers, and what goes with them, are kept for the tab only; which slots were uploaded, for the device.
 */
export interface KycDraft extends IdempotentIntent {
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
  idempotencyKey: null,
});

/** The draft's part of anything that holds it (the machine's context). */
export const draftOf = (c: KycDraft): KycDraft => ({
  realName: c.realName,
  idNo: c.idNo,
  panNo: c.panNo,
  images: { ...c.images },
  verifiedAadhaar: c.verifiedAadhaar,
  otpFor: c.otpFor,
  otpDeadline: c.otpDeadline,
  idempotencyKey: c.idempotencyKey,
});

/** A restored draft made safe: the fields normalized as if typed. */
export function restoredDraft(d: KycDraft | null | undefined): KycDraft {
  const draft = { ...emptyKycDraft(), ...d };
  return {
    ...draft,
    realName: draft.realName.slice(0, NAME_MAX),
    idNo: normalizeAadhaar(draft.idNo),
    panNo: normalizePan(draft.panNo),
    images: { ...emptyKycDraft().images, ...draft.images },
  };
}

const present = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/**
 * The variant and the upload types (contract): the first entry without a photoType (absent, null,
 * '') means the no-upload variant; else the entries' photoTypes in order front, back, PAN, with
 * 1, 2, 3 for missing ones.
 */
export function kycLayout(config: KycAuthConfig): { variant: KycVariant; photoTypes: Record<Slot, string> } {
  const entries = config.KycPageInfoVo;
  const defaults: Record<Slot, string> = { front: '1', back: '2', pan: '3' };
  if (present(entries[0]?.photoType) === '') return { variant: 'otp', photoTypes: defaults };
  const typeAt = (i: number, slot: Slot) => present(entries[i]?.photoType) || defaults[slot];
  return { variant: 'upload', photoTypes: { front: typeAt(0, 'front'), back: typeAt(1, 'back'), pan: typeAt(2, 'pan') } };
}

/** The number is the one verified by OTP: shown masked ('XXXX XXXX 1234') and read-only, in either variant. */
export const aadhaarVerified = (c: Pick<KycDraft, 'idNo' | 'verifiedAadhaar'>): boolean => c.verifiedAadhaar !== null && c.verifiedAadhaar === c.idNo;

/** What Submit reads: the variant and the draft's fields. */
export type KycForm = Pick<KycDraft, 'images' | 'realName' | 'idNo' | 'panNo' | 'verifiedAadhaar'> & { variant: KycVariant | null };

/** The first problem Submit finds, in the order of the form, or null when it can be sent. */
export function submitProblem(c: KycForm): { field: KycField; message: KycSaid } | null {
  if (c.variant === 'upload') {
    if (!c.images.front) return { field: 'front', message: say('frontMissing') };
    if (!c.realName.trim()) return { field: 'realName', message: say('nameMissing') };
  }
  if (!c.idNo) return { field: 'idNo', message: say('idNoMissing') };
  const a = aadhaarSaid(c.idNo);
  if (a) return { field: 'idNo', message: a };
  if (c.variant === 'upload') {
    if (!c.images.back) return { field: 'back', message: say('backMissing') };
    if (!c.images.pan) return { field: 'pan', message: say('panImageMissing') };
  } else if (c.verifiedAadhaar !== c.idNo) return { field: 'idNo', message: say('notVerified') };
  if (!c.panNo) return { field: 'panNo', message: say('panNoMissing') };
  const p = panReason(c.panNo);
  if (p) return { field: 'panNo', message: say(PAN_REASONS[p]) };
  return null;
}

/** What Submit sends: {realName, idNo, panNo} with uploads, {idNo, panNo} without. */
export function kycPayload(c: KycForm): KycPayload {
  return c.variant === 'upload' ? { realName: c.realName.trim(), idNo: c.idNo, panNo: c.panNo } : { idNo: c.idNo, panNo: c.panNo };
}

/** Why Verify cannot send an OTP for this number, or null. */
export function verifyProblem(idNo: string): KycSaid | null {
  if (!idNo) return say('idNoMissing');
  return aadhaarSaid(idNo);
}

/** The send-otp answer (contract): 'sent' (state 0), 'verified' (state 1), else refused with the verifier's message. */
export function sendOtpOutcome(r: AadhaarSendOtp): 'sent' | 'verified' | 'refused' {
  if (r.verifier?.success === false) return 'refused';
  if (r.state === 0) return 'sent';
  if (r.state === 1) return 'verified';
  return 'refused';
}

/** Why send-otp refused: the verifier's message as it came, or ours. */
export function sendOtpRefusal(r: AadhaarSendOtp): KycSaid {
  const message = r.verifier?.message?.trim();
  return message ? { server: message } : say('sendFailed');
}

/** What the last OCR put into each field (null: nothing), so a later OCR replaces it but never typing. */
export interface OcrFilled {
  realName: string | null;
  idNo: string | null;
  panNo: string | null;
}

/** OCR values go where the field is empty or still holds what OCR put there before. */
export function prefill(
  c: Pick<KycDraft, 'realName' | 'idNo' | 'panNo'> & { ocrFilled: OcrFilled },
  r: OcrResult,
): Partial<Pick<KycDraft, 'realName' | 'idNo' | 'panNo'>> & { ocrFilled: OcrFilled; ocrUnreadable: boolean } {
  const read = { realName: r.name.trim().slice(0, NAME_MAX), idNo: normalizeAadhaar(r.idNo), panNo: normalizePan(r.panNo) };
  const out: ReturnType<typeof prefill> = { ocrFilled: { ...c.ocrFilled }, ocrUnreadable: !read.realName && !read.idNo };
  // A backend whose OCR also reads a PAN off the front (the response carries panNo) fills it the same way.
  for (const field of ['realName', 'idNo', 'panNo'] as const) {
    const value = read[field];
    if (value && (c[field] === '' || c[field] === c.ocrFilled[field])) {
      out[field] = value;
      out.ocrFilled[field] = value;
    }
  }
  return out;
}

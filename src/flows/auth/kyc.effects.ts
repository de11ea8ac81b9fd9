/**
 * The KYC step's effects: the calls (the config and status together, OCR, the Aadhaar OTP, the
 * submit with its idempotency key), the toast, the draft 'auth.kyc', the key source, and navigation.
 * Also the upload call of a KYC image slot, and the draft store.
 */
import { assign } from 'xstate';
import type { KycLoaded, kycMachine } from '../../../machines/kyc/kyc.machine';
import { emptyKycDraft, type KycDraft } from '../../../machines/kyc/kyc.rules';
import { getKycConfig, getVerificationStatus, ocrSeparate, sendAadhaarOtp, submitKyc, uploadKycImage, verifyAadhaarOtp } from '../../api/verification';
import { fromCall } from '../../lib/abortable';
import { draftStore, type DraftStore } from '../../lib/draft';
import { newKey } from '../../lib/idempotency';
import { showToast } from '../../ui/toast';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';
import type { UploadCall } from './upload/upload.effects';

export function kycEffects(nav: Navigate, draft: DraftStore<KycDraft>): Effects<typeof kycMachine> {
  return {
    actors: {
      loadKyc: fromCall(async (_, signal): Promise<KycLoaded> => {
        const [config, status] = await Promise.all([getKycConfig({ signal }), getVerificationStatus({ signal })]);
        return { config, status };
      }),
      ocr: fromCall(({ type, file, fileName }, signal) => ocrSeparate(type, file, fileName, { signal })),
      sendAadhaarOtp: fromCall(({ aadhaar }, signal) => sendAadhaarOtp(aadhaar, { signal })),
      verifyAadhaarOtp: fromCall((payload, signal) => verifyAadhaarOtp(payload, { signal })),
      submitKyc: fromCall(({ payload, idempotencyKey }, signal) => submitKyc(payload, { signal, idempotencyKey })),
    },
    actions: {
      navigate: navigateWith(nav),
      newIdempotencyKey: assign({ idempotencyKey: newKey }),
      showToast: (_, { message }) => showToast(message),
      persistDraft: (_, d) => draft.write(d),
      clearDraft: () => draft.remove(),
    },
  };
}

/**
 * The upload call of a KYC image slot: POST authen/upload with the slot's upload type, read when
 * the upload starts (the slots exist before the config that gives the types has loaded).
 */
export const kycImageUpload = (photoType: () => string): UploadCall =>
  fromCall(({ file, fileName, onProgress }, signal): Promise<unknown> => uploadKycImage(photoType(), file, fileName, { signal, onProgress }));

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** A stored draft read back; anything else counts as none (never trust storage). */
export function parseKycDraft(raw: unknown): KycDraft | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const d = raw as Record<string, unknown>;
  const images = (typeof d.images === 'object' && d.images !== null ? d.images : {}) as Record<string, unknown>;
  return {
    ...emptyKycDraft(),
    realName: str(d.realName),
    idNo: str(d.idNo),
    panNo: str(d.panNo),
    images: { front: strOrNull(images.front), back: strOrNull(images.back), pan: strOrNull(images.pan) },
    verifiedAadhaar: strOrNull(d.verifiedAadhaar),
    otpFor: strOrNull(d.otpFor),
    otpDeadline: typeof d.otpDeadline === 'number' && Number.isFinite(d.otpDeadline) ? d.otpDeadline : null,
    idempotencyKey: strOrNull(d.idempotencyKey),
  };
}

export const kycDraftStore = () => draftStore<KycDraft>('auth.kyc', parseKycDraft);

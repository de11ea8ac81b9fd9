/**
 * The KYC step's effects: the calls (the status, then the config, OCR, the Aadhaar OTP, the
 * submit with its idempotency key), the toast, the draft 'auth.kyc', the key source, and navigation.
 * Also the upload call of a KYC image slot, and the draft store (identity numbers kept for the tab only).
 */
import { assign } from 'xstate';
import { kycText } from '../../../i18n/en/kyc';
import type { kycMachine } from '../../../machines/kyc/kyc.machine';
import { emptyKycDraft, type KycDraft } from '../../../machines/kyc/kyc.rules';
import { getKycConfig, ocrSeparate, sendAadhaarOtp, submitKyc, uploadKycImage, verifyAadhaarOtp } from '../../api/verification';
import { noteConsentGiven } from '../../api/privacy';
import { fromCall } from '../../lib/abortable';
import { draftStore, type DraftStore } from '../../lib/draft';
import { newKey } from '../../lib/idempotency';
import { tabStorage } from '../../lib/tab-storage';
import { textFor } from '../../ui/text';
import { showToast } from '../../ui/toast';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';
import { loadStepStatus } from './step.effects';
import type { UploadCall } from './upload/upload.effects';

export function kycEffects(nav: Navigate, draft: DraftStore<KycDraft>): Effects<typeof kycMachine> {
  return {
    actors: {
      loadStatus: loadStepStatus,
      loadConfig: fromCall((_, signal) => getKycConfig({ signal })),
      ocr: fromCall(({ type, file, fileName }, signal) => ocrSeparate(type, file, fileName, { signal })),
      sendAadhaarOtp: fromCall(({ aadhaar }, signal) => sendAadhaarOtp(aadhaar, { signal })),
      verifyAadhaarOtp: fromCall((payload, signal) => verifyAadhaarOtp(payload, { signal })),
      submitKyc: fromCall(({ payload, idempotencyKey }, signal) => submitKyc(payload, { signal, idempotencyKey })),
    },
    actions: {
      navigate: navigateWith(nav),
      newIdempotencyKey: assign({ idempotencyKey: newKey }),
      showToast: (_, { message }) => showToast(textFor(kycText).said(message)),
      persistDraft: (_, d) => draft.write(d),
      clearDraft: () => draft.remove(),
      recordConsent: () => noteConsentGiven('identity'),
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

/** A stored draft (or part of one) read back; missing fields are empty; anything else counts as none (never trust storage). */
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

/** The device's part of the draft: which slots were uploaded (the server keeps the images, so another tab need not send them again). */
type KycDevicePart = Pick<KycDraft, 'images'>;
/** This tab's part: what was typed (the identity numbers, and the name sent with them), the OTP sent for the number, and the submit's key. */
type KycTabPart = Omit<KycDraft, 'images'>;

const devicePart = (d: KycDraft): KycDevicePart => ({ images: { ...d.images } });
function tabPart(d: KycDraft): KycTabPart {
  const { images: _images, ...typed } = d;
  return typed;
}
/** A device draft holding more than the images: kept there before the identity numbers moved to the tab. */
const holdsTyped = (d: KycDraft): boolean =>
  Boolean(d.realName || d.idNo || d.panNo || d.verifiedAadhaar || d.otpFor || d.idempotencyKey) || d.otpDeadline !== null;

/**
 * The draft 'auth.kyc' (bw.draft.auth.kyc.<phone>), in two parts: the identity numbers never outlive
 * the tab (sessionStorage: kept over a reload and an expired session's sign-in, gone with the tab,
 * unseen by other tabs); only which slots were uploaded is kept for the device (localStorage), as
 * the server has the images. The name, the OTP deadline and the submit's key go with the numbers:
 * each means something only with the numbers it was typed, sent or made with (a key replayed by
 * another tab with other numbers would be refused). A device draft from before the split has all
 * but the images moved out when read (into this tab, unless the tab has its own).
 */
export function kycDraftStore(): DraftStore<KycDraft> {
  const device = draftStore<Partial<KycDraft>>('auth.kyc', parseKycDraft);
  const tab = draftStore<Partial<KycDraft>>('auth.kyc', parseKycDraft, { storage: tabStorage });
  const full = (part: Partial<KycDraft> | null): KycDraft | null => part && { ...emptyKycDraft(), ...part };
  return {
    read() {
      const onDevice = full(device.read());
      let inTab = full(tab.read());
      if (onDevice && holdsTyped(onDevice)) {
        inTab ??= onDevice;
        tab.write(tabPart(inTab));
        device.write(devicePart(onDevice));
      }
      if (!onDevice && !inTab) return null;
      return { ...(inTab ?? emptyKycDraft()), images: (onDevice ?? emptyKycDraft()).images };
    },
    write(d) {
      device.write(devicePart(d));
      tab.write(tabPart(d));
    },
    remove() {
      device.remove();
      tab.remove();
    },
  };
}

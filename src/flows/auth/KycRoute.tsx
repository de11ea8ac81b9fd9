/**
 * Route component for /auth/kyc and /auth/identity (spec §2 KYC): restores the draft 'auth.kyc',
 * provides the KYC machine's effects (the calls, the toast, the draft, the way on to the hub),
 * creates the three image slots of the upload variant (machines/upload, reporting to the KYC
 * machine) and renders the view.
 *
 * `KycFlow` takes its dependencies, so tests render it with fakes and no HTTP; the default export
 * wires the real ones.
 */
import { paths } from '../../../machines/shared/paths';
import { useActorRef } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import {
  emptyKycDraft,
  kycMachine,
  type KycDraft,
  type KycLoaded,
  type OcrRequest,
  type OcrResultLike,
  type SendOtpResult,
  type Slot,
  type SubmitRequest,
} from '../../../machines/kyc/kyc.machine';
import type { ImageFile } from '../../../machines/upload/upload.machine';
import { getKycConfig, getVerificationStatus, ocrSeparate, sendAadhaarOtp, submitKyc, uploadKycImage, verifyAadhaarOtp } from '../../api/verification';
import { inspect } from '../../lib/inspect';
import { fromCall } from '../../lib/abortable';
import { draftStore, type DraftStore } from '../../lib/draft';
import { showToast } from '../../ui/toast';
import { useStepQuery } from './step';
import { useImageUpload, type ImageUploadOptions, type UploadActorRef } from './upload/useImageUpload';
import { KycView } from './KycView';
import './kyc.css';

export type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;
type Signal = { signal: AbortSignal };

export interface KycDeps {
  /** The kyc config and the verification status, together. */
  loadKyc: (options: Signal) => Promise<KycLoaded>;
  ocr: (request: OcrRequest, options: Signal) => Promise<OcrResultLike>;
  /** POST authen/upload (type, file). */
  upload: (type: string, file: ImageFile, fileName: string, options: Signal & { onProgress: (fraction: number) => void }) => Promise<unknown>;
  /** Defaults to src/lib/image.ts compressImage. */
  compress?: ImageUploadOptions['compress'];
  sendAadhaarOtp: (aadhaar: string, options: Signal) => Promise<SendOtpResult>;
  verifyAadhaarOtp: (request: { aadhaar: string; otp: string }, options: Signal) => Promise<void>;
  submitKyc: (request: SubmitRequest, options: Signal) => Promise<void>;
  /** Leave for `to` (replacing this page). */
  navigate: (to: string) => void;
  toast?: (message: string) => void;
  /** Where the draft lives; null for none. */
  draft: DraftStore<KycDraft> | null;
  /** Image size limit; defaults to 10 MB (tests use a small one). */
  maxBytes?: number;
  now?: () => number;
  clock?: Clock;
}

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
  };
}

export const kycDraftStore = () => draftStore<KycDraft>('auth.kyc', parseKycDraft);

export function KycFlow({ deps, pid, step, total }: { deps: KycDeps; pid: string; step: number | null; total: number | null }) {
  const now = deps.now ?? Date.now;
  // Read once, when the screen opens (a reload reads it again).
  const [draft] = useState(() => deps.draft?.read() ?? null);
  const machine = useMemo(
    () =>
      kycMachine.provide({
        actors: {
          // fromCall: a call aborted by StrictMode's restart reports nothing (src/lib/abortable.ts).
          loadKyc: fromCall((_, signal) => deps.loadKyc({ signal })),
          ocr: fromCall((input, signal) => deps.ocr(input, { signal })),
          sendAadhaarOtp: fromCall((input, signal) => deps.sendAadhaarOtp(input.aadhaar, { signal })),
          verifyAadhaarOtp: fromCall((input, signal) => deps.verifyAadhaarOtp(input, { signal })),
          submitKyc: fromCall((input, signal) => deps.submitKyc(input, { signal })),
        },
        actions: {
          showToast: (_, { message }) => (deps.toast ?? showToast)(message),
          persistDraft: (_, d) => deps.draft?.write(d),
          clearDraft: () => deps.draft?.remove(),
          goToHub: () => deps.navigate(paths.authHub.href(pid)),
        },
      }),
    [deps, pid],
  );
  const actor = useActorRef(machine, { input: { draft, now }, inspect, ...(deps.clock ? { clock: deps.clock } : {}) });
  const slot = (name: Slot): ImageUploadOptions => ({
    upload: (file, fileName, options) => deps.upload(actor.getSnapshot().context.photoTypes[name], file, fileName, options),
    ...(deps.compress ? { compress: deps.compress } : {}),
    ...(deps.maxBytes ? { maxBytes: deps.maxBytes } : {}),
    uploadedName: draft?.images[name] ?? null,
    onUploaded: (file, fileName) => actor.send({ type: 'image.uploaded', slot: name, fileName, file }),
    onChanged: () => actor.send({ type: 'image.cleared', slot: name }),
  });
  const slots: Record<Slot, UploadActorRef> = {
    front: useImageUpload(slot('front')),
    back: useImageUpload(slot('back')),
    pan: useImageUpload(slot('pan')),
  };
  return <KycView actor={actor} slots={slots} now={now} step={step} total={total} backTo={pid ? `/product/${encodeURIComponent(pid)}` : '/'} />;
}

export default function KycRoute() {
  const { pid, step, total } = useStepQuery();
  const [, navigate] = useLocation();
  const deps = useMemo<KycDeps>(
    () => ({
      loadKyc: async ({ signal }) => {
        const [config, status] = await Promise.all([getKycConfig({ signal }), getVerificationStatus({ signal })]);
        return { config, status };
      },
      ocr: ({ type, file, fileName }, { signal }) => ocrSeparate(type, file, fileName, { signal }),
      upload: (type, file, fileName, { signal, onProgress }) => uploadKycImage(type, file, fileName, { signal, onProgress }),
      sendAadhaarOtp: (aadhaar, { signal }) => sendAadhaarOtp(aadhaar, { signal }),
      verifyAadhaarOtp: (request, { signal }) => verifyAadhaarOtp(request, { signal }),
      submitKyc: (request, { signal }) => submitKyc(request, { signal }),
      navigate: (to) => navigate(to, { replace: true }),
      draft: kycDraftStore(),
    }),
    [navigate],
  );
  return <KycFlow deps={deps} pid={pid} step={step} total={total} />;
}

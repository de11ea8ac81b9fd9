/**
 * The verification calls (spec §7): the step router, KYC (upload and no-upload), face, the dynamic
 * forms and their state/district lists, contacts. One typed function per call; every answer is
 * parsed by its schema. Wire decisions where the spec is silent: docs/journeys/application.md "Decisions" and server/README.md.
 */
import { api, type CallOptions, type IntentOptions } from './client';
import { Ignored } from '../../contract/common';
import {
  AadhaarSendOtp,
  AuthPageInfo,
  FaceResult,
  KycAuthConfig,
  LivingCheck,
  LivingCheckConfig,
  OcrResult,
  PlaceList,
  VerificationStatus,
  WorkPageInfo,
  type AuthPageField,
  type ContactPayload,
  type FormAnswers,
  type KycPayload,
  type PageInfoType,
  type Place,
} from '../../contract/verification';

export interface UploadCallOptions extends CallOptions {
  /** Upload progress, 0..1. */
  onProgress?: (fraction: number) => void;
}

/** GET /auth/v1/find-user-auth */
export function getVerificationStatus({ signal }: CallOptions = {}): Promise<VerificationStatus> {
  return api.get('auth/v1/find-user-auth', VerificationStatus, { signal });
}

// ---------- KYC ----------
/** GET /auth/kyc-auth-config?type=1 */
export function getKycConfig({ signal }: CallOptions = {}): Promise<KycAuthConfig> {
  return api.get('auth/kyc-auth-config', KycAuthConfig, { searchParams: { type: 1 }, signal });
}

/** POST authen/upload (form: type, file) */
export async function uploadKycImage(type: string, file: Blob, fileName: string, { signal, onProgress }: UploadCallOptions = {}): Promise<void> {
  await api.upload('authen/upload', Ignored, { form: { type, file }, fileName, signal, onProgress });
}

/** POST /auth/v1/ocr-separate (form: type, image, notNeed): name, idNo, panNo read from the image. */
export function ocrSeparate(type: string, image: Blob, fileName: string, { signal }: CallOptions = {}): Promise<OcrResult> {
  return api.upload('auth/v1/ocr-separate', OcrResult, { form: { type, image, notNeed: '1' }, fileName, signal });
}

/** POST /auth/v1/kyc-info/aadhaar-pan: {realName, idNo, panNo} (upload variant) or {idNo, panNo}. */
export async function submitKyc(payload: KycPayload, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.post('auth/v1/kyc-info/aadhaar-pan', Ignored, { json: payload, signal, idempotencyKey });
}

/** POST /auth/v2/aadhaar/send-otp {aadhaar} */
export function sendAadhaarOtp(aadhaar: string, { signal }: CallOptions = {}): Promise<AadhaarSendOtp> {
  return api.post('auth/v2/aadhaar/send-otp', AadhaarSendOtp, { json: { aadhaar }, signal });
}

/** POST /auth/aadhaar/verify {aadhaar, otp} */
export async function verifyAadhaarOtp(input: { aadhaar: string; otp: string }, { signal }: CallOptions = {}): Promise<void> {
  await api.post('auth/aadhaar/verify', Ignored, { json: input, signal });
}

// ---------- Face ----------
/** GET /auth/v1/living-check-config: whether the flow also needs living-hold. */
export function getLivingCheckConfig({ signal }: CallOptions = {}): Promise<{ needsHold: boolean }> {
  return api.get('auth/v1/living-check-config', LivingCheckConfig, { signal });
}

/** POST /auth/v3/living-check (form: image) */
export function livingCheck(image: Blob, fileName: string, { signal, onProgress }: UploadCallOptions = {}): Promise<{ status: number | null }> {
  return api.upload('auth/v3/living-check', LivingCheck, { form: { image }, fileName, signal, onProgress });
}

/** POST /auth/v1/kyc-info/living-hold */
export async function livingHold({ signal }: CallOptions = {}): Promise<void> {
  await api.post('auth/v1/kyc-info/living-hold', Ignored, { json: {}, signal });
}

/** GET authen/h5/face-result: status 1 success, anything else failure. */
export async function getFaceResult({ signal }: CallOptions = {}): Promise<FaceResult> {
  return api.get('authen/h5/face-result', FaceResult, { signal });
}

// ---------- Basic info, work info, contacts ----------
/** GET /auth/v1/auth-page-info?type=baseInfo|contactInfo */
export function getPageInfo(type: PageInfoType, { signal }: CallOptions = {}): Promise<AuthPageField[]> {
  return api.get('auth/v1/auth-page-info', AuthPageInfo, { searchParams: { type }, signal });
}

/** GET /auth/v2/auth-page-info?type=workInfo: the canHidden and cannotHidden groups. */
export function getWorkPageInfo({ signal }: CallOptions = {}): Promise<WorkPageInfo> {
  return api.get('auth/v2/auth-page-info', WorkPageInfo, { searchParams: { type: 'workInfo' }, signal });
}

/** GET /map-state/v1/list */
export function getStates({ signal }: CallOptions = {}): Promise<Place[]> {
  return api.get('map-state/v1/list', PlaceList, { signal });
}

/** GET /map-state/v1/district/{stateId} */
export function getDistricts(stateId: string, { signal }: CallOptions = {}): Promise<Place[]> {
  return api.get(`map-state/v1/district/${encodeURIComponent(stateId)}`, PlaceList, { signal });
}

/** POST /auth/v1/base-info: a map of parameter name to the chosen value. */
export async function submitBaseInfo(values: FormAnswers, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.post('auth/v1/base-info', Ignored, { json: values, signal, idempotencyKey });
}

/** POST /auth/v1/work-info: a map of parameter name to the chosen value. */
export async function submitWorkInfo(values: FormAnswers, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.post('auth/v1/work-info', Ignored, { json: values, signal, idempotencyKey });
}

/** POST /auth/v1/contacts (the contact payload) */
export async function submitContacts(payload: ContactPayload, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.post('auth/v1/contacts', Ignored, { json: payload, signal, idempotencyKey });
}

/**
 * The verification calls (contract/verification.ts): the step router, KYC (upload and
 * no-upload), face, the dynamic forms and their state/district lists, contacts.
 */
import { verificationCalls } from '../../contract/verification';
import type {
  AadhaarSendOtp,
  AuthPageField,
  ContactPayload,
  FaceResult,
  FormAnswers,
  KycAuthConfig,
  KycPayload,
  OcrResult,
  PageInfoType,
  Place,
  VerificationStatus,
  WorkPageInfo,
} from '../../contract/verification';
import { api, type CallOptions, type IntentOptions } from './client';
import { readKey, readOrCall } from './read-ahead';

export interface UploadCallOptions extends CallOptions {
  /** Upload progress, 0..1. */
  onProgress?: (fraction: number) => void;
}

export const verificationStatusRead = readKey(verificationCalls.verificationStatus.path);

/** Which steps are done: a fresh read-ahead answer (started at Apply), else the call. */
export function getVerificationStatus({ signal }: CallOptions = {}): Promise<VerificationStatus> {
  return readOrCall(verificationStatusRead, (s) => api.call(verificationCalls.verificationStatus, { signal: s }), signal);
}

// ---------- KYC ----------
export function getKycConfig({ signal }: CallOptions = {}): Promise<KycAuthConfig> {
  return api.call(verificationCalls.kycConfig, { query: { type: 1 }, signal });
}

/** One image (form: type, file). */
export async function uploadKycImage(type: string, file: Blob, fileName: string, { signal, onProgress }: UploadCallOptions = {}): Promise<void> {
  await api.call(verificationCalls.uploadImage, { form: { type, file }, fileName, signal, ...(onProgress ? { onProgress } : {}) });
}

/** Reads name, idNo and panNo from an image already uploaded (form: type, image, notNeed). */
export function ocrSeparate(type: string, image: Blob, fileName: string, { signal }: CallOptions = {}): Promise<OcrResult> {
  return api.call(verificationCalls.ocrSeparate, { form: { type, image, notNeed: '1' }, fileName, signal });
}

/** {realName, idNo, panNo} (upload variant) or {idNo, panNo}. */
export async function submitKyc(payload: KycPayload, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.call(verificationCalls.submitKyc, { json: payload, signal, idempotencyKey });
}

export function sendAadhaarOtp(aadhaar: string, { signal }: CallOptions = {}): Promise<AadhaarSendOtp> {
  return api.call(verificationCalls.sendAadhaarOtp, { json: { aadhaar }, signal });
}

export async function verifyAadhaarOtp(input: { aadhaar: string; otp: string }, { signal }: CallOptions = {}): Promise<void> {
  await api.call(verificationCalls.verifyAadhaarOtp, { json: input, signal });
}

// ---------- Face ----------
/** Whether the flow also needs living-hold. */
export function getLivingCheckConfig({ signal }: CallOptions = {}): Promise<{ needsHold: boolean }> {
  return api.call(verificationCalls.livingCheckConfig, { signal });
}

export function livingCheck(image: Blob, fileName: string, { signal, onProgress }: UploadCallOptions = {}): Promise<{ status: number | null }> {
  return api.call(verificationCalls.livingCheck, { form: { image }, fileName, signal, ...(onProgress ? { onProgress } : {}) });
}

export async function livingHold({ signal }: CallOptions = {}): Promise<void> {
  await api.call(verificationCalls.livingHold, { json: {}, signal });
}

/** Status 1 success, anything else failure. */
export async function getFaceResult({ signal }: CallOptions = {}): Promise<FaceResult> {
  return api.call(verificationCalls.faceResult, { signal });
}

// ---------- Basic info, work info, contacts ----------
export function getPageInfo(type: PageInfoType, { signal }: CallOptions = {}): Promise<AuthPageField[]> {
  return api.call(verificationCalls.pageInfo, { query: { type }, signal });
}

/** The canHidden and cannotHidden groups. */
export function getWorkPageInfo({ signal }: CallOptions = {}): Promise<WorkPageInfo> {
  return api.call(verificationCalls.workPageInfo, { query: { type: 'workInfo' }, signal });
}

export function getStates({ signal }: CallOptions = {}): Promise<Place[]> {
  return api.call(verificationCalls.states, { signal });
}

export function getDistricts(stateId: string, { signal }: CallOptions = {}): Promise<Place[]> {
  return api.call(verificationCalls.districts, { params: { stateId }, signal });
}

/** A map of parameter name to the chosen value. */
export async function submitBaseInfo(values: FormAnswers, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.call(verificationCalls.baseInfo, { json: values, signal, idempotencyKey });
}

/** A map of parameter name to the chosen value. */
export async function submitWorkInfo(values: FormAnswers, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.call(verificationCalls.workInfo, { json: values, signal, idempotencyKey });
}

export async function submitContacts(payload: ContactPayload, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.call(verificationCalls.contacts, { json: payload, signal, idempotencyKey });
}

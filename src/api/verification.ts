/**
 * The verification calls (contract/verification.ts `verificationCalls`): the step router, KYC (upload and
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
import { call, type CallOptions, type IntentOptions } from './client';

export interface UploadCallOptions extends CallOptions {
  /** Upload progress, 0..1. */
  onProgress?: (fraction: number) => void;
}

export function getVerificationStatus({ signal }: CallOptions = {}): Promise<VerificationStatus> {
  return call(verificationCalls.verificationStatus, { signal });
}

// ---------- KYC ----------
export function getKycConfig({ signal }: CallOptions = {}): Promise<KycAuthConfig> {
  return call(verificationCalls.kycConfig, { query: { type: 1 }, signal });
}

/** One image (form: type, file). */
export async function uploadKycImage(type: string, file: Blob, fileName: string, { signal, onProgress }: UploadCallOptions = {}): Promise<void> {
  await call(verificationCalls.uploadImage, { form: { type, file }, fileName, signal, ...(onProgress ? { onProgress } : {}) });
}

/** Reads name, idNo and panNo from an image already uploaded (form: type, image, notNeed). */
export function ocrSeparate(type: string, image: Blob, fileName: string, { signal }: CallOptions = {}): Promise<OcrResult> {
  return call(verificationCalls.ocrSeparate, { form: { type, image, notNeed: '1' }, fileName, signal });
}

/** {realName, idNo, panNo} (upload variant) or {idNo, panNo}. */
export async function submitKyc(payload: KycPayload, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await call(verificationCalls.submitKyc, { json: payload, signal, idempotencyKey });
}

export function sendAadhaarOtp(aadhaar: string, { signal }: CallOptions = {}): Promise<AadhaarSendOtp> {
  return call(verificationCalls.sendAadhaarOtp, { json: { aadhaar }, signal });
}

export async function verifyAadhaarOtp(input: { aadhaar: string; otp: string }, { signal }: CallOptions = {}): Promise<void> {
  await call(verificationCalls.verifyAadhaarOtp, { json: input, signal });
}

// ---------- Face ----------
/** Whether the flow also needs living-hold. */
export function getLivingCheckConfig({ signal }: CallOptions = {}): Promise<{ needsHold: boolean }> {
  return call(verificationCalls.livingCheckConfig, { signal });
}

export function livingCheck(image: Blob, fileName: string, { signal, onProgress }: UploadCallOptions = {}): Promise<{ status: number | null }> {
  return call(verificationCalls.livingCheck, { form: { image }, fileName, signal, ...(onProgress ? { onProgress } : {}) });
}

export async function livingHold({ signal }: CallOptions = {}): Promise<void> {
  await call(verificationCalls.livingHold, { json: {}, signal });
}

/** Status 1 success, anything else failure. */
export async function getFaceResult({ signal }: CallOptions = {}): Promise<FaceResult> {
  return call(verificationCalls.faceResult, { signal });
}

// ---------- Basic info, work info, contacts ----------
export function getPageInfo(type: PageInfoType, { signal }: CallOptions = {}): Promise<AuthPageField[]> {
  return call(verificationCalls.pageInfo, { query: { type }, signal });
}

/** The canHidden and cannotHidden groups. */
export function getWorkPageInfo({ signal }: CallOptions = {}): Promise<WorkPageInfo> {
  return call(verificationCalls.workPageInfo, { query: { type: 'workInfo' }, signal });
}

export function getStates({ signal }: CallOptions = {}): Promise<Place[]> {
  return call(verificationCalls.states, { signal });
}

export function getDistricts(stateId: string, { signal }: CallOptions = {}): Promise<Place[]> {
  return call(verificationCalls.districts, { params: { stateId }, signal });
}

/** A map of parameter name to the chosen value. */
export async function submitBaseInfo(values: FormAnswers, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await call(verificationCalls.baseInfo, { json: values, signal, idempotencyKey });
}

/** A map of parameter name to the chosen value. */
export async function submitWorkInfo(values: FormAnswers, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await call(verificationCalls.workInfo, { json: values, signal, idempotencyKey });
}

export async function submitContacts(payload: ContactPayload, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await call(verificationCalls.contacts, { json: payload, signal, idempotencyKey });
}

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
import { forgetRead, keepRead, readAhead, readKey, readOrCall } from './read-ahead';

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
const kycConfigRead = readKey(verificationCalls.kycConfig.path, { type: 1 });
const callKycConfig = (signal?: AbortSignal) => api.call(verificationCalls.kycConfig, { query: { type: 1 }, signal });
export function getKycConfig({ signal }: CallOptions = {}): Promise<KycAuthConfig> {
  return readOrCall(kycConfigRead, callKycConfig, signal);
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
  forgetRead(verificationStatusRead); // what the status said is about to change
  await api.call(verificationCalls.submitKyc, { json: payload, signal, idempotencyKey });
}

export function sendAadhaarOtp(aadhaar: string, { signal }: CallOptions = {}): Promise<AadhaarSendOtp> {
  return api.call(verificationCalls.sendAadhaarOtp, { json: { aadhaar }, signal });
}

export async function verifyAadhaarOtp(input: { aadhaar: string; otp: string }, { signal }: CallOptions = {}): Promise<void> {
  forgetRead(verificationStatusRead); // what the status said is about to change
  await api.call(verificationCalls.verifyAadhaarOtp, { json: input, signal });
}

// ---------- Face ----------
/** Whether the flow also needs living-hold. */
const livingCheckConfigRead = readKey(verificationCalls.livingCheckConfig.path);
const callLivingCheckConfig = (signal?: AbortSignal) => api.call(verificationCalls.livingCheckConfig, { signal });
export function getLivingCheckConfig({ signal }: CallOptions = {}): Promise<{ needsHold: boolean }> {
  return readOrCall(livingCheckConfigRead, callLivingCheckConfig, signal);
}

export function livingCheck(image: Blob, fileName: string, { signal, onProgress }: UploadCallOptions = {}): Promise<{ status: number | null }> {
  forgetRead(verificationStatusRead);
  return api.call(verificationCalls.livingCheck, { form: { image }, fileName, signal, ...(onProgress ? { onProgress } : {}) });
}

export async function livingHold({ signal }: CallOptions = {}): Promise<void> {
  forgetRead(verificationStatusRead); // what the status said is about to change
  await api.call(verificationCalls.livingHold, { json: {}, signal });
}

/** Status 1 success, anything else failure. */
export async function getFaceResult({ signal }: CallOptions = {}): Promise<FaceResult> {
  return api.call(verificationCalls.faceResult, { signal });
}

// ---------- Basic info, work info, contacts ----------
const pageInfoRead = (type: PageInfoType) => readKey(verificationCalls.pageInfo.path, { type });
const callPageInfo = (type: PageInfoType) => (signal?: AbortSignal) => api.call(verificationCalls.pageInfo, { query: { type }, signal });
export function getPageInfo(type: PageInfoType, { signal }: CallOptions = {}): Promise<AuthPageField[]> {
  return readOrCall(pageInfoRead(type), callPageInfo(type), signal);
}

const workPageInfoRead = readKey(verificationCalls.workPageInfo.path, { type: 'workInfo' });
const callWorkPageInfo = (signal?: AbortSignal) => api.call(verificationCalls.workPageInfo, { query: { type: 'workInfo' }, signal });
/** The canHidden and cannotHidden groups. */
export function getWorkPageInfo({ signal }: CallOptions = {}): Promise<WorkPageInfo> {
  return readOrCall(workPageInfoRead, callWorkPageInfo, signal);
}

const statesRead = readKey(verificationCalls.states.path);
const callStates = (signal?: AbortSignal) => api.call(verificationCalls.states, { signal });
export function getStates({ signal }: CallOptions = {}): Promise<Place[]> {
  return readOrCall(statesRead, callStates, signal);
}

export function getDistricts(stateId: string, { signal }: CallOptions = {}): Promise<Place[]> {
  return api.call(verificationCalls.districts, { params: { stateId }, signal });
}

/** A map of parameter name to the chosen value. */
export async function submitBaseInfo(values: FormAnswers, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  forgetRead(verificationStatusRead); // what the status said is about to change
  await api.call(verificationCalls.baseInfo, { json: values, signal, idempotencyKey });
}

/** A map of parameter name to the chosen value. */
export async function submitWorkInfo(values: FormAnswers, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  forgetRead(verificationStatusRead); // what the status said is about to change
  await api.call(verificationCalls.workInfo, { json: values, signal, idempotencyKey });
}

export async function submitContacts(payload: ContactPayload, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  forgetRead(verificationStatusRead); // what the status said is about to change
  await api.call(verificationCalls.contacts, { json: payload, signal, idempotencyKey });
}

/**
 * A status just read, kept for the next screen's read (a step done already goes on to the hub, which
 * asks it first). Any call that changes what it says forgets it (forgetRead above).
 */
export function keepStatusAhead(status: VerificationStatus): void {
  keepRead(verificationStatusRead, status);
}

/** A verification step's page (machines/shared/paths.ts AuthStepPage, which src/api may not import). */
type StepPage = 'identity' | 'kyc' | 'face' | 'basic' | 'work' | 'contacts';
type Read = readonly [key: string, call: (signal: AbortSignal) => Promise<unknown>];
/** The GETs each step makes once it has the status. */
const STEP_READS: Readonly<Record<StepPage, readonly Read[]>> = {
  kyc: [[kycConfigRead, callKycConfig]],
  identity: [[kycConfigRead, callKycConfig]],
  face: [[livingCheckConfigRead, callLivingCheckConfig]],
  basic: [[pageInfoRead('baseInfo'), callPageInfo('baseInfo')], [statesRead, callStates]],
  work: [[workPageInfoRead, callWorkPageInfo], [statesRead, callStates]],
  contacts: [[pageInfoRead('contactInfo'), callPageInfo('contactInfo')]],
};

/**
 * The hub has the lender's status and sends the borrower to step `key`: the step starts with that
 * same answer (it asks the status first), and its GETs (its config or its form and the states list)
 * are asked now, side by side, while its screen loads (./read-ahead.ts: each is taken once, by this
 * session, within seconds). Only reads.
 */
export function readStepAhead(key: StepPage, status: VerificationStatus): void {
  keepStatusAhead(status);
  for (const [read, call] of STEP_READS[key]) readAhead(read, call).catch(() => {});
}

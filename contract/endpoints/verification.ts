/** The verification steps (spec §7): the step router, KYC, face, the forms and their place lists, contacts. */
import * as v from 'valibot';
import { EmptyBody } from '../common';
import { Ignored } from '../envelope';
import type { Endpoint } from '../endpoint';
import {
  AadhaarSendOtp,
  AuthPageInfo,
  ContactPayload,
  FaceResult,
  FormAnswers,
  KycAuthConfig,
  KycConfigQuery,
  KycPayload,
  LivingCheck,
  LivingCheckConfig,
  LivingCheckForm,
  OcrForm,
  OcrResult,
  PageInfoQuery,
  PlaceList,
  SendAadhaarOtpPayload,
  StateIdParam,
  UploadForm,
  VerificationStatus,
  VerifyAadhaarOtpPayload,
  WorkPageInfo,
  WorkPageInfoQuery,
} from '../verification';

export const verificationStatus = { method: 'GET', path: '/auth/v1/find-user-auth', answer: VerificationStatus, token: true, beyondSpec: false } as const satisfies Endpoint;

/** ?type=1 */
export const kycConfig = { method: 'GET', path: '/auth/kyc-auth-config', query: KycConfigQuery, answer: KycAuthConfig, token: true, beyondSpec: false } as const satisfies Endpoint;

/** The spec writes it without a leading slash ("authen/upload"); it is under the base like every call. */
export const uploadImage = { method: 'POST', path: '/authen/upload', body: UploadForm, encoding: 'upload', answer: Ignored, token: true, beyondSpec: false } as const satisfies Endpoint;

/** A stored upload, as the file itself (no envelope): for QA and tests. */
export const uploadedFile = {
  method: 'GET',
  path: '/authen/file/{fileId}',
  params: { fileId: v.string() },
  answer: Ignored,
  answersFile: true,
  token: true,
  beyondSpec: true,
  caller: 'qa',
} as const satisfies Endpoint;

export const ocrSeparate = { method: 'POST', path: '/auth/v1/ocr-separate', body: OcrForm, encoding: 'upload', answer: OcrResult, token: true, beyondSpec: false } as const satisfies Endpoint;

export const submitKyc = { method: 'POST', path: '/auth/v1/kyc-info/aadhaar-pan', body: KycPayload, answer: Ignored, token: true, beyondSpec: false, intent: true } as const satisfies Endpoint;

export const sendAadhaarOtp = { method: 'POST', path: '/auth/v2/aadhaar/send-otp', body: SendAadhaarOtpPayload, answer: AadhaarSendOtp, token: true, beyondSpec: false } as const satisfies Endpoint;

export const verifyAadhaarOtp = { method: 'POST', path: '/auth/aadhaar/verify', body: VerifyAadhaarOtpPayload, answer: Ignored, token: true, beyondSpec: false } as const satisfies Endpoint;

export const livingCheckConfig = { method: 'GET', path: '/auth/v1/living-check-config', answer: LivingCheckConfig, token: true, beyondSpec: false } as const satisfies Endpoint;

export const livingCheck = { method: 'POST', path: '/auth/v3/living-check', body: LivingCheckForm, encoding: 'upload', answer: LivingCheck, token: true, beyondSpec: false } as const satisfies Endpoint;

export const livingHold = { method: 'POST', path: '/auth/v1/kyc-info/living-hold', body: EmptyBody, answer: Ignored, token: true, beyondSpec: false } as const satisfies Endpoint;

/** The spec writes it without a leading slash ("authen/h5/face-result"). */
export const faceResult = { method: 'GET', path: '/authen/h5/face-result', answer: FaceResult, token: true, beyondSpec: false } as const satisfies Endpoint;

/** ?type=baseInfo or contactInfo */
export const pageInfo = { method: 'GET', path: '/auth/v1/auth-page-info', query: PageInfoQuery, answer: AuthPageInfo, token: true, beyondSpec: false } as const satisfies Endpoint;

/** ?type=workInfo */
export const workPageInfo = { method: 'GET', path: '/auth/v2/auth-page-info', query: WorkPageInfoQuery, answer: WorkPageInfo, token: true, beyondSpec: false } as const satisfies Endpoint;

export const states = { method: 'GET', path: '/map-state/v1/list', answer: PlaceList, token: false, beyondSpec: false } as const satisfies Endpoint;

export const districts = { method: 'GET', path: '/map-state/v1/district/{stateId}', params: { stateId: StateIdParam }, answer: PlaceList, token: false, beyondSpec: false } as const satisfies Endpoint;

export const baseInfo = { method: 'POST', path: '/auth/v1/base-info', body: FormAnswers, answer: Ignored, token: true, beyondSpec: false, intent: true } as const satisfies Endpoint;

export const workInfo = { method: 'POST', path: '/auth/v1/work-info', body: FormAnswers, answer: Ignored, token: true, beyondSpec: false, intent: true } as const satisfies Endpoint;

export const contacts = { method: 'POST', path: '/auth/v1/contacts', body: ContactPayload, answer: Ignored, token: true, beyondSpec: false, intent: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const verificationCalls = { verificationStatus, kycConfig, uploadImage, uploadedFile, ocrSeparate, submitKyc, sendAadhaarOtp, verifyAadhaarOtp, livingCheckConfig, livingCheck, livingHold, faceResult, pageInfo, workPageInfo, states, districts, baseInfo, workInfo, contacts } as const;

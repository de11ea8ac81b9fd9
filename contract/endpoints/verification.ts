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

export const verificationCalls = {
  verificationStatus: { method: 'GET', path: '/auth/v1/find-user-auth', answer: VerificationStatus, token: true, beyondSpec: false },
  /** ?type=1 */
  kycConfig: { method: 'GET', path: '/auth/kyc-auth-config', query: KycConfigQuery, answer: KycAuthConfig, token: true, beyondSpec: false },
  /** The spec writes it without a leading slash ("authen/upload"); it is under the base like every call. */
  uploadImage: { method: 'POST', path: '/authen/upload', body: UploadForm, encoding: 'upload', answer: Ignored, token: true, beyondSpec: false },
  /** A stored upload, as the file itself (no envelope): for QA and tests. */
  uploadedFile: {
    method: 'GET',
    path: '/authen/file/{fileId}',
    params: { fileId: v.string() },
    answer: Ignored,
    answersFile: true,
    token: true,
    beyondSpec: true,
    caller: 'qa',
  },
  ocrSeparate: { method: 'POST', path: '/auth/v1/ocr-separate', body: OcrForm, encoding: 'upload', answer: OcrResult, token: true, beyondSpec: false },
  submitKyc: { method: 'POST', path: '/auth/v1/kyc-info/aadhaar-pan', body: KycPayload, answer: Ignored, token: true, beyondSpec: false, intent: true },
  sendAadhaarOtp: { method: 'POST', path: '/auth/v2/aadhaar/send-otp', body: SendAadhaarOtpPayload, answer: AadhaarSendOtp, token: true, beyondSpec: false },
  verifyAadhaarOtp: { method: 'POST', path: '/auth/aadhaar/verify', body: VerifyAadhaarOtpPayload, answer: Ignored, token: true, beyondSpec: false },
  livingCheckConfig: { method: 'GET', path: '/auth/v1/living-check-config', answer: LivingCheckConfig, token: true, beyondSpec: false },
  livingCheck: { method: 'POST', path: '/auth/v3/living-check', body: LivingCheckForm, encoding: 'upload', answer: LivingCheck, token: true, beyondSpec: false },
  livingHold: { method: 'POST', path: '/auth/v1/kyc-info/living-hold', body: EmptyBody, answer: Ignored, token: true, beyondSpec: false },
  /** The spec writes it without a leading slash ("authen/h5/face-result"). */
  faceResult: { method: 'GET', path: '/authen/h5/face-result', answer: FaceResult, token: true, beyondSpec: false },
  /** ?type=baseInfo or contactInfo */
  pageInfo: { method: 'GET', path: '/auth/v1/auth-page-info', query: PageInfoQuery, answer: AuthPageInfo, token: true, beyondSpec: false },
  /** ?type=workInfo */
  workPageInfo: { method: 'GET', path: '/auth/v2/auth-page-info', query: WorkPageInfoQuery, answer: WorkPageInfo, token: true, beyondSpec: false },
  states: { method: 'GET', path: '/map-state/v1/list', answer: PlaceList, token: false, beyondSpec: false },
  districts: { method: 'GET', path: '/map-state/v1/district/{stateId}', params: { stateId: StateIdParam }, answer: PlaceList, token: false, beyondSpec: false },
  baseInfo: { method: 'POST', path: '/auth/v1/base-info', body: FormAnswers, answer: Ignored, token: true, beyondSpec: false, intent: true },
  workInfo: { method: 'POST', path: '/auth/v1/work-info', body: FormAnswers, answer: Ignored, token: true, beyondSpec: false, intent: true },
  contacts: { method: 'POST', path: '/auth/v1/contacts', body: ContactPayload, answer: Ignored, token: true, beyondSpec: false, intent: true },
} as const satisfies Record<string, Endpoint>;

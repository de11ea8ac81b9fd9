/**
 * The verification journey (spec §3 'Verification status', 'Auth page field', 'Contact payload';
 * §7 the step router, KYC in both variants, face, the dynamic forms, states and districts, contacts).
 * Wire decisions where the spec is silent are in docs/sandbox/verification.md 'Verification'.
 */
import * as v from 'valibot';
import { codeOr, EmptyBody, flag, id, lenient, list, num, optionalCode, optionalFlag, optionalNum, optionalObject, optionalText, text } from './common';
import { Ignored } from './envelope';
import type { Endpoint } from './endpoint';

/** A text that may arrive as a JSON number (an Aadhaar, a PIN code); trimmed. */
const str = v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))], 'Expected a text'), v.trim());
const optionalStr = v.optional(v.pipe(v.nullable(str), v.transform((x) => x ?? '')), '');

// ---------- The step router ----------
export const AuthStepKey = v.picklist(['basic', 'work', 'identity', 'face', 'contacts']);
export type AuthStepKey = v.InferOutput<typeof AuthStepKey>;
/**
 * GET /auth/v1/find-user-auth: the steps in order, and one flag per step (0 not done). A key the app
 * cannot read is '' (an unknown step, skipped); a flag it cannot read is 0: the step is offered
 * rather than skipped, since the lender is the one who asked for it.
 */
export const VerificationStatus = v.looseObject({
  userAuthConfigVoList: list(v.looseObject({ key: text })),
  basic: codeOr(0),
  work: codeOr(0),
  kycAadhaarAndPan: codeOr(0),
  kycFaceAndHold: codeOr(0),
  contact: codeOr(0),
});
export type VerificationStatus = v.InferOutput<typeof VerificationStatus>;

// ---------- Image uploads (multipart forms) ----------
/** A form field that must be one of `options`, trimmed ('1', '2', …). */
const formChoice = <const T extends readonly [string, ...string[]]>(options: T, message: string) =>
  v.pipe(v.string(), v.trim(), v.picklist(options, message));
/** A file part (a text where a file belongs is refused: the server says "Only image files can be uploaded"). */
const filePart = v.blob();
/** POST authen/upload (form: type 1 Aadhaar front, 2 Aadhaar back, 3 PAN card, 4 face photo; file). */
export const UploadForm = v.looseObject({ type: formChoice(['1', '2', '3', '4'], 'type must be 1, 2, 3 or 4'), file: filePart });
/** Its answer (the app ignores it): the stored image's id, for GET authen/file/{fileId}. */
export const UploadResult = v.looseObject({ type: num, fileId: v.string(), size: num });
/** POST /auth/v1/ocr-separate (form: type 1 Aadhaar front, 2 Aadhaar back, 3 PAN card; image; notNeed '1': already uploaded, read only). */
export const OcrForm = v.looseObject({
  type: formChoice(['1', '2', '3'], 'type must be 1, 2 or 3'),
  image: filePart,
  notNeed: v.optional(v.pipe(v.string(), v.trim())),
});
/** POST /auth/v3/living-check (form: image). */
export const LivingCheckForm = v.looseObject({ image: filePart });

// ---------- KYC ----------
/** GET /auth/kyc-auth-config?type=1 */
export const KycConfigQuery = v.looseObject({ type: v.literal('1', 'type must be 1') });
/**
 * No photoType on the first entry (absent, null, '', or anything but a text or a number) means the
 * no-upload variant (spec §2 KYC).
 */
export const KycAuthConfig = v.looseObject({
  KycPageInfoVo: list(v.looseObject({ photoType: optionalText, title: text })),
});
export type KycAuthConfig = v.InferOutput<typeof KycAuthConfig>;
/** POST /auth/v1/ocr-separate: what was read off the image. */
export const OcrResult = v.looseObject({ name: text, idNo: text, panNo: text });
export type OcrResult = v.InferOutput<typeof OcrResult>;
/** POST /auth/v1/kyc-info/aadhaar-pan: {realName, idNo, panNo} (upload variant) or {idNo, panNo}. */
export const KycPayload = v.object({ realName: optionalStr, idNo: optionalStr, panNo: optionalStr });
export type KycPayload = v.InferInput<typeof KycPayload>;
/** POST /auth/v2/aadhaar/send-otp */
export const SendAadhaarOtpPayload = v.object({ aadhaar: v.pipe(str, v.maxLength(20)) });
export type SendAadhaarOtpPayload = v.InferOutput<typeof SendAadhaarOtpPayload>;
/** Its answer: state 0 sent, 1 already verified; otherwise (null too) `verifier.message` says why not. */
export const AadhaarSendOtp = v.looseObject({
  state: optionalCode,
  verifier: optionalObject({ success: optionalFlag, message: text }),
});
export type AadhaarSendOtp = v.InferOutput<typeof AadhaarSendOtp>;
/** POST /auth/aadhaar/verify */
export const VerifyAadhaarOtpPayload = v.object({
  aadhaar: v.pipe(str, v.maxLength(20)),
  otp: v.pipe(str, v.regex(/^\d{1,6}$/, 'otp must be up to 6 digits')),
});
export type VerifyAadhaarOtpPayload = v.InferOutput<typeof VerifyAadhaarOtpPayload>;

// ---------- Face ----------
/** GET authen/h5/face-result: status 1 success, anything else (null too) failure. */
export const FaceResult = v.looseObject({ status: optionalCode });
export type FaceResult = v.InferOutput<typeof FaceResult>;
/**
 * GET /auth/v1/living-check-config: data['living-config'], a flag read as "the flow also needs
 * living-hold" (1, '1', true). Anything else, {"type": "h5"} or a data that is not an object
 * included, is no living-hold.
 */
export const LivingCheckConfig = v.pipe(
  lenient(v.looseObject({ 'living-config': flag }), { 'living-config': false }),
  v.transform((d) => ({ needsHold: d['living-config'] })),
);
export type LivingCheckConfig = v.InferOutput<typeof LivingCheckConfig>;
/** POST /auth/v3/living-check: a status when the backend sends one (the result page reads face-result anyway); else null. */
export const LivingCheck = v.pipe(
  lenient(v.looseObject({ status: optionalCode }), { status: null }),
  v.transform((d) => ({ status: d.status ?? null })),
);
export type LivingCheck = v.InferOutput<typeof LivingCheck>;

// ---------- Basic info, work info, contacts ----------
/** dictValue is what is sent back: required. The label is shown. */
export const DictionaryItem = v.looseObject({
  dictLabel: text,
  dictValue: v.union([v.string(), v.pipe(v.number(), v.transform(String))], 'dictValue must be a text or a number'),
});
export type DictionaryItem = v.InferOutput<typeof DictionaryItem>;
export const AuthPageField = v.looseObject({
  /** The title shown to the borrower. */
  key: text,
  /** The parameter name sent back: required. */
  value: v.string('value must be a text'),
  /** 0 dropdown, 1 text/number input, 3 day of month 1-31, 4 state list, 5 district list of the state. */
  dataType: num,
  checkReq: optionalNum,
  /** 1 means numeric. */
  checkType: optionalNum,
  lengthLimitMax: optionalNum,
  label: text,
  dictionaryVoList: list(DictionaryItem),
});
export type AuthPageField = v.InferOutput<typeof AuthPageField>;
/** GET /auth/v1/auth-page-info?type=baseInfo|contactInfo */
export const PageInfoQuery = v.looseObject({ type: v.picklist(['baseInfo', 'contactInfo'], 'type must be baseInfo or contactInfo') });
export type PageInfoType = v.InferOutput<typeof PageInfoQuery>['type'];
export const AuthPageInfo = list(AuthPageField);
/** GET /auth/v2/auth-page-info?type=workInfo */
export const WorkPageInfoQuery = v.looseObject({ type: v.literal('workInfo', 'type must be workInfo') });
export const WorkPageInfo = v.looseObject({ canHidden: list(AuthPageField), cannotHidden: list(AuthPageField) });
export type WorkPageInfo = v.InferOutput<typeof WorkPageInfo>;
/** POST /auth/v1/base-info and /auth/v1/work-info: parameter name → chosen value. */
export const FormAnswers = v.pipe(
  v.record(v.pipe(v.string(), v.maxLength(40)), v.nullable(v.union([v.string(), v.number()]))),
  v.transform((o) => Object.fromEntries(Object.entries(o).map(([k, x]) => [k, x === null ? '' : String(x).trim()]))),
);
export type FormAnswers = v.InferOutput<typeof FormAnswers>;
/** A failed form call: data.errorColumn, one message per field at fault (spec §8). */
export const ErrorColumns = v.looseObject({ errorColumn: list(v.looseObject({ column: optionalText, msg: text })) });
export type ErrorColumn = { column: string | null; msg: string };

/** A state or district (GET /map-state/v1/list, /map-state/v1/district/{stateId}). */
export const Place = v.looseObject({ id, name: text });
export type Place = v.InferOutput<typeof Place>;
export const PlaceList = list(Place);
/** The {stateId} of GET /map-state/v1/district/{stateId}. */
export const StateIdParam = v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'stateId must be a number'));

/** POST /auth/v1/contacts: three contacts, {one,two,third}{Name,Mobile,Relation}. Checked field by field (errorColumn). */
export const CONTACT_SLOTS = ['one', 'two', 'third'] as const;
export type ContactSlot = (typeof CONTACT_SLOTS)[number];
export type ContactPayload = Record<`${ContactSlot}${'Name' | 'Mobile' | 'Relation'}`, string>;
export const ContactPayload = v.looseObject(
  Object.fromEntries(CONTACT_SLOTS.flatMap((p) => [`${p}Name`, `${p}Mobile`, `${p}Relation`].map((k) => [k, optionalStr]))) as Record<
    keyof ContactPayload,
    typeof optionalStr
  >,
);

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// The verification steps (spec §7): the step router, KYC, face, the forms and their place lists, contacts.

const verificationStatus = { method: 'GET', path: '/auth/v1/find-user-auth', answer: VerificationStatus, token: true, beyondSpec: false } as const satisfies Endpoint;

/** ?type=1 */
const kycConfig = { method: 'GET', path: '/auth/kyc-auth-config', query: KycConfigQuery, answer: KycAuthConfig, token: true, beyondSpec: false } as const satisfies Endpoint;

/** The spec writes it without a leading slash ("authen/upload"); it is under the base like every call. */
const uploadImage = { method: 'POST', path: '/authen/upload', body: UploadForm, encoding: 'upload', answer: Ignored, token: true, beyondSpec: false } as const satisfies Endpoint;

/** A stored upload, as the file itself (no envelope): for QA and tests. */
const uploadedFile = {
  method: 'GET',
  path: '/authen/file/{fileId}',
  params: { fileId: v.string() },
  answer: Ignored,
  answersFile: true,
  token: true,
  beyondSpec: true,
  caller: 'qa',
} as const satisfies Endpoint;

const ocrSeparate = { method: 'POST', path: '/auth/v1/ocr-separate', body: OcrForm, encoding: 'upload', answer: OcrResult, token: true, beyondSpec: false } as const satisfies Endpoint;

const submitKyc = { method: 'POST', path: '/auth/v1/kyc-info/aadhaar-pan', body: KycPayload, answer: Ignored, token: true, beyondSpec: false, intent: true } as const satisfies Endpoint;

const sendAadhaarOtp = { method: 'POST', path: '/auth/v2/aadhaar/send-otp', body: SendAadhaarOtpPayload, answer: AadhaarSendOtp, token: true, beyondSpec: false } as const satisfies Endpoint;

const verifyAadhaarOtp = { method: 'POST', path: '/auth/aadhaar/verify', body: VerifyAadhaarOtpPayload, answer: Ignored, token: true, beyondSpec: false } as const satisfies Endpoint;

const livingCheckConfig = { method: 'GET', path: '/auth/v1/living-check-config', answer: LivingCheckConfig, token: true, beyondSpec: false } as const satisfies Endpoint;

const livingCheck = { method: 'POST', path: '/auth/v3/living-check', body: LivingCheckForm, encoding: 'upload', answer: LivingCheck, token: true, beyondSpec: false } as const satisfies Endpoint;

const livingHold = { method: 'POST', path: '/auth/v1/kyc-info/living-hold', body: EmptyBody, answer: Ignored, token: true, beyondSpec: false } as const satisfies Endpoint;

/** The spec writes it without a leading slash ("authen/h5/face-result"). */
const faceResult = { method: 'GET', path: '/authen/h5/face-result', answer: FaceResult, token: true, beyondSpec: false } as const satisfies Endpoint;

/** ?type=baseInfo or contactInfo */
const pageInfo = { method: 'GET', path: '/auth/v1/auth-page-info', query: PageInfoQuery, answer: AuthPageInfo, token: true, beyondSpec: false } as const satisfies Endpoint;

/** ?type=workInfo */
const workPageInfo = { method: 'GET', path: '/auth/v2/auth-page-info', query: WorkPageInfoQuery, answer: WorkPageInfo, token: true, beyondSpec: false } as const satisfies Endpoint;

const states = { method: 'GET', path: '/map-state/v1/list', answer: PlaceList, token: false, beyondSpec: false } as const satisfies Endpoint;

const districts = { method: 'GET', path: '/map-state/v1/district/{stateId}', params: { stateId: StateIdParam }, answer: PlaceList, token: false, beyondSpec: false } as const satisfies Endpoint;

const baseInfo = { method: 'POST', path: '/auth/v1/base-info', body: FormAnswers, answer: Ignored, token: true, beyondSpec: false, intent: true } as const satisfies Endpoint;

const workInfo = { method: 'POST', path: '/auth/v1/work-info', body: FormAnswers, answer: Ignored, token: true, beyondSpec: false, intent: true } as const satisfies Endpoint;

const contacts = { method: 'POST', path: '/auth/v1/contacts', body: ContactPayload, answer: Ignored, token: true, beyondSpec: false, intent: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const verificationCalls = { verificationStatus, kycConfig, uploadImage, uploadedFile, ocrSeparate, submitKyc, sendAadhaarOtp, verifyAadhaarOtp, livingCheckConfig, livingCheck, livingHold, faceResult, pageInfo, workPageInfo, states, districts, baseInfo, workInfo, contacts } as const;

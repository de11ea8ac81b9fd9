/**
 * The event cases of the KYC step (tests/machines/kyc.machine.test.ts, tests/views/kyc.paths.test.tsx,
 * `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 *
 * The fields matter only through what Submit would say about them (submitProblem), so `serialize`
 * keeps that, not the digits: the graph stays small while every transition is still taken.
 */
import type { SnapshotFrom } from 'xstate';
import type { AadhaarSendOtp, KycAuthConfig, OcrResult } from '../../contract/verification';
import { actorDone, actorError, delayElapsed, type CaseList } from '../shared/cases';
import type { StepStatus } from '../shared/steps';
import { kycMachine, type KycInput } from './kyc.machine';
import { emptyKycDraft, submitProblem, type KycDraft } from './kyc.rules';

/** Valid numbers (Verhoeff check digit; PAN of a person) and invalid ones. */
export const VALID_AADHAAR = '234567890124';
export const BAD_AADHAAR = '234567890123';
export const VALID_PAN = 'ABCPE1234F';
export const BAD_PAN = 'ABC12';
export const NAME = 'Asha Verma';
export const PID = '7';

/** find-user-auth's flags: KYC not done yet; KYC done (a second tab, Back, the face result's link). */
export const KYC_PENDING: StepStatus = { kycAadhaarAndPan: 0, kycFaceAndHold: 0, basic: 0, work: 0, contact: 0 };
export const KYC_DONE: StepStatus = { ...KYC_PENDING, kycAadhaarAndPan: 1 };

export const UPLOAD_CONFIG: KycAuthConfig = {
  KycPageInfoVo: [
    { photoType: '1', title: 'Aadhaar front' },
    { photoType: '2', title: 'Aadhaar back' },
    { photoType: '3', title: 'PAN card' },
  ],
};
export const OTP_CONFIG: KycAuthConfig = { KycPageInfoVo: [{ title: 'Aadhaar' }, { title: 'PAN' }] };

export const FRONT_FILE = new Blob(['front'], { type: 'image/jpeg' });
export const OCR_READ: OcrResult = { name: 'Asha Verma', idNo: VALID_AADHAAR, panNo: '' };
export const OCR_FAILURE = new Error('Could not read the image');
export const STATUS_FAILURE = new Error('Network busy, please try again');
export const LOAD_FAILURE = new Error('Service busy, please try again');
export const SUBMIT_FAILURE = new Error('Please Upload PAN ');
export const SEND_FAILURE = new Error('Network busy');
export const VERIFY_FAILURE = new Error('Incorrect OTP, please try again');
export const OTP_SENT: AadhaarSendOtp = { state: 0, verifier: { success: true, message: 'OTP sent to the mobile number linked with Aadhaar' } };
export const OTP_ALREADY: AadhaarSendOtp = { state: 1, verifier: { success: true, message: 'Aadhaar already verified' } };
export const OTP_REFUSED = { state: 2, verifier: { success: false, message: 'Please wait 60 seconds before requesting another OTP' } } satisfies AadhaarSendOtp;

export const cases = [
  actorDone('loadStatus', KYC_PENDING),
  actorDone('loadStatus', KYC_DONE),
  actorError('loadStatus', STATUS_FAILURE),
  actorDone('loadConfig', UPLOAD_CONFIG),
  actorDone('loadConfig', OTP_CONFIG),
  actorError('loadConfig', LOAD_FAILURE),
  { type: 'load.retried' },
  { type: 'consent.given' },
  { type: 'name.changed', value: NAME },
  { type: 'aadhaar.changed', value: VALID_AADHAAR },
  { type: 'aadhaar.changed', value: BAD_AADHAAR },
  { type: 'pan.changed', value: VALID_PAN },
  { type: 'pan.changed', value: BAD_PAN },
  { type: 'image.uploaded', slot: 'front', fileName: 'front.jpg', file: FRONT_FILE },
  { type: 'image.uploaded', slot: 'back', fileName: 'back.jpg', file: null },
  { type: 'image.uploaded', slot: 'pan', fileName: 'pan.jpg', file: null },
  { type: 'image.cleared', slot: 'front' },
  { type: 'image.cleared', slot: 'back' },
  actorDone('ocr', OCR_READ),
  actorError('ocr', OCR_FAILURE),
  { type: 'kyc.submitted' },
  actorDone('submitKyc', undefined),
  actorError('submitKyc', SUBMIT_FAILURE),
  { type: 'otp.requested' },
  actorDone('sendAadhaarOtp', OTP_SENT),
  actorDone('sendAadhaarOtp', OTP_ALREADY),
  actorDone('sendAadhaarOtp', OTP_REFUSED),
  actorError('sendAadhaarOtp', SEND_FAILURE),
  { type: 'otp.changed', value: '123456' },
  { type: 'otp.changed', value: '12' },
  { type: 'otp.submitted' },
  { type: 'otp.resent' },
  { type: 'otp.dismissed' },
  actorDone('verifyAadhaarOtp', undefined),
  actorError('verifyAadhaarOtp', VERIFY_FAILURE),
  // The resend countdown of the OTP dialog ran out.
  delayElapsed(kycMachine, 'resendCooldown', 'kyc.ready.variant.otp.dialog.resend.cooldown'),
] satisfies CaseList<typeof kycMachine>;

/**
 * A restored draft: everything filled in the upload variant; a verified number in the OTP variant.
 * The `restored` input has both: a number verified by OTP shows masked in the upload variant too.
 */
export const RESTORED_UPLOAD: KycDraft = {
  ...emptyKycDraft(),
  realName: NAME,
  idNo: VALID_AADHAAR,
  panNo: VALID_PAN,
  images: { front: 'front.jpg', back: 'back.jpg', pan: 'pan.jpg' },
};
export const RESTORED_VERIFIED: KycDraft = { ...emptyKycDraft(), idNo: VALID_AADHAAR, verifiedAadhaar: VALID_AADHAAR };

export const inputs = {
  firstVisit: { pid: PID, now: () => 0 },
  restored: { pid: PID, draft: { ...RESTORED_UPLOAD, verifiedAadhaar: VALID_AADHAAR }, now: () => 0 },
} satisfies Record<string, KycInput>;

export function serialize(snapshot: SnapshotFrom<typeof kycMachine>) {
  const c = snapshot.context;
  const problem = c.variant ? submitProblem(c) : null;
  return {
    value: snapshot.value,
    variant: c.variant,
    // What Submit would say decides what happens next; the exact digits do not.
    problem: c.variant ? (problem ? `${problem.field}${JSON.stringify(problem.message)}` : 'null') : null,
    idNo: c.idNo.length === 0 ? 'empty' : c.idNo === c.verifiedAadhaar ? 'verified' : 'typed',
    ocrFilled: c.ocrFilled.realName !== null,
    fieldError: c.fieldError?.field ?? null,
    otp: c.otp.length,
    otpError: c.otpError !== null,
    otpPending: c.otpFor === c.idNo && c.otpDeadline !== null,
    // A submit that failed keeps its key for the retry.
    intentPending: c.idempotencyKey !== null,
  };
}

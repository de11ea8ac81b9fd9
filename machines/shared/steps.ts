/**
 * The verification steps (spec §3 'Verification status', §4): each step key of the status list and
 * the flag that says it is done. Shared by the hub, which routes to the first step not done, and by
 * every step page, which forwards to the hub when its step is already done.
 */
import type { VerificationStatus } from '../../contract/verification';

/** Each step key of userAuthConfigVoList and the status flag that says it is done (not 0). */
export const STEP_FLAGS = {
  basic: 'basic',
  work: 'work',
  identity: 'kycAadhaarAndPan',
  face: 'kycFaceAndHold',
  contacts: 'contact',
} as const;

export type StepKey = keyof typeof STEP_FLAGS;
export type StepFlag = (typeof STEP_FLAGS)[StepKey];
/** The done flags of find-user-auth: what a step page loads to know whether its step is done already. */
export type StepStatus = Pick<VerificationStatus, StepFlag>;

export const isStepKey = (key: string): key is StepKey => Object.prototype.hasOwnProperty.call(STEP_FLAGS, key);

/** A step is done when its flag is not 0. */
export const stepDone = (status: StepStatus, key: StepKey): boolean => status[STEP_FLAGS[key]] !== 0;

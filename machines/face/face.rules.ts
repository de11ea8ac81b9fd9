/**
 * Face step rules (spec §2 'Face', §4 'Face result', §5, contract 'Face'). Pure. The messages are
 * named by key (i18n/en/face.ts).
 */
import type { LivingCheck } from '../../contract/verification';

/** Spec §4: face-result status 1 is success, anything else failure. */
export const faceResultPassed = (status: number | null | undefined): boolean => status === 1;

/**
 * After a living check, is POST living-hold the next call? Only when the config asks for it and the
 * check did not say it failed: a status other than 1 (e.g. 2, no face found) goes straight to the
 * result page, which shows the failure and the way back (a hold would be refused anyway). A backend
 * that sends no status is given the benefit of the doubt.
 */
export function holdNeeded(needsHold: boolean, checkStatus: LivingCheck['status']): boolean {
  return needsHold && (checkStatus === null || checkStatus === 1);
}

/**
 * The status of a living check from what the image pipeline reports (it knows its upload call only
 * as returning something): the number, or null when there is none.
 */
export function livingCheckStatus(output: unknown): LivingCheck['status'] {
  const status = (output as Partial<LivingCheck> | null | undefined)?.status;
  return typeof status === 'number' ? status : null;
}

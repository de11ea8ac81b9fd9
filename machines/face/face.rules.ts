/**
 * Face step rules (spec §2 'Face', §4 'Face result', §5, contract 'Face'). Pure.
 */

/** Spec §5, verbatim (trailing space included): Continue without a checked photo. */
export const FACE_REQUIRED_MESSAGE = 'Please Upload Face Recognition ';

/** Spec §4: face-result status 1 is success, anything else failure. */
export const faceResultPassed = (status: number | null | undefined): boolean => status === 1;

/**
 * After a living check, is POST living-hold the next call? Only when the config asks for it and the
 * check did not say it failed: a status other than 1 (e.g. 2, no face found) goes straight to the
 * result page, which shows the failure and the way back (a hold would be refused anyway). A backend
 * that sends no status is given the benefit of the doubt.
 */
export function holdNeeded(needsHold: boolean, checkStatus: number | null): boolean {
  return needsHold && (checkStatus === null || checkStatus === 1);
}

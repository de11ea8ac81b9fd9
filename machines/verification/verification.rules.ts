/**
 * Verification router rules (spec §2 'Verification router', §3 'Verification status', §4).
 * Pure functions used by the router machine and its tests. The types name only what the rules need,
 * so the parsed GET /auth/v1/find-user-auth answer (src/api/schemas.ts VerificationStatus) fits.
 */

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

export interface VerificationStatusLike {
  userAuthConfigVoList: readonly { key: string }[];
  basic: number;
  work: number;
  kycAadhaarAndPan: number;
  kycFaceAndHold: number;
  contact: number;
}

export const isStepKey = (key: string): key is StepKey => Object.prototype.hasOwnProperty.call(STEP_FLAGS, key);

/** The steps in the server's order: known keys only, each once (a repeated key keeps its first place). */
export function stepsOf(status: VerificationStatusLike): StepKey[] {
  const steps: StepKey[] = [];
  for (const { key } of status.userAuthConfigVoList) if (isStepKey(key) && !steps.includes(key)) steps.push(key);
  return steps;
}

/** Keys in the list the app does not know (skipped, and reported to the console). */
export function unknownKeys(status: VerificationStatusLike): string[] {
  return status.userAuthConfigVoList.map((s) => s.key).filter((key) => !isStepKey(key));
}

/** A step is done when its flag is not 0. */
export const stepDone = (status: VerificationStatusLike, key: StepKey): boolean => status[STEP_FLAGS[key]] !== 0;

/** The first step not done, with its 1-based position and the number of steps; null when every step is done. */
export function firstPendingStep(status: VerificationStatusLike): { key: StepKey; step: number; total: number } | null {
  const steps = stepsOf(status);
  const index = steps.findIndex((key) => !stepDone(status, key));
  return index < 0 ? null : { key: steps[index] as StepKey, step: index + 1, total: steps.length };
}

/** /auth/{key}?pid=&step=&as= */
export function stepPath(key: StepKey, pid: string, step: number, total: number): string {
  const q = new URLSearchParams({ pid, step: String(step), as: String(total) });
  return `/auth/${key}?${q.toString()}`;
}

/** Where the borrower goes when every step is done: the loan confirmation page. */
export const productDetailPath = (pid: string) => `/product/${encodeURIComponent(pid)}/detail`;

/** The product page, where OK of the router's 'Info' dialog goes back to. */
export const productPath = (pid: string) => `/product/${encodeURIComponent(pid)}`;

/** Where the router sends the borrower: the first step not done, or (all done, or no known step) the confirmation page. */
export function nextRoute(status: VerificationStatusLike, pid: string): { kind: 'step'; key: StepKey; to: string } | { kind: 'done'; to: string } {
  const pending = firstPendingStep(status);
  return pending
    ? { kind: 'step', key: pending.key, to: stepPath(pending.key, pid, pending.step, pending.total) }
    : { kind: 'done', to: productDetailPath(pid) };
}

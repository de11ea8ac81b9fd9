/**
 * Verification router rules (spec §2 'Verification router', §3 'Verification status', §4).
 * Pure functions used by the router machine and its tests, over the contract's VerificationStatus.
 */
import type { VerificationStatus } from '../../contract/verification';
import { paths } from '../shared/paths';
import { isStepKey, STEP_FLAGS, stepDone, type StepFlag, type StepKey } from '../shared/steps';

export { isStepKey, STEP_FLAGS, stepDone, type StepFlag, type StepKey };

/** What the rules read of GET /auth/v1/find-user-auth. */
export type VerificationStatusFlags = Pick<VerificationStatus, 'userAuthConfigVoList' | StepFlag>;

/** The steps in the server's order: known keys only, each once (a repeated key keeps its first place). */
export function stepsOf(status: VerificationStatusFlags): StepKey[] {
  const steps: StepKey[] = [];
  for (const { key } of status.userAuthConfigVoList) if (isStepKey(key) && !steps.includes(key)) steps.push(key);
  return steps;
}

/** Keys in the list the app does not know (skipped, and reported to the console). */
export function unknownKeys(status: VerificationStatusFlags): string[] {
  return status.userAuthConfigVoList.map((s) => s.key).filter((key) => !isStepKey(key));
}

/** The first step not done, with its 1-based position and the number of steps; null when every step is done. */
export function firstPendingStep(status: VerificationStatusFlags): { key: StepKey; step: number; total: number } | null {
  const steps = stepsOf(status);
  const index = steps.findIndex((key) => !stepDone(status, key));
  return index < 0 ? null : { key: steps[index] as StepKey, step: index + 1, total: steps.length };
}

/** Where the router sends the borrower: the first step not done, or (all done, or no known step) the confirmation page. */
export function nextRoute(status: VerificationStatusFlags, pid: string): { kind: 'step'; key: StepKey; to: string } | { kind: 'done'; to: string } {
  const pending = firstPendingStep(status);
  return pending
    ? { kind: 'step', key: pending.key, to: paths.authStep.href(pending.key, { pid, step: pending.step, total: pending.total }) }
    : { kind: 'done', to: paths.productDetail.href(pid) };
}

/**
 * The call every verification step starts with: GET /auth/v1/find-user-auth, whose flag says
 * whether the step is done already. Each step machine asks it before loading its own config or
 * form, so a finished borrower goes on to the hub whatever else the backend would answer.
 */
import type { StepStatus } from '../../../machines/shared/steps';
import { getVerificationStatus, keepStatusAhead } from '../../api/verification';
import { fromCall } from '../../lib/abortable';

/**
 * The `loadStatus` actor of the kyc, face, basic/work and contacts machines. The answer is kept for
 * the hub, where a step done already sends the borrower (one round trip less).
 */
export const loadStepStatus = fromCall(async (_, signal): Promise<StepStatus> => {
  const status = await getVerificationStatus({ signal });
  keepStatusAhead(status);
  return status;
});

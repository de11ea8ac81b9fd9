/**
 * The verification hub's effects: the status call, and navigation (the hub replaces itself). Sending
 * the borrower to a step, it starts that step's reads with the status it has (readStepAhead).
 */
import type { verificationMachine } from '../../../machines/verification/verification.machine';
import { paths, type AuthStepPage } from '../../../machines/shared/paths';
import type { VerificationStatus } from '../../../contract/verification';
import { getVerificationStatus, readStepAhead } from '../../api/verification';
import { fromCall } from '../../lib/abortable';
import { preloadScreenOf } from '../../lib/screen-preload';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';

/** Unknown step keys the router skipped: a console warning for the developers. */
const warnUnknown = (keys: string[]) => {
  if (keys.length) console.warn(`Verification router: skipped unknown step keys ${keys.join(', ')}`);
};

const STEPS = Object.entries(paths.authStep.patterns) as [AuthStepPage, string][];
/** The step an address names (`/auth/basic?pid=…` → 'basic'), or null. */
export const stepOf = (to: string): AuthStepPage | null => STEPS.find(([, pattern]) => to.split(/[?#]/)[0] === pattern)?.[0] ?? null;

export function verificationEffects(nav: Navigate): Effects<typeof verificationMachine> {
  let status: VerificationStatus | null = null;
  const navigate = navigateWith(nav);
  return {
    actors: {
      loadStatus: fromCall(async (_, signal) => (status = await getVerificationStatus({ signal }))),
    },
    actions: {
      navigate: (args, params) => {
        const step = stepOf(params.to);
        if (step && status) {
          readStepAhead(step, status);
          preloadScreenOf(params.to.split(/[?#]/)[0]!);
        }
        navigate(args, params);
      },
      reportUnknownSteps: (_, { keys }) => warnUnknown(keys),
    },
  };
}

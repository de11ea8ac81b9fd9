/** The verification hub's effects: the status call, and navigation (the hub replaces itself). */
import type { verificationMachine } from '../../../machines/verification/verification.machine';
import { getVerificationStatus } from '../../api/verification';
import { fromCall } from '../../lib/abortable';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';

/** Unknown step keys the router skipped: a console warning for the developers. */
const warnUnknown = (keys: string[]) => {
  if (keys.length) console.warn(`Verification router: skipped unknown step keys ${keys.join(', ')}`);
};

export function verificationEffects(nav: Navigate): Effects<typeof verificationMachine> {
  return {
    actors: { loadStatus: fromCall((_, signal) => getVerificationStatus({ signal })) },
    actions: {
      navigate: navigateWith(nav),
      reportUnknownSteps: (_, { keys }) => warnUnknown(keys),
    },
  };
}

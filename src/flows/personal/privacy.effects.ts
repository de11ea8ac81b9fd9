/** The effects of the privacy centre: its calls, and a consent changed on the device (src/lib/consents.ts). */
import type { privacyMachine } from '../../../machines/privacy/privacy.machine';
import { getPrivacy, requestDeletion, setConsent } from '../../api/privacy';
import { fromCall } from '../../lib/abortable';
import { localConsents } from '../../lib/consents';
import type { Effects } from '../shared/effects';

export function privacyEffects(calls = { getPrivacy, setConsent, requestDeletion }): Effects<typeof privacyMachine> {
  return {
    actors: {
      loadPrivacy: fromCall((_, signal) => calls.getPrivacy({ signal })),
      saveConsent: fromCall(({ purpose, given }, signal) => calls.setConsent(purpose, given, { signal })),
      requestDeletion: fromCall((_, signal) => calls.requestDeletion({ signal })),
    },
    actions: {
      applyOnDevice: (_, { purpose, given }) => (given ? localConsents.give(purpose) : localConsents.withdraw(purpose)),
    },
  };
}

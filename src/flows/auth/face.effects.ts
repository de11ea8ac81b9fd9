/**
 * The face step's effects: the verification status, then the living-check config, living-hold, and
 * navigation (the step replaces itself with the result page, or with the hub when it is done). The
 * living check is the photo pipeline's upload call (`livingCheckUpload`, given to the slot in
 * FaceRoute.tsx), which reports to the machine.
 */
import type { faceMachine } from '../../../machines/face/face.machine';
import { getLivingCheckConfig, livingCheck, livingHold } from '../../api/verification';
import { noteConsentGiven } from '../../api/privacy';
import { fromCall } from '../../lib/abortable';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';
import { loadStepStatus } from './step.effects';
import type { UploadCall } from './upload/upload.effects';

/** The photo slot's upload call: POST /auth/v3/living-check (form: image), with progress. */
export const livingCheckUpload: UploadCall = fromCall(
  // Its answer (the check's status) reaches the face machine through the slot's report.
  ({ file, fileName, onProgress }, signal): Promise<unknown> => livingCheck(file, fileName, { signal, onProgress }),
);

export function faceEffects(nav: Navigate): Effects<typeof faceMachine> {
  return {
    actors: {
      loadStatus: loadStepStatus,
      loadConfig: fromCall((_, signal) => getLivingCheckConfig({ signal })),
      livingHold: fromCall((_, signal) => livingHold({ signal })),
    },
    actions: { navigate: navigateWith(nav), recordConsent: () => noteConsentGiven('face') },
  };
}

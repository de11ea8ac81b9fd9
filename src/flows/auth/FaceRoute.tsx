/**
 * Route component for /auth/face?pid=&step=&as=: the face machine with its effects (face.effects.ts),
 * and beside it the shared image pipeline with living-check as its upload call
 * (src/flows/auth/upload/useImageUpload.ts). The pipeline tells the face machine when the current
 * photo's living check answered (`photo.checked`) and when the photo changed (`photo.changed`).
 * `FaceFlow` takes the provided machine and the pipeline's options, so tests provide fakes the same way.
 */
import { useActorRef } from '@xstate/react';
import { useLocation } from 'wouter';
import { faceMachine } from '../../../machines/face/face.machine';
import { livingCheckStatus } from '../../../machines/face/face.rules';
import { paths } from '../../../machines/shared/paths';
import { inspect } from '../../lib/inspect';
import { faceEffects, livingCheckUpload } from './face.effects';
import { FaceView } from './FaceView';
import { useStepQuery, type StepQuery } from './step';
import { useImageUpload, type ImageUploadOptions } from './upload/useImageUpload';
import { useProvided } from '../shared/effects';

/** The photo pipeline's upload call (POST /auth/v3/living-check), and its compressor and limit (tests pass small fakes). */
export type FacePhotoOptions = Pick<ImageUploadOptions, 'upload' | 'compress' | 'maxBytes'>;

export function FaceFlow({ machine, query, photo: options }: { machine: typeof faceMachine; query: StepQuery; photo: FacePhotoOptions }) {
  const face = useActorRef(machine, { input: { query }, inspect });
  const photo = useImageUpload({
    ...options,
    onUploaded: ({ output }) => face.send({ type: 'photo.checked', status: livingCheckStatus(output) }),
    onChanged: () => face.send({ type: 'photo.changed' }),
  });
  return <FaceView face={face} photo={photo} step={query.step} total={query.total} backTo={query.pid ? paths.product.href(query.pid) : paths.home.href()} />;
}

const photoOptions: FacePhotoOptions = { upload: livingCheckUpload };

export default function FaceRoute() {
  const query = useStepQuery();
  const [, navigate] = useLocation();
  const machine = useProvided(faceMachine, () => faceEffects(navigate));
  return <FaceFlow machine={machine} query={query} photo={photoOptions} />;
}

/**
 * Route component for /auth/face?pid=&step=&as=: provides the face machine's effects (the config
 * and living-hold calls, the way to the result page) and runs the shared image pipeline beside it,
 * with living-check as its upload call (src/flows/auth/upload/useImageUpload.ts). The pipeline tells
 * the face machine when the current photo's living check answered (`photo.checked`) and when the
 * photo changed (`photo.changed`).
 * `FaceFlow` takes its dependencies, so tests render it with fakes.
 */
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { faceMachine } from '../../../machines/face/face.machine';
import type { ImageFile } from '../../../machines/upload/upload.machine';
import { paths } from '../../../machines/shared/paths';
import { getLivingCheckConfig, livingCheck, livingHold } from '../../api/verification';
import { inspect } from '../../lib/inspect';
import { fromCall } from '../../lib/abortable';
import { useStepQuery, type StepQuery } from './step';
import { FaceView } from './FaceView';
import { useImageUpload, type ImageUploadOptions } from './upload/useImageUpload';

export interface FaceDeps {
  /** GET /auth/v1/living-check-config */
  loadConfig: (signal: AbortSignal) => Promise<{ needsHold: boolean }>;
  /** POST /auth/v3/living-check (form: image): the pipeline's upload call. */
  livingCheck: (image: ImageFile, fileName: string, options: { signal: AbortSignal; onProgress: (fraction: number) => void }) => Promise<{ status: number | null }>;
  /** POST /auth/v1/kyc-info/living-hold */
  livingHold: (signal: AbortSignal) => Promise<void>;
  /** Leave for the result page (the route replaces this page with /auth/callback?pid=&step=&as=). */
  goToResult: () => void;
  /** The pipeline's compressor and limit (tests pass small fakes; defaults: compressorjs, 10 MB). */
  compress?: ImageUploadOptions['compress'];
  maxBytes?: number;
}

const statusOf = (output: unknown): number | null => {
  const status = (output as { status?: unknown } | null | undefined)?.status;
  return typeof status === 'number' ? status : null;
};

export function FaceFlow({ query, deps }: { query: StepQuery; deps: FaceDeps }) {
  const machine = useMemo(
    () =>
      faceMachine.provide({
        actors: {
          loadConfig: fromCall((_, signal) => deps.loadConfig(signal)),
          livingHold: fromCall((_, signal) => deps.livingHold(signal)),
        },
        actions: { goToResult: () => deps.goToResult() },
      }),
    [deps],
  );
  const face = useActorRef(machine, { inspect });
  const photo = useImageUpload({
    upload: (file, fileName, options) => deps.livingCheck(file, fileName, options),
    compress: deps.compress,
    maxBytes: deps.maxBytes,
    onUploaded: (_file, _name, output) => face.send({ type: 'photo.checked', status: statusOf(output) }),
    onChanged: () => face.send({ type: 'photo.changed' }),
  });
  return <FaceView face={face} photo={photo} step={query.step} total={query.total} backTo={query.pid ? paths.product.href(query.pid) : '/'} />;
}

export default function FaceRoute() {
  const query = useStepQuery();
  const [, navigate] = useLocation();
  const deps = useMemo<FaceDeps>(
    () => ({
      loadConfig: (signal) => getLivingCheckConfig({ signal }),
      livingCheck: (image, fileName, { signal, onProgress }) => livingCheck(image, fileName, { signal, onProgress }),
      livingHold: (signal) => livingHold({ signal }),
      // Replace: Back from the result page does not return to a finished capture.
      goToResult: () => navigate(paths.faceResult.href(query), { replace: true }),
    }),
    [navigate, query.pid, query.step, query.total], // eslint-disable-line react-hooks/exhaustive-deps
  );
  return <FaceFlow query={query} deps={deps} />;
}

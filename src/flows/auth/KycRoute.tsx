/**
 * Route component for /auth/kyc and /auth/identity (spec §2 KYC): the KYC machine with its effects
 * (kyc.effects.ts), the three image slots of the upload variant (machines/upload, reporting to the
 * KYC machine), and the view. `KycFlow` takes the provided machine and the slots' options, so tests
 * provide fakes the same way.
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { kycMachine } from '../../../machines/kyc/kyc.machine';
import type { KycDraft, Slot } from '../../../machines/kyc/kyc.rules';
import { paths, type StepQuery } from '../../../machines/shared/paths';
import type { DraftStore } from '../../lib/draft';
import { inspect } from '../../lib/inspect';
import { kycDraftStore, kycEffects, kycImageUpload } from './kyc.effects';
import { KycView } from './KycView';
import { useStepQuery } from './step';
import type { CompressCall, UploadCall } from './upload/upload.effects';
import { useImageUpload, type ImageUploadOptions, type UploadActorRef } from './upload/useImageUpload';
import './kyc.css';
import { useProvided } from '../shared/effects';

export type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

export interface KycFlowProps extends StepQuery {
  machine: typeof kycMachine;
  /** Where the draft lives: read once when the screen opens (the machine writes it through its effects). */
  draft: DraftStore<KycDraft>;
  /** A slot's upload call, given its upload type (read when the upload starts: the config gives it). */
  uploadImage: (photoType: () => string) => UploadCall;
  /** The pipeline's compressor and image limit (defaults: compressorjs, 10 MB; tests pass small fakes). */
  compress?: CompressCall;
  maxBytes?: number;
  /** The clock (the machine's and the countdown's); tests pass a simulated one. */
  now?: () => number;
  clock?: Clock;
}

export function KycFlow({ machine, draft: store, uploadImage, compress, maxBytes, pid, step, total, now = Date.now, clock }: KycFlowProps) {
  // Read once, when the screen opens (a reload reads it again).
  const [draft] = useState(() => store.read());
  const actor = useActorRef(machine, { input: { pid, draft, now }, inspect, ...(clock ? { clock } : {}) });
  const slot = (name: Slot): ImageUploadOptions => ({
    upload: uploadImage(() => actor.getSnapshot().context.photoTypes[name]),
    compress,
    maxBytes,
    uploadedName: draft?.images[name] ?? null,
    onUploaded: ({ file, fileName }) => actor.send({ type: 'image.uploaded', slot: name, fileName, file }),
    onChanged: () => actor.send({ type: 'image.cleared', slot: name }),
  });
  const slots: Record<Slot, UploadActorRef> = {
    front: useImageUpload(slot('front')),
    back: useImageUpload(slot('back')),
    pan: useImageUpload(slot('pan')),
  };
  return <KycView actor={actor} slots={slots} now={now} step={step} total={total} backTo={pid ? paths.product.href(pid) : paths.home.href()} />;
}

export default function KycRoute() {
  const { pid, step, total } = useStepQuery();
  const [, navigate] = useLocation();
  const [draft] = useState(kycDraftStore);
  // A new pid is a new application: key the flow by it.
  const machine = useProvided(kycMachine, () => kycEffects(navigate, draft));
  return (
    <KycFlow
      key={pid}
      machine={machine}
      draft={draft}
      uploadImage={kycImageUpload}
      pid={pid}
      step={step}
      total={total}
    />
  );
}

/**
 * One image-pipeline actor (machines/upload/upload.machine.ts) for a component, with the slot's
 * effects provided by `uploadEffects` (upload.effects.ts): its upload call, and what it reports to the
 * step's machine. The effects, `uploadedName` and `maxBytes` are read when the actor is created.
 */
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { MAX_IMAGE_BYTES, uploadMachine, type UploadInput } from '../../../../machines/upload/upload.machine';
import { inspect } from '../../../lib/inspect';
import { useProvided } from '../../shared/effects';
import { uploadEffects, type UploadSlotEffects } from './upload.effects';

export type UploadActorRef = ActorRefFrom<typeof uploadMachine>;

export type ImageUploadOptions = UploadSlotEffects & UploadInput;

export function useImageUpload({ maxBytes = MAX_IMAGE_BYTES, uploadedName = null, ...effects }: ImageUploadOptions): UploadActorRef {
  const machine = useProvided(uploadMachine, () => uploadEffects(effects));
  return useActorRef(machine, { input: { maxBytes, uploadedName }, inspect });
}

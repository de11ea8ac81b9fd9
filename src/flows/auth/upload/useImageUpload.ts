/**
 * Creates one image-pipeline actor (machines/upload/upload.machine.ts) for a component, with the
 * slot's effects provided by `uploadEffects` (upload.effects.ts):
 *
 *     const actor = useImageUpload({
 *       upload: fromCall(({ file, fileName, onProgress }, signal) => uploadKycImage('1', file, fileName, { signal, onProgress })),
 *       uploadedName: draft.images.front,          // restored: starts as uploaded
 *       onUploaded: ({ file, fileName }) => kyc.send({ type: 'image.uploaded', slot: 'front', file, fileName }),
 *       onChanged: () => kyc.send({ type: 'image.cleared', slot: 'front' }),
 *     });
 *     <ImageUpload actor={actor} label="Aadhaar front" />
 *
 * The effects may change between renders (@xstate/react gives the actor each render's
 * implementations, so the latest are used); `uploadedName` and `maxBytes` are read when the actor
 * is created.
 */
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { MAX_IMAGE_BYTES, uploadMachine, type UploadInput } from '../../../../machines/upload/upload.machine';
import { inspect } from '../../../lib/inspect';
import { uploadEffects, type UploadSlotEffects } from './upload.effects';

export type UploadActorRef = ActorRefFrom<typeof uploadMachine>;

export type ImageUploadOptions = UploadSlotEffects & UploadInput;

export function useImageUpload({ maxBytes = MAX_IMAGE_BYTES, uploadedName = null, ...effects }: ImageUploadOptions): UploadActorRef {
  return useActorRef(uploadMachine.provide(uploadEffects(effects)), { input: { maxBytes, uploadedName }, inspect });
}

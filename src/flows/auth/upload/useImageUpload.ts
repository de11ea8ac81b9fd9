/**
 * Creates one image-pipeline actor (machines/upload/upload.machine.ts) for a component, with the
 * effects provided here: the compressor (src/lib/image.ts, compressorjs loaded on first use) and the
 * upload call the caller gives (KYC: POST authen/upload with its type; face: living-check).
 *
 *     const actor = useImageUpload({
 *       upload: (file, fileName, { signal, onProgress }) => uploadKycImage('1', file, fileName, { signal, onProgress }),
 *       uploadedName: draft.images.front,          // restored: starts as uploaded
 *       onUploaded: (file, fileName, output) => kyc.send({ type: 'image.uploaded', slot: 'front', file, fileName }),
 *       onChanged: () => kyc.send({ type: 'image.cleared', slot: 'front' }),
 *     });
 *     <ImageUpload actor={actor} label="Aadhaar front" />
 *
 * The callbacks may change between renders (the latest ones are called); `upload`, `compress`,
 * `uploadedName` and `maxBytes` are read when the actor is created.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { MAX_IMAGE_BYTES, uploadMachine, type ImageFile } from '../../../../machines/upload/upload.machine';
import { inspect } from '../../../lib/inspect';
import { fromCall } from '../../../lib/abortable';
import { compressImage } from '../../../lib/image';

export type UploadActorRef = ActorRefFrom<typeof uploadMachine>;

export interface ImageUploadOptions {
  /** Sends the prepared file; pass `signal` on (leaving the upload aborts it) and report progress 0..1. */
  upload: (file: ImageFile, fileName: string, options: { signal: AbortSignal; onProgress: (fraction: number) => void }) => Promise<unknown>;
  /** Defaults to src/lib/image.ts compressImage (tests pass a fake). */
  compress?: (file: ImageFile, quality: number, options: { signal: AbortSignal }) => Promise<ImageFile>;
  /** Defaults to 10 MB. */
  maxBytes?: number;
  /** A file uploaded before (from a draft): the slot starts as uploaded, without a preview. */
  uploadedName?: string | null;
  /** The upload succeeded (`output`: what `upload` resolved with). */
  onUploaded?: (file: ImageFile, fileName: string, output: unknown) => void;
  /** A new file was chosen, or the slot cleared: it no longer holds an uploaded file. */
  onChanged?: () => void;
}

export function useImageUpload(options: ImageUploadOptions): UploadActorRef {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [machine] = useState(() =>
    uploadMachine.provide({
      actors: {
        compressImage: fromCall((input, signal) => (latest.current.compress ?? compressImage)(input.file, input.quality, { signal })),
        uploadImage: fromCall((input, signal) => latest.current.upload(input.file, input.fileName, { signal, onProgress: input.onProgress })),
      },
      actions: {
        reportUploaded: (_, { file, fileName, output }) => latest.current.onUploaded?.(file, fileName, output),
        reportChanged: () => latest.current.onChanged?.(),
      },
    }),
  );
  return useActorRef(machine, { input: { maxBytes: options.maxBytes ?? MAX_IMAGE_BYTES, uploadedName: options.uploadedName ?? null }, inspect });
}

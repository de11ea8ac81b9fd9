/**
 * The image pipeline's effects (machines/upload/upload.machine.ts), provided one way for every
 * slot: the slot's upload call, the compressor, and what the slot reports to its step. The types
 * come from the machine's `setup`; nothing here re-declares them.
 */
import type { ImageFile, UploadedImage, uploadMachine } from '../../../../machines/upload/upload.machine';
import { fromCall } from '../../../lib/abortable';
import { compressImage } from '../../../lib/image';
import type { Effects } from '../../shared/effects';

type UploadActors = NonNullable<Effects<typeof uploadMachine>['actors']>;
/** A slot's upload call, made with fromCall: POST authen/upload for a KYC slot, the living check for the face. */
export type UploadCall = NonNullable<UploadActors['uploadImage']>;
export type CompressCall = NonNullable<UploadActors['compressImage']>;

/** compressorjs (loaded on first use) at the quality the machine asks for. */
export const compressWithCompressorjs: CompressCall = fromCall((input, signal): Promise<ImageFile> => compressImage(input.file, input.quality, { signal }));

export interface UploadSlotEffects {
  upload: UploadCall;
  /** Defaults to compressorjs (tests pass a fake). */
  compress?: CompressCall;
  /** The upload succeeded. */
  onUploaded?: (image: UploadedImage) => void;
  /** A new file was chosen, or the slot cleared: it no longer holds an uploaded file. */
  onChanged?: () => void;
}

export function uploadEffects({ upload, compress = compressWithCompressorjs, onUploaded, onChanged }: UploadSlotEffects): Effects<typeof uploadMachine> {
  return {
    actors: { uploadImage: upload, compressImage: compress },
    actions: {
      reportUploaded: (_, image) => onUploaded?.(image),
      reportChanged: () => onChanged?.(),
    },
  };
}

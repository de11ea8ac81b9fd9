/**
 * One image through the pipeline (spec §5 'Image upload'): checked, compressed when over the limit,
 * uploaded with progress, and retried without picking it again. KYC's three slots and the face step
 * use it. It touches no DOM and makes no call: the compressor, the slot's upload call and what the
 * slot reports are provided at the edge (src/flows/auth/upload/upload.effects.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import { say, saidOf, type Said } from '../../i18n/core';
import type { UploadKey } from '../../i18n/en/upload';
import { notProvided } from '../shared/actors';
import { machineSentences } from '../shared/sentences';

/** Spec §9: the image limit, 10 MB. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Spec §9: compress quality 0.5. */
export const COMPRESS_QUALITY = 0.5;

/**
 * A refusal by the server (the API layer's error for an answer with code ≠ 0 has kind 'server'), as
 * opposed to a failure of the network or the service, which is worth retrying with the same file.
 */
export function isRefusal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'server';
}

/** A chosen file: a Blob with a name (a File in the browser; the compressed result too). */
export type ImageFile = Blob & { readonly name: string };

export interface UploadInput {
  /** Defaults to MAX_IMAGE_BYTES. */
  maxBytes?: number;
  /** A file already uploaded before (restored from a draft): the slot starts as uploaded, without a preview. */
  uploadedName?: string | null;
}

export interface UploadContext {
  maxBytes: number;
  /** The file as the borrower chose it (the preview is made from it); null when restored or empty. */
  chosen: ImageFile | null;
  /** The file that is (or was) uploaded: the chosen one, or its compressed version. Retry sends it again. */
  file: ImageFile | null;
  /** The name shown (and stored in drafts): the chosen file's name, or the restored one. */
  fileName: string | null;
  /** Upload progress 0..1 (0 until the first report). */
  progress: number;
  /** Why the file was refused or the upload failed: a message by key (i18n/en/upload.ts), or the server's text. */
  error: Said<UploadKey> | null;
}

export type UploadEvent =
  | { type: 'file.chosen'; file: ImageFile }
  | { type: 'upload.retried' }
  | { type: 'file.cleared' }
  /** Sent by the upload in flight (through the invoke input's onProgress). */
  | { type: 'upload.progressed'; fraction: number };

export interface CompressInput {
  file: ImageFile;
  quality: number;
}
export interface UploadImageInput {
  file: ImageFile;
  fileName: string;
  /** Call with 0..1 as bytes go out. */
  onProgress: (fraction: number) => void;
}
/** What the slot reports when the upload succeeded: `output` is what the upload call resolved with. */
export interface UploadedImage {
  file: ImageFile;
  fileName: string;
  output: unknown;
}

/** Only image files (by the type the browser gives; the server sniffs the content too). */
export function isImageType(type: string): boolean {
  return /^image\//i.test(type);
}

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
  },
  actors: {
    /** Compress at `quality` (src/lib/image.ts compressImage). */
    compressImage: fromPromise<ImageFile, CompressInput>(notProvided('compressImage')),
    /** Upload the prepared file (POST authen/upload for KYC; living-check for the face step). */
    uploadImage: fromPromise<unknown, UploadImageInput>(notProvided('uploadImage')),
  },
  actions: {
    /** The upload succeeded. */
    reportUploaded: (_, _params: UploadedImage) => {},
    /** The slot no longer holds an uploaded file (a new file was chosen, or it was cleared). */
    reportChanged: () => {},
  },
  guards: {
    restored: ({ context }) => context.fileName !== null,
    notImage: ({ context }) => !context.chosen || !isImageType(context.chosen.type),
    tooBig: ({ context }) => (context.chosen?.size ?? 0) > context.maxBytes,
    compressedTooBig: ({ context, event }) => {
      const out = (event as { output?: ImageFile }).output;
      return !out || out.size > context.maxBytes;
    },
    refused: ({ event }) => isRefusal((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'upload',
  description: 'One image: checked, compressed when over 10 MB, uploaded with progress, retried without picking it again.',
  context: ({ input }) => ({
    maxBytes: input.maxBytes ?? MAX_IMAGE_BYTES,
    chosen: null,
    file: null,
    fileName: input.uploadedName ?? null,
    progress: input.uploadedName ? 1 : 0,
    error: null,
  }),
  initial: 'starting',
  on: {
    'file.chosen': {
      target: '.checking',
      description: 'A file was picked (in any state: what was in flight is cancelled).',
      actions: [
        assign({ chosen: ({ event }) => event.file, file: null, fileName: ({ event }) => event.file.name || 'image', progress: 0, error: null }),
        'reportChanged',
      ],
    },
    'file.cleared': {
      target: '.empty',
      description: 'Removed: nothing chosen (what was in flight is cancelled).',
      actions: [assign({ chosen: null, file: null, fileName: null, progress: 0, error: null }), 'reportChanged'],
    },
  },
  states: {
    starting: {
      description: 'A file uploaded before (from a draft) shows as uploaded; else nothing is chosen.',
      always: [{ guard: 'restored', target: 'uploaded' }, { target: 'empty' }],
    },
    empty: {
      description: 'Nothing chosen yet.',
      tags: ['empty'],
    },
    checking: {
      description: 'Is it an image? Is it over the limit?',
      always: [
        {
          guard: 'notImage',
          target: 'rejected',
          description: "Not an image: 'Only image files can be uploaded'.",
          actions: assign({ error: say<UploadKey>('notImage') }),
        },
        { guard: 'tooBig', target: 'compressing', description: 'Over 10 MB: compress first.' },
        { target: 'uploading', actions: assign({ file: ({ context }) => context.chosen }) },
      ],
    },
    compressing: {
      description: 'Compressing at quality 0.5 (compressorjs, loaded only now).',
      tags: ['busy', 'compressing'],
      invoke: {
        id: 'compressImage',
        src: 'compressImage',
        input: ({ context }) => ({ file: context.chosen!, quality: COMPRESS_QUALITY }),
        onDone: [
          {
            guard: 'compressedTooBig',
            target: 'rejected',
            description: "Still over 10 MB: 'Image size is too big, limit 10MB'.",
            actions: assign({ error: say<UploadKey>('tooBig') }),
          },
          { target: 'uploading', description: 'Small enough now: upload the compressed file.', actions: assign({ file: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'rejected',
          description: "Could not be compressed, so it stays over 10 MB: 'Image size is too big, limit 10MB'.",
          actions: assign({ error: say<UploadKey>('tooBig') }),
        },
      },
    },
    uploading: {
      description: 'Uploading the prepared file; the bar shows the progress.',
      tags: ['busy', 'uploading'],
      entry: assign({ progress: 0, error: null }),
      on: {
        'upload.progressed': { description: 'Bytes went out.', actions: assign({ progress: ({ event }) => clamp01(event.fraction) }) },
      },
      invoke: {
        id: 'uploadImage',
        src: 'uploadImage',
        // A promise actor keeps the abort signal and the upload's result (the face step needs it), so
        // its progress comes back as events sent to this machine.
        input: ({ context, self }) => ({
          file: context.file!,
          fileName: context.file!.name || context.fileName || 'image',
          onProgress: (fraction: number) => self.send({ type: 'upload.progressed', fraction }),
        }),
        onDone: {
          target: 'uploaded',
          actions: [
            assign({ progress: 1 }),
            { type: 'reportUploaded', params: ({ context, event }) => ({ file: context.file!, fileName: context.fileName ?? 'image', output: event.output }) },
          ],
        },
        onError: [
          {
            guard: 'refused',
            target: 'rejected',
            description: "The server refused this photo (code ≠ 0): its msg, and the photo is dropped; sending it again cannot help (spec §8: a failure clears the file input).",
            actions: assign({ error: ({ event }) => saidOf<UploadKey>(event.error, 'uploadFailed'), file: null, chosen: null }),
          },
          {
            target: 'failed',
            description: 'The network, a timeout or the service failed: a clear line; Retry sends the same file again.',
            actions: assign({ error: ({ event }) => saidOf<UploadKey>(event.error, 'uploadFailed') }),
          },
        ],
      },
    },
    uploaded: {
      description: 'Uploaded. Change photo picks another.',
      tags: ['settled', 'uploaded'],
    },
    failed: {
      description: 'The upload failed: the message and Retry (the same file, not picked again).',
      tags: ['settled', 'failed'],
      on: { 'upload.retried': { target: 'uploading', description: 'Send the same prepared file again.' } },
    },
    rejected: {
      description: 'The file was refused (not an image, too big, or by the server): pick another.',
      tags: ['settled', 'rejected'],
    },
  },
});

export type UploadStatus = 'empty' | 'compressing' | 'uploading' | 'uploaded' | 'failed' | 'rejected';

/** What the view shows, from a snapshot (anything with hasTag). */
export function uploadStatus(snapshot: { hasTag: (tag: string) => boolean }): UploadStatus {
  for (const s of ['compressing', 'uploading', 'uploaded', 'failed', 'rejected'] as const) if (snapshot.hasTag(s)) return s;
  return 'empty';
}

export const uploadSentences = machineSentences<UploadEvent>({
  events: {
    'file.chosen': 'The borrower picks a photo',
    'upload.retried': 'The borrower taps Retry',
    'file.cleared': 'The borrower removes the photo',
    'upload.progressed': 'More of the photo has been sent',
  },
  guards: {
    restored: 'A photo was already uploaded before the page was reloaded',
    notImage: 'The file picked is not an image',
    tooBig: 'The image is over 10 MB',
    compressedTooBig: 'The image is still over 10 MB after compressing',
    refused: 'The server refused the photo (sending it again cannot help)',
  },
});

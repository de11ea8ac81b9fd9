/**
 * The event cases of the image pipeline (tests/machines/upload.machine.test.ts,
 * tests/views/image-upload.test.tsx, `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { SnapshotFrom } from 'xstate';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import type { ImageFile, UploadInput, uploadMachine } from './upload.machine';

/** A small limit keeps the fake files tiny; the rules are the same as with 10 MB. */
export const TEST_MAX_BYTES = 1000;

/** A File-like Blob of `size` bytes (no DOM File needed). */
export function fakeFile(name: string, type: string, size: number): ImageFile {
  return Object.assign(new Blob([new Uint8Array(size)], { type }), { name });
}

export const SMALL_PHOTO = fakeFile('aadhaar-front.jpg', 'image/jpeg', 500);
export const BIG_PHOTO = fakeFile('big.jpg', 'image/jpeg', 2000);
export const NOT_AN_IMAGE = fakeFile('statement.pdf', 'application/pdf', 300);
/** What compressing BIG_PHOTO gives: small enough, or still too big (names differ: paths tell events apart by their JSON). */
export const COMPRESSED = fakeFile('big-compressed.jpg', 'image/jpeg', 800);
export const STILL_TOO_BIG = fakeFile('big-still-too-big.jpg', 'image/jpeg', 1500);
export const UPLOAD_FAILURE = new Error('Network busy, please try again');
/** The server's refusal (the API layer's ApiError for code ≠ 0 has kind 'server'). */
export const UPLOAD_REFUSED = Object.assign(new Error('No face found, please take another photo'), { kind: 'server' });
export const COMPRESS_FAILURE = new Error('Failed to load the image');

export const cases = [
  { type: 'file.chosen', file: SMALL_PHOTO },
  { type: 'file.chosen', file: BIG_PHOTO },
  { type: 'file.chosen', file: NOT_AN_IMAGE },
  { type: 'file.cleared' },
  { type: 'upload.retried' },
  { type: 'upload.progressed', fraction: 0.5 },
  actorDone('compressImage', COMPRESSED),
  actorDone('compressImage', STILL_TOO_BIG),
  actorError('compressImage', COMPRESS_FAILURE),
  actorDone('uploadImage', undefined),
  actorError('uploadImage', UPLOAD_FAILURE),
  actorError('uploadImage', UPLOAD_REFUSED),
] satisfies CaseList<typeof uploadMachine>;

/** An empty slot, and a slot restored from a draft (uploaded before a reload). */
export const inputs = {
  empty: { maxBytes: TEST_MAX_BYTES },
  restored: { maxBytes: TEST_MAX_BYTES, uploadedName: 'pan-card.png' },
} satisfies Record<string, UploadInput>;

/** What decides what can happen next: the state, which file, whether progress was reported. */
export function serialize(snapshot: SnapshotFrom<typeof uploadMachine>) {
  const c = snapshot.context;
  return {
    value: snapshot.value,
    chosen: c.chosen?.size ?? null,
    file: c.file?.size ?? null,
    progressed: c.progress > 0 && c.progress < 1,
    error: c.error,
  };
}

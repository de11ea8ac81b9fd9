/**
 * The image pipeline on its own: paths generated from the machine with machines/upload/upload.cases.ts,
 * invariants in every state they reach, full transition coverage, and the effects on a real actor.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { say, type Said } from '../../i18n/core';
import { uploadText, type UploadKey } from '../../i18n/en/upload';
import { textFor } from '../../src/ui/text';
import { COMPRESS_QUALITY, MAX_IMAGE_BYTES, uploadMachine, uploadStatus, type CompressInput, type ImageFile, type UploadImageInput, type UploadInput } from '../../machines/upload/upload.machine';
import { BIG_PHOTO, COMPRESSED, cases, fakeFile, inputs, NOT_AN_IMAGE, serialize, SMALL_PHOTO, STILL_TOO_BIG, TEST_MAX_BYTES, UPLOAD_FAILURE, UPLOAD_REFUSED } from '../../machines/upload/upload.cases';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { fakeCalls } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations } from '../../model-testing/replay';

const paths = generatePaths(uploadMachine, { cases, inputs, serialize });
/** The slot's error as the borrower reads it in English. */
const shown = (said: Said<UploadKey> | null) => (said ? textFor(uploadText, 'en').said(said) : null);
type Snapshot = SnapshotFrom<typeof uploadMachine>;

function checkInvariants(s: Snapshot) {
  const c = s.context;
  const status = uploadStatus(s);
  // Busy states run exactly their actor.
  expect(Boolean(s.children.compressImage)).toBe(status === 'compressing');
  expect(Boolean(s.children.uploadImage)).toBe(status === 'uploading');
  // Nothing over the limit and nothing but an image is ever uploaded.
  if (status === 'uploading' || status === 'failed' || (status === 'uploaded' && c.file)) {
    expect(c.file).not.toBeNull();
    expect(c.file!.size).toBeLessThanOrEqual(c.maxBytes);
    expect(c.file!.type).toMatch(/^image\//);
  }
  if (status === 'rejected') {
    expect([say('notImage'), say('tooBig'), { server: UPLOAD_REFUSED.message }]).toContainEqual(c.error);
    // A refused photo is dropped: nothing is left to send again.
    if (c.error && 'server' in c.error) expect(c.file).toBeNull();
  }
  if (status === 'failed') expect(c.error).toEqual({ server: UPLOAD_FAILURE.message });
  if (status === 'uploaded') expect(c.progress).toBe(1);
  if (status === 'empty') expect(c.fileName).toBeNull();
  else expect(c.fileName).toBeTruthy();
  expect(c.progress).toBeGreaterThanOrEqual(0);
  expect(c.progress).toBeLessThanOrEqual(1);
  expect(s.hasTag('settled')).toBe(['uploaded', 'failed', 'rejected'].includes(status));
}

describe('upload machine: generated paths', () => {
  it('take every transition of the machine', () => {
    const coverage = transitionCoverage(uploadMachine, paths);
    expect(coverage.missing, formatCoverage('upload', coverage)).toEqual([]);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const step of path.steps) checkInvariants(step.state);
    const count = (type: string) => path.steps.filter((s) => s.event.type === type).length;
    // An upload starts only from a pick or a Retry, never by itself.
    expect(invocations(path.steps, 'uploadImage')).toBeLessThanOrEqual(count('file.chosen') + count('upload.retried'));
  });
});

/** A real actor with fake compressor and upload (tests/support/fakes.ts), recording calls and reports. */
function start(input: UploadInput = { maxBytes: TEST_MAX_BYTES }) {
  const compress = fakeCalls<ImageFile, CompressInput>();
  const upload = fakeCalls<unknown, UploadImageInput>();
  const reports = { uploaded: [] as { fileName: string; output: unknown }[], changed: 0 };
  const machine = uploadMachine.provide({
    actors: { compressImage: compress.actor, uploadImage: upload.actor },
    actions: {
      reportUploaded: (_, { fileName, output }) => void reports.uploaded.push({ fileName, output }),
      reportChanged: () => void reports.changed++,
    },
  });
  const actor = createActor(machine, { input }).start();
  const flush = () => new Promise((r) => setTimeout(r, 0));
  const calls = {
    get compress() {
      return compress.all().map((c) => c.input);
    },
    get upload() {
      return upload.all().map((c) => ({ ...c.input, signal: c.signal }));
    },
  };
  return {
    actor,
    calls,
    reports,
    status: () => uploadStatus(actor.getSnapshot()),
    compressed: async (file: ImageFile | Error) => {
      if (file instanceof Error) compress.pending().reject(file);
      else compress.pending().resolve(file);
      await flush();
    },
    uploaded: async (result: unknown) => {
      if (result instanceof Error) upload.pending().reject(result);
      else upload.pending().resolve(result);
      await flush();
    },
  };
}

describe('upload machine: rules and effects', () => {
  it('defaults to the 10 MB limit of the spec', () => {
    const actor = createActor(uploadMachine, { input: {} });
    expect(actor.getSnapshot().context.maxBytes).toBe(MAX_IMAGE_BYTES);
    expect(MAX_IMAGE_BYTES).toBe(10 * 1024 * 1024);
  });

  it('refuses a file that is not an image, before any request', () => {
    const t = start();
    t.actor.send({ type: 'file.chosen', file: NOT_AN_IMAGE });
    expect(t.status()).toBe('rejected');
    expect(shown(t.actor.getSnapshot().context.error)).toBe('Only image files can be uploaded');
    expect(t.calls.compress).toEqual([]);
    expect(t.calls.upload).toEqual([]);
  });

  it('uploads a small image as it is, reporting progress, then reports it uploaded', async () => {
    const t = start();
    t.actor.send({ type: 'file.chosen', file: SMALL_PHOTO });
    expect(t.calls.compress).toEqual([]);
    expect(t.calls.upload).toHaveLength(1);
    expect(t.calls.upload[0]!.file).toBe(SMALL_PHOTO);
    expect(t.calls.upload[0]!.fileName).toBe('aadhaar-front.jpg');
    t.calls.upload[0]!.onProgress(0.42);
    expect(t.actor.getSnapshot().context.progress).toBe(0.42);
    t.calls.upload[0]!.onProgress(7);
    expect(t.actor.getSnapshot().context.progress).toBe(1);
    await t.uploaded({ status: 1 });
    expect(t.status()).toBe('uploaded');
    expect(t.reports.uploaded).toEqual([{ fileName: 'aadhaar-front.jpg', output: { status: 1 } }]);
    // A late progress report from a finished upload changes nothing.
    t.calls.upload[0]!.onProgress(0.1);
    expect(t.actor.getSnapshot().context.progress).toBe(1);
  });

  it('compresses an image over the limit at quality 0.5 and uploads the compressed file', async () => {
    const t = start();
    t.actor.send({ type: 'file.chosen', file: BIG_PHOTO });
    expect(t.status()).toBe('compressing');
    expect(t.calls.compress).toEqual([{ file: BIG_PHOTO, quality: COMPRESS_QUALITY }]);
    expect(COMPRESS_QUALITY).toBe(0.5);
    await t.compressed(COMPRESSED);
    expect(t.status()).toBe('uploading');
    expect(t.calls.upload[0]!.file).toBe(COMPRESSED);
    expect(t.actor.getSnapshot().context.fileName).toBe('big.jpg');
  });

  it("still too big after compressing (or not compressible): 'Image size is too big, limit 10MB', nothing uploaded", async () => {
    const t = start();
    t.actor.send({ type: 'file.chosen', file: BIG_PHOTO });
    await t.compressed(STILL_TOO_BIG);
    expect(t.status()).toBe('rejected');
    expect(shown(t.actor.getSnapshot().context.error)).toBe('Image size is too big, limit 10MB');
    t.actor.send({ type: 'file.chosen', file: BIG_PHOTO });
    await t.compressed(new Error('cannot decode'));
    expect(t.actor.getSnapshot().context.error).toEqual(say('tooBig'));
    expect(t.calls.upload).toEqual([]);
  });

  it('retries a failed upload with the same prepared file, without picking it again', async () => {
    const t = start();
    t.actor.send({ type: 'file.chosen', file: BIG_PHOTO });
    await t.compressed(COMPRESSED);
    t.calls.upload[0]!.onProgress(0.6);
    await t.uploaded(UPLOAD_FAILURE);
    expect(t.status()).toBe('failed');
    expect(t.actor.getSnapshot().context.error).toEqual({ server: UPLOAD_FAILURE.message });
    t.actor.send({ type: 'upload.retried' });
    t.actor.send({ type: 'upload.retried' });
    expect(t.calls.compress).toHaveLength(1);
    expect(t.calls.upload).toHaveLength(2);
    expect(t.calls.upload[1]!.file).toBe(COMPRESSED);
    expect(t.actor.getSnapshot().context).toMatchObject({ progress: 0, error: null });
    await t.uploaded(undefined);
    expect(t.status()).toBe('uploaded');
  });

  it('a new pick during an upload cancels it (its signal aborts) and starts over', async () => {
    const t = start();
    t.actor.send({ type: 'file.chosen', file: SMALL_PHOTO });
    const other = fakeFile('other.png', 'image/png', 100);
    t.actor.send({ type: 'file.chosen', file: other });
    expect(t.calls.upload[0]!.signal.aborted).toBe(true);
    expect(t.calls.upload[1]!.file).toBe(other);
    expect(t.reports.changed).toBe(2);
    t.actor.send({ type: 'file.cleared' });
    expect(t.calls.upload[1]!.signal.aborted).toBe(true);
    expect(t.status()).toBe('empty');
  });

  it('a slot restored from a draft starts as uploaded, without a file, until a new pick', () => {
    const t = start({ maxBytes: TEST_MAX_BYTES, uploadedName: 'pan-card.png' });
    expect(t.status()).toBe('uploaded');
    expect(t.actor.getSnapshot().context).toMatchObject({ fileName: 'pan-card.png', file: null, chosen: null, progress: 1 });
    expect(t.reports.uploaded).toEqual([]);
  });
});

/**
 * The image pipeline as the borrower meets it (ImageUpload + useImageUpload): only images, a big
 * image compressed (a fake compressor) then uploaded, still too big refused with the spec's message,
 * progress shown, a failed upload retried without picking again, the same file pickable again,
 * a preview from an object URL that is revoked. StrictMode and normal mode; upload calls counted.
 */
import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompressInput, ImageFile, UploadImageInput } from '../../machines/upload/upload.machine';
import { BIG_PHOTO, COMPRESSED, fakeFile, NOT_AN_IMAGE, SMALL_PHOTO, STILL_TOO_BIG, TEST_MAX_BYTES } from '../../machines/upload/upload.cases';
import { ImageUpload } from '../../src/flows/auth/upload/ImageUpload';
import { useImageUpload } from '../../src/flows/auth/upload/useImageUpload';
import { fromCall } from '../../src/lib/abortable';
import { fakeCalls } from '../support/fakes';

function setup(strict: boolean, options: { compressTo?: ImageFile; uploadedName?: string } = {}) {
  const uploads = fakeCalls<unknown, UploadImageInput>();
  const compressCalls: CompressInput[] = [];
  const compress = fromCall(async (input: CompressInput) => {
    compressCalls.push(input);
    return options.compressTo ?? COMPRESSED;
  });
  const uploaded = vi.fn();
  const changed = vi.fn();
  function Harness() {
    const actor = useImageUpload({
      upload: uploads.actor,
      compress,
      maxBytes: TEST_MAX_BYTES,
      uploadedName: options.uploadedName ?? null,
      onUploaded: ({ file, fileName }) => uploaded(file, fileName),
      onChanged: changed,
    });
    return <ImageUpload actor={actor} label="Aadhaar front" />;
  }
  render(strict ? <StrictMode><Harness /></StrictMode> : <Harness />);
  /** The upload calls whose signal did not abort: what was sent, how to report progress, how to settle. */
  const live = () => uploads.live().map(({ input, signal, d }) => ({ ...input, signal, d }));
  const input = () => screen.getByLabelText(/Aadhaar front/, { selector: 'input' }) as HTMLInputElement;
  // applyAccept: false — the browser's picker honours accept="image/*", but "All files" or a drop can still give anything.
  const user = userEvent.setup({ applyAccept: false });
  return {
    /** Every upload started, aborted ones included (a new pick aborts the one in flight). */
    get calls() {
      return uploads.all().map((c) => c.signal);
    },
    live,
    compressCalls,
    uploaded,
    changed,
    input,
    user,
  };
}

// jsdom has no object URLs: give them for these tests only.
const urls = URL as unknown as Record<string, unknown>;
beforeEach(() => {
  let n = 0;
  urls.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
  urls.revokeObjectURL = vi.fn();
});
afterEach(() => {
  delete urls.createObjectURL;
  delete urls.revokeObjectURL;
});

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('image upload (%s)', (_, strict) => {
  it('is a labelled image-only file input', () => {
    const t = setup(strict);
    expect(t.input().accept).toBe('image/*');
    expect(t.input().type).toBe('file');
    expect(screen.getByRole('group', { name: 'Aadhaar front' })).toBeTruthy();
  });

  it('refuses a file that is not an image, uploads nothing, and lets the same file be picked again', async () => {
    const t = setup(strict);
    await t.user.upload(t.input(), NOT_AN_IMAGE as File);
    expect((await screen.findByRole('alert')).textContent).toBe('Only image files can be uploaded');
    expect(t.calls).toHaveLength(0);
    expect(t.input().value).toBe('');
    await t.user.upload(t.input(), SMALL_PHOTO as File);
    await waitFor(() => expect(t.live()).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a preview and the upload progress, then Uploaded, and reports it once', async () => {
    const t = setup(strict);
    await t.user.upload(t.input(), SMALL_PHOTO as File);
    await waitFor(() => expect(t.live()).toHaveLength(1));
    expect(screen.getByRole('img', { name: 'Aadhaar front: the chosen photo' }).getAttribute('src')).toMatch(/^blob:preview-/);
    const bar = screen.getByRole('progressbar', { name: 'Uploading Aadhaar front' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    act(() => t.live()[0]!.onProgress(0.5));
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    await act(async () => t.live()[0]!.d.resolve(undefined));
    expect(await screen.findByText('Uploaded')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(t.uploaded).toHaveBeenCalledTimes(1);
    expect(t.uploaded).toHaveBeenCalledWith(SMALL_PHOTO, 'aadhaar-front.jpg');
    expect(screen.getByText('Change photo')).toBeTruthy();
  });

  it('compresses an image over the limit at quality 0.5, then uploads the compressed file', async () => {
    const t = setup(strict);
    await t.user.upload(t.input(), BIG_PHOTO as File);
    await waitFor(() => expect(t.live()).toHaveLength(1));
    expect(t.compressCalls.at(-1)).toEqual({ file: BIG_PHOTO, quality: 0.5 });
    expect(t.live()[0]!.file).toBe(COMPRESSED);
  });

  it("refuses an image still over the limit after compressing: 'Image size is too big, limit 10MB'", async () => {
    const t = setup(strict, { compressTo: STILL_TOO_BIG });
    await t.user.upload(t.input(), BIG_PHOTO as File);
    expect((await screen.findByRole('alert')).textContent).toBe('Image size is too big, limit 10MB');
    expect(t.calls).toHaveLength(0);
    expect(t.input().value).toBe('');
  });

  it("shows a failed upload's message and retries the same file without picking it again", async () => {
    const t = setup(strict);
    await t.user.upload(t.input(), SMALL_PHOTO as File);
    await waitFor(() => expect(t.live()).toHaveLength(1));
    await act(async () => t.live()[0]!.d.reject(new Error('Network busy, please try again')));
    expect((await screen.findByRole('alert')).textContent).toBe('Network busy, please try again');
    const retry = screen.getByRole('button', { name: 'Retry uploading Aadhaar front' });
    await t.user.dblClick(retry);
    await waitFor(() => expect(t.live()).toHaveLength(2));
    expect(t.live()[1]!.file).toBe(SMALL_PHOTO);
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => t.live()[1]!.d.resolve(undefined));
    expect(await screen.findByText('Uploaded')).toBeTruthy();
    expect(t.live()).toHaveLength(2);
  });

  it('a new photo replaces the old one: the preview URL is revoked and the slot reports the change', async () => {
    const t = setup(strict);
    await t.user.upload(t.input(), SMALL_PHOTO as File);
    await waitFor(() => expect(t.live()).toHaveLength(1));
    const first = screen.getByRole('img').getAttribute('src')!;
    await t.user.upload(t.input(), fakeFile('second.png', 'image/png', 100) as File);
    await waitFor(() => expect(screen.getByRole('img').getAttribute('src')).not.toBe(first));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(first);
    expect(t.calls[0]!.aborted).toBe(true);
    expect(t.changed).toHaveBeenCalledTimes(2);
  });

  it('a slot restored from a draft shows as uploaded, without uploading', () => {
    const t = setup(strict, { uploadedName: 'front.jpg' });
    expect(screen.getByText('Uploaded')).toBeTruthy();
    expect(screen.getByText('front.jpg')).toBeTruthy();
    expect(t.calls).toHaveLength(0);
  });
});

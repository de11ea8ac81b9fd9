/**
 * The image compressor the upload pipeline invokes for an image over 10 MB (spec §5, §9; the
 * machine, machines/upload/upload.machine.ts, gives the quality: 0.5).
 *
 * compressorjs (≈5 KB gzip) is imported on first use only, so it never weighs on the first screen;
 * scripts/bundle-check.ts keeps it out of the entry chunk.
 */

/** The longest side a compressed photo keeps (compressorjs: at most 4096 for canvas limits). */
export const MAX_SIDE = 4096;

/**
 * `file` compressed at `quality` (0..1), as a File with the original name (the extension is fixed
 * when the type changes). Rejects when the image cannot be decoded; `signal` aborts the work.
 */
export async function compressImage(file: Blob & { name?: string }, quality: number, { signal }: { signal?: AbortSignal } = {}): Promise<File> {
  const { default: Compressor } = await import('compressorjs');
  signal?.throwIfAborted();
  const blob = await new Promise<Blob>((resolve, reject) => {
    const compressor = new Compressor(file, {
      quality,
      // Photos over 10 MB are 40–100 megapixels. compressorjs reads the orientation by turning the
      // whole file into a data URL (out of memory on phones: its README says to turn it off above
      // ~10 MB; browsers apply the EXIF rotation when drawing anyway), and a canvas beyond the
      // browser's limit (iOS Safari ≈16.7 Mpx) comes back blank, which compressorjs answers with the
      // original file. So: no orientation pass, and at most 4096 px a side, as its README advises.
      checkOrientation: false,
      maxWidth: MAX_SIDE,
      maxHeight: MAX_SIDE,
      success: resolve,
      error: reject,
    });
    signal?.addEventListener(
      'abort',
      () => {
        compressor.abort();
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
  const name = renamed(file.name ?? 'image', blob.type);
  return new File([blob], name, { type: blob.type || file.type, lastModified: Date.now() });
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** 'photo.png' stays 'photo.png' for a PNG, becomes 'photo.jpg' when compressorjs made a JPEG of it. */
function renamed(name: string, type: string): string {
  const ext = EXTENSIONS[type];
  if (!ext) return name;
  const base = name.replace(/\.[^./]+$/, '');
  const current = /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase();
  if (current === ext || (ext === 'jpg' && current === 'jpeg')) return name;
  return `${base || 'image'}.${ext}`;
}

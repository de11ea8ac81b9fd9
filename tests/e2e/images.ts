/**
 * Test pictures for the upload scenarios, made on the fly (no binary fixtures in the repo):
 * a PNG of any size, and a file that only pretends to be one.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * An RGB PNG, width × height: a soft gradient with a face-like blob, plus noise when asked.
 * `store: true` writes the pixels uncompressed (deflate level 0), so a 1900×1900 picture is a
 * little over 10 MB: a phone camera's photo, as far as the size limit is concerned.
 */
export function png(width: number, height: number, { noise = 0, store = false, seed = 1 } = {}): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) - 0.5;
  const cx = width / 2;
  const cy = height / 2.2;
  const r = Math.min(width, height) / 4;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const inFace = (x - cx) ** 2 / (r * 0.8) ** 2 + (y - cy) ** 2 / r ** 2 < 1;
      const n = noise ? rand() * noise : 0;
      const base = inFace ? [224, 172, 140] : [60 + (140 * y) / height, 110 + (60 * x) / width, 170];
      for (let ch = 0; ch < 3; ch++) raw[row + 1 + x * 3 + ch] = Math.max(0, Math.min(255, Math.round((base[ch] as number) + n)));
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: store ? 0 : 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A document photo: 800×500 with a little noise (a few hundred KB, well over the sandbox's 2 KB "unreadable" floor). */
export const documentPhoto = (seed = 1) => png(800, 500, { noise: 24, seed });

/** Over 10 MB as taken, comfortably under once compressed at quality 0.5. */
export const hugePhoto = () => png(1900, 1900, { store: true, noise: 6 });

/** A PDF named like a picture: the app must refuse it. */
export const notAnImage = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * Image uploads (spec §5 'Image upload', §7): POST authen/upload (form: type, file), the owner-only
 * GET authen/file/{fileId}, and the simulated OCR POST /auth/v1/ocr-separate (form: type, image,
 * notNeed). Images are checked by content (magic bytes), at most 10 MB, stored per borrower in the
 * database; a newer upload of the same type replaces the older.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requireUser } from '../auth';
import type { Queryable } from '../db';
import type { AppEnv } from '../env';
import { ApiError, CODE_ERROR, envelope, ok } from '../envelope';
import { MAX_IMAGE_BYTES, MESSAGES, newFileId, simulateOcr, sniffImage } from '../domain/verification';

/** Room for the form's other fields and part headers on top of a 10 MB file. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

/** Multipart bodies: a file of up to 10 MB plus the form; anything bigger is "too big" (an envelope, HTTP 200). */
export const imageBodyLimit = () =>
  bodyLimit({ maxSize: MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES, onError: (c) => c.json(envelope(CODE_ERROR, MESSAGES.tooBig, null), 200) });

export interface ImageFile {
  bytes: Uint8Array;
  mime: string;
  size: number;
}

/** The multipart form's fields; a body that is not a form is refused with a plain message. */
export async function readForm(c: Context<AppEnv>): Promise<Record<string, string | File>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) throw new ApiError('The request body must be multipart/form-data.');
  try {
    const body = await c.req.parseBody();
    const fields: Record<string, string | File> = {};
    for (const [k, v] of Object.entries(body)) if (typeof v === 'string' || v instanceof File) fields[k] = v;
    return fields;
  } catch {
    throw new ApiError('The request body must be multipart/form-data.');
  }
}

/** The image in form field `name`: present, at most 10 MB, and an image by its first bytes. */
export async function readImage(form: Record<string, string | File>, name: string): Promise<ImageFile> {
  const file = form[name];
  if (file === undefined) throw new ApiError(`${name} is required`);
  if (typeof file === 'string') throw new ApiError(MESSAGES.notImage);
  if (file.size > MAX_IMAGE_BYTES) throw new ApiError(MESSAGES.tooBig);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const mime = sniffImage(bytes);
  if (!mime) throw new ApiError(MESSAGES.notImage);
  return { bytes, mime, size: bytes.length };
}

/** A form field that must be one of `allowed` ('1', '2', …). */
export function readType<T extends string>(form: Record<string, string | File>, allowed: readonly T[]): T {
  const raw = form.type;
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!(allowed as readonly string[]).includes(value)) throw new ApiError(`type must be ${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`);
  return value as T;
}

/** Stores the image as the borrower's upload of `type`, replacing an older one; returns its id. */
export async function storeUpload(db: Queryable, userId: number, type: number, image: ImageFile, now: Date): Promise<string> {
  const id = newFileId();
  // One statement, so two uploads of the same type at once cannot both insert: the later one wins.
  await db.query(
    `INSERT INTO verification_uploads (id, user_id, type, mime, size, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id, type) DO UPDATE SET id = EXCLUDED.id, mime = EXCLUDED.mime, size = EXCLUDED.size,
       bytes = EXCLUDED.bytes, created_at = EXCLUDED.created_at`,
    [id, userId, type, image.mime, image.size, image.bytes, now.toISOString()],
  );
  return id;
}

export function uploadRoutes() {
  const r = new Hono<AppEnv>();

  r.post('/authen/upload', requireUser, imageBodyLimit(), async (c) => {
    const { db, clock } = c.var.deps;
    const form = await readForm(c);
    const type = Number(readType(form, ['1', '2', '3', '4'] as const));
    const image = await readImage(form, 'file');
    const fileId = await storeUpload(db, c.var.user.id, type, image, clock.now());
    return ok(c, { type, fileId, size: image.size });
  });

  r.get('/authen/file/:fileId', requireUser, async (c) => {
    const { db } = c.var.deps;
    const fileId = c.req.param('fileId');
    const found = /^[0-9a-f]{32}$/.test(fileId)
      ? await db.query<{ mime: string; bytes: Uint8Array }>('SELECT mime, bytes FROM verification_uploads WHERE id = $1 AND user_id = $2', [
          fileId,
          c.var.user.id,
        ])
      : { rows: [] };
    const file = found.rows[0];
    // Another borrower's file is indistinguishable from one that does not exist.
    if (!file) throw new ApiError('Not found', CODE_ERROR, 404);
    return c.body(new Uint8Array(file.bytes), 200, { 'Content-Type': file.mime, 'Cache-Control': 'private, no-store' });
  });

  r.post('/auth/v1/ocr-separate', requireUser, imageBodyLimit(), async (c) => {
    const { db, clock } = c.var.deps;
    const user = c.var.user;
    const form = await readForm(c);
    const type = Number(readType(form, ['1', '2', '3'] as const)) as 1 | 2 | 3;
    const image = await readImage(form, 'image');
    // notNeed '1': the client already uploaded this image; read it only.
    const notNeed = typeof form.notNeed === 'string' && form.notNeed.trim() === '1';
    if (!notNeed) await storeUpload(db, user.id, type, image, clock.now());
    const named = await db.query<{ name: string | null }>('SELECT name FROM users WHERE id = $1', [user.id]);
    return ok(c, simulateOcr(type, image.size, { phone: user.phone, name: named.rows[0]?.name ?? null }));
  });

  return r;
}

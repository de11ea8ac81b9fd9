/**
 * Image uploads (spec §5 'Image upload', §7): POST authen/upload (form: type, file), the owner-only
 * GET authen/file/{fileId}, and the simulated OCR POST /auth/v1/ocr-separate (form: type, image,
 * notNeed). Images are checked by content (magic bytes), at most 10 MB, stored per borrower in the
 * database; a newer upload of the same type replaces the older.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { OcrForm, OcrResult, UploadForm, UploadResult } from '../../../contract/verification';
import { requireUser } from '../auth';
import type { Queryable } from '../db';
import type { AppEnv } from '../env';
import { answer, ApiError, CODE_ERROR, describeIssues, envelope } from '../envelope';
import { idempotent } from '../idempotency';
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

/** The multipart form, parsed with its contract schema; a body that is not a form is refused with a plain message. */
export async function readForm<S extends v.GenericSchema>(c: Context<AppEnv>, schema: S): Promise<v.InferOutput<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) throw new ApiError('The request body must be multipart/form-data.');
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new ApiError('The request body must be multipart/form-data.');
  }
  const parsed = v.safeParse(schema, body);
  if (parsed.success) return parsed.output;
  const first = parsed.issues[0];
  // A text where a file belongs is no more an image than a file that is not one.
  if (first?.expected === 'Blob' && first.received !== 'undefined') throw new ApiError(MESSAGES.notImage);
  throw new ApiError(describeIssues(parsed.issues));
}

/** The image of a form: at most 10 MB, and an image by its first bytes. */
export async function readImage(file: Blob): Promise<ImageFile> {
  if (file.size > MAX_IMAGE_BYTES) throw new ApiError(MESSAGES.tooBig);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const mime = sniffImage(bytes);
  if (!mime) throw new ApiError(MESSAGES.notImage);
  return { bytes, mime, size: bytes.length };
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

  r.post('/authen/upload', requireUser, imageBodyLimit(), idempotent, async (c) => {
    const { db, clock } = c.var.deps;
    const form = await readForm(c, UploadForm);
    const type = Number(form.type);
    const image = await readImage(form.file);
    const fileId = await storeUpload(db, c.var.user.id, type, image, clock.now());
    return answer(c, UploadResult, { type, fileId, size: image.size });
  });

  // Not in the spec: lets QA and tests see what was stored. Any text may be asked for; only the owner's ids exist.
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

  r.post('/auth/v1/ocr-separate', requireUser, imageBodyLimit(), idempotent, async (c) => {
    const { db, clock } = c.var.deps;
    const user = c.var.user;
    const form = await readForm(c, OcrForm);
    const type = Number(form.type) as 1 | 2 | 3;
    const image = await readImage(form.image);
    // notNeed '1': the client already uploaded this image; read it only.
    if (form.notNeed !== '1') await storeUpload(db, user.id, type, image, clock.now());
    const named = await db.query<{ name: string | null }>('SELECT name FROM users WHERE id = $1', [user.id]);
    return answer(c, OcrResult, simulateOcr(type, image.size, { phone: user.phone, name: named.rows[0]?.name ?? null }));
  });

  return r;
}

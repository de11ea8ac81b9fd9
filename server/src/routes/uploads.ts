/**
 * Image uploads (endpoint table: uploadImage, uploadedFile, ocrSeparate, and the face check's image in
 * verification.ts). Images are checked by content (magic bytes), at most 10 MB, stored per borrower:
 * a row, and the bytes in a file of the upload folder (files.ts) or in the row when there is none. A
 * newer upload of the same type replaces the older (and its file).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { ENDPOINTS } from '../../../contract/endpoints';
// The app reads an upload's answer as Ignored; the sandbox still answers what it stored, typed.
import { UploadResult } from '../../../contract/verification';
import type { Db, Queryable } from '../db';
import { afterCommit, afterRollback, readUploadFile, removeUploadFile, sha256Hex, uploadDirOf, uploadPath, writeUploadFile } from '../files';
import type { AppEnv } from '../env';
import { answer, ApiError, CODE_ERROR, describeIssues, envelope, limitBody } from '../envelope';
import { requireConsent } from '../domain/privacy';
import { lockStepDone, MAX_IMAGE_BYTES, MESSAGES, newFileId, simulateOcr, sniffImage, UPLOAD_TYPE, type Flag } from '../domain/verification';
import { serve } from './serve';

/** Room for the form's other fields and part headers on top of a 10 MB file. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

/**
 * Image requests handled at once, per process, once their body has arrived. Parsing a 1 MB form and
 * storing it is a few milliseconds of main-thread work (and PGlite's queries run there too); twenty
 * at once put a queue of such steps in front of every other request (the faq waited 60-130 ms
 * behind 20 uploads). The others wait their turn with the body received; throughput stays within
 * what the main thread could do anyway. Receiving the body holds no turn: a slow phone network must
 * not hold up everyone's uploads.
 */
export const IMAGE_REQUESTS_AT_ONCE = 2;

/** At most `size` holders at a time; the others wait in arrival order. */
class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active < this.size) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const nextInLine = this.waiting.shift();
      if (nextInLine) nextInLine();
      else this.active--;
    }
  }
}
const imageTurns = new Gate(IMAGE_REQUESTS_AT_ONCE);

/**
 * Multipart bodies: a file of up to 10 MB plus the form; anything bigger is "too big" (an envelope,
 * HTTP 200), at once when the declared length says so. The body is then received in full (kept for
 * readForm and the idempotency hash) and the rest of the request waits for its turn.
 */
export const imageBodyLimit = (): MiddlewareHandler<AppEnv> => {
  // limitBody, not hono's bodyLimit: a refused chunked body is read away after the answer, so the
  // phone's keep-alive connection stays usable. It also marks the route as having its own limit.
  const limit = limitBody(MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES, (c) => c.json(envelope(CODE_ERROR, MESSAGES.tooBig, null), 200));
  return Object.assign(
    (c: Context<AppEnv>, next: () => Promise<void>) =>
      limit(c, async () => {
        // A body that cannot be read (the client went away) fails again, with its message, in readForm.
        await c.req.arrayBuffer().catch(() => {});
        await imageTurns.run(next);
      }),
    limit,
  ) as MiddlewareHandler<AppEnv>;
};

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

/**
 * Stores the image as the borrower's upload of `type`, replacing an older one; returns its id.
 * With an upload folder the file is written (atomically) before the row, so a row never points to
 * a missing file; the replaced file is removed once the row change is committed.
 */
export async function storeUpload(db: Queryable, userId: number, type: number, image: ImageFile, now: Date): Promise<string> {
  const id = newFileId();
  const dir = uploadDirOf(db);
  const rel = dir ? uploadPath(userId, id) : null;
  const sha256 = await sha256Hex(image.bytes);
  if (dir && rel) await writeUploadFile(dir, rel, image.bytes);
  let replaced: string | null | undefined;
  try {
    // One statement, so two uploads of the same type at once cannot both insert: the later one wins.
    // `old` sees the row as it was before this statement: the file to remove.
    const result = await db.query<{ old_path: string | null }>(
      `WITH old AS (SELECT path FROM verification_uploads WHERE user_id = $2 AND type = $3)
       INSERT INTO verification_uploads (id, user_id, type, mime, size, bytes, path, sha256, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (user_id, type) DO UPDATE SET id = EXCLUDED.id, mime = EXCLUDED.mime, size = EXCLUDED.size,
         bytes = EXCLUDED.bytes, path = EXCLUDED.path, sha256 = EXCLUDED.sha256, created_at = EXCLUDED.created_at
       RETURNING (SELECT path FROM old) AS old_path`,
      [id, userId, type, image.mime, image.size, rel ? null : image.bytes, rel, sha256, now.toISOString()],
    );
    replaced = result.rows[0]?.old_path;
  } catch (error) {
    if (dir && rel) await removeUploadFile(dir, rel).catch(() => {});
    throw error;
  }
  if (dir && rel) afterRollback(db, () => removeUploadFile(dir, rel));
  if (dir && replaced) await afterCommit(db, () => removeUploadFile(dir, replaced));
  return id;
}

/** The step an image belongs to: the face photo to face, the card images to identity. */
const stepOfImage = (type: number): Flag => (type === UPLOAD_TYPE.face ? 'kycFaceAndHold' : 'kycAadhaarAndPan');

/**
 * storeUpload, unless the image's step is done: a done step is final (docs/journeys/verification.md 'Verification'), so a
 * later image is checked like any other but changes nothing, and the id of the image in place is
 * answered ('' when there is none).
 */
async function storeUnlessDone(db: Db, userId: number, type: number, image: ImageFile, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    if (!(await lockStepDone(tx, userId, stepOfImage(type)))) return storeUpload(tx, userId, type, image, now);
    const kept = await tx.query<{ id: string }>('SELECT id FROM verification_uploads WHERE user_id = $1 AND type = $2', [userId, type]);
    return kept.rows[0]?.id ?? '';
  });
}

export function uploadRoutes() {
  const r = new Hono<AppEnv>();

  serve(r, ENDPOINTS.uploadImage, { bodyLimit: imageBodyLimit() }, async (c) => {
    const { db, clock } = c.var.deps;
    const form = await readForm(c, ENDPOINTS.uploadImage.body);
    const type = Number(form.type);
    // A withdrawn consent refuses the image before it is read, so nothing of it is kept.
    await requireConsent(db, c.var.user.id, type === UPLOAD_TYPE.face ? 'face' : 'identity');
    const image = await readImage(form.file);
    const fileId = await storeUnlessDone(db, c.var.user.id, type, image, clock.now());
    return answer(c, UploadResult, { type, fileId, size: image.size });
  });

  // Lets QA and tests see what was stored. Any text may be asked for (read here, unparsed); only the owner's ids exist.
  serve(r, ENDPOINTS.uploadedFile, { read: false }, async (c) => {
    const { db } = c.var.deps;
    const fileId = c.req.param('fileId') ?? '';
    const found = /^[0-9a-f]{32}$/.test(fileId)
      ? await db.query<{ mime: string; bytes: Uint8Array | null; path: string | null }>(
          'SELECT mime, bytes, path FROM verification_uploads WHERE id = $1 AND user_id = $2',
          [fileId, c.var.user.id],
        )
      : { rows: [] };
    const file = found.rows[0];
    // Another borrower's file is indistinguishable from one that does not exist.
    if (!file) throw new ApiError('Not found', CODE_ERROR, 404);
    const dir = uploadDirOf(db);
    const bytes = file.bytes ?? (dir && file.path ? await readUploadFile(dir, file.path) : null);
    if (!bytes) {
      // The row's file is gone (removed by hand, or the server started without its upload folder).
      c.var.deps.log(`[error] upload ${fileId}: its file ${file.path ?? '?'} is missing${dir ? '' : ' (no upload folder configured)'}`);
      throw new ApiError('Not found', CODE_ERROR, 404);
    }
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': file.mime, 'Cache-Control': 'private, no-store' });
  });

  serve(r, ENDPOINTS.ocrSeparate, { bodyLimit: imageBodyLimit() }, async (c) => {
    const { db, clock } = c.var.deps;
    const user = c.var.user;
    const form = await readForm(c, ENDPOINTS.ocrSeparate.body);
    const type = Number(form.type) as 1 | 2 | 3;
    await requireConsent(db, user.id, 'identity');
    const image = await readImage(form.image);
    // notNeed '1': the client already uploaded this image; read it only.
    if (form.notNeed !== '1') await storeUnlessDone(db, user.id, type, image, clock.now());
    const named = await db.query<{ name: string | null }>('SELECT name FROM users WHERE id = $1', [user.id]);
    return simulateOcr(type, image.size, { phone: user.phone, name: named.rows[0]?.name ?? null });
  });

  return r;
}

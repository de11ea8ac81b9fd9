/**
 * gzip (or deflate) for the API's answers and the sandbox pages, once they are 1 KB or more: the rules
 * of Hono's compress middleware (same encodings and q-values, Vary, no-transform, HEAD, 206, weak
 * ETags), done on the whole body at once, in one call. Why: Hono's pipes every answer through a CompressionStream,
 * and a small JSON answer then costs more in web streams than in the server's own work; it also
 * compressed answers of any size when they had no Content-Length (all of ours).
 */
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/** Smaller answers are sent as they are: gzip's own header and checksum would win little or nothing. */
export const COMPRESS_THRESHOLD = 1024;

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** gzip or deflate by the client's Accept-Encoding (q-values, `*`); gzip when both are equally welcome. */
export function chooseEncoding(header: string | undefined): 'gzip' | 'deflate' | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const of = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  const [g, d] = [of('gzip'), of('deflate')];
  if (g > 0 && g >= d) return 'gzip';
  if (d > 0) return 'deflate';
  return undefined;
}

/**
 * SANDBOX_COMPRESS=0 sends every answer as it is: `npm run bench:journey` runs the borrower's journey
 * both ways on a slow phone network (docs/performance.md, "Compression", says which is kept and why).
 */
export const compressionOn = (env: Record<string, string | undefined> = process.env): boolean => env.SANDBOX_COMPRESS !== '0';

export function compressAnswers({ enabled = compressionOn() }: { enabled?: boolean } = {}): MiddlewareHandler {
  return async function compressAnswers(c, next) {
    await next();
    if (!enabled) return;
    const res = c.res;
    const type = res.headers.get('Content-Type');
    const length = res.headers.get('Content-Length');
    if (
      c.req.method === 'HEAD' ||
      res.status === 206 ||
      !res.body ||
      res.headers.has('Content-Encoding') ||
      res.headers.has('Transfer-Encoding') ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '') ||
      (length !== null && Number(length) < COMPRESS_THRESHOLD)
    )
      return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    const answer = (bytes: Uint8Array<ArrayBuffer>) => {
      // Replaced, not merged: Hono would copy the old headers over these and turn the bytes into a stream.
      c.res = undefined;
      c.res = new Response(bytes, { status: res.status, statusText: res.statusText, headers });
    };
    if (body.byteLength < COMPRESS_THRESHOLD) return void answer(body);
    const vary = headers.get('Vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return void answer(body);
    // In this thread: for answers of a few KB, zlib's async stream costs several times the compression itself.
    const packed = encoding === 'gzip' ? zlib.gzipSync(body) : zlib.deflateSync(body);
    headers.set('Content-Encoding', encoding);
    headers.delete('Content-Length');
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    answer(new Uint8Array(packed));
  };
}

/**
 * Request bodies, app-wide: every route has a body limit (its own, or DEFAULT_BODY_LIMIT), and a body
 * the app did not read — refused as too large, or answered before it was needed (-4, 404) — is read
 * away after the answer, so the next request on the same keep-alive connection is served.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { API_BASE } from '../../contract/endpoint';
import { bodyTooLarge, limitBody, OWN_BODY_LIMIT } from './envelope';

/** Routes without a limit of their own: the sandbox controls, unknown paths. Their bodies are a few hundred bytes. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/**
 * An unread body up to this size is read and thrown away after the answer, keeping the connection;
 * a longer one is not worth the wait: the answer says Connection: close. Above the image limit, so
 * a borrower's too-big photo keeps the connection.
 */
export const DRAIN_MAX_BYTES = 32 * 1024 * 1024;

/**
 * The app's default body limit, for a route that has no limit of its own (limitBody / jsonBodyLimit
 * of envelope.ts, or hono's bodyLimit, which routes/uploads.ts mounts).
 */
export function defaultBodyLimit(maxSize = DEFAULT_BODY_LIMIT): MiddlewareHandler {
  const limit = limitBody(maxSize, (c: Context) =>
    c.req.path.startsWith(`${API_BASE}/`) ? bodyTooLarge(c) : c.json({ error: `The request body is too large (at most ${maxSize} bytes).` }, 413),
  );
  return (c, next) => (matchedRoutes(c).some((r) => hasOwnLimit(r.handler)) ? next() : limit(c, next));
}

const hasOwnLimit = (handler: unknown) =>
  typeof handler === 'function' && (OWN_BODY_LIMIT in handler || handler.name === 'bodyLimit');

/** Mount first: after the answer, reads away whatever of the request body nobody read. */
export const drainUnreadBody: MiddlewareHandler = async (c, next) => {
  // The request as it came: a body limit may replace c.req.raw with the part it buffered.
  const request = c.req.raw;
  await next();
  if (request.method === 'GET' || request.method === 'HEAD') return;
  const body = request.body;
  // Locked: someone holds a reader (a handler still streaming it); nothing to do from here.
  if (!body || body.locked) return;
  if (Number(request.headers.get('content-length')) > DRAIN_MAX_BYTES) {
    c.header('Connection', 'close');
    return;
  }
  void discard(body);
};

async function discard(body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.length;
      // Sent without a length and longer than worth reading: drop it (the connection closes).
      if (size > DRAIN_MAX_BYTES) return await reader.cancel();
    }
  } catch {
    // The client went away meanwhile.
  }
}

/**
 * The built app (vite's dist/): files as they are, and index.html for client-side routes.
 * - /assets/* are content-hashed by vite: cached for a year, immutable;
 * - index.html (and any other file) must be revalidated: no-cache (with an ETag, so it is a 304);
 * - any other GET that accepts text/html and is not a file gets the route's prerendered page
 *   <path>/index.html when the build has one (/login, /download: scripts/prerender.ts), else index.html;
 * - compressed once, at build time (the `precompress` plugin of vite.config.ts writes x.br and x.gz beside x): the
 *   client gets brotli if it accepts it, else gzip, else the file as is, with Vary: Accept-Encoding.
 *   Nothing is compressed per request;
 * - never served: dot-paths (dist/.vite/manifest.json), source maps, and the .br/.gz files by name.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { getMimeType } from 'hono/utils/mime';
import { API_BASE } from '../../contract/endpoint';
import type { AppEnv } from './env';
import { preferredLanguage, type Lang } from './language';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Paths the app never handles, even when they accept HTML (/flows is the flow atlas: flowsFiles). */
const NOT_APP = new RegExp(`^(${API_BASE}|/sandbox|/assets|/flows)(/|$)`);

/** Encodings in order of preference, with the suffix of their precompressed file. */
export const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

/** Not part of what the app serves: source maps (the code's original text) and the compressed copies by their own name. */
const NEVER_SERVED = /\.(map|br|gz)$/i;

interface Variant {
  file: string;
  size: number;
  etag: string;
}
interface Entry {
  mtimeMs: number;
  size: number;
  variants: Partial<Record<Encoding | 'identity', Variant>>;
}

/**
 * Which encodings of a file exist, looked up once per file version (its size and mtime): a request
 * costs one stat, not three.
 */
const entries = new Map<string, Entry>();

async function statFile(file: string): Promise<fs.Stats | null> {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

const etagOf = (stat: fs.Stats, encoding: string) => `"${stat.size.toString(16)}-${Math.trunc(stat.mtimeMs).toString(16)}-${encoding}"`;

async function entryFor(file: string): Promise<Entry | null> {
  const stat = await statFile(file);
  if (!stat) {
    entries.delete(file);
    return null;
  }
  const known = entries.get(file);
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known;
  const entry: Entry = { mtimeMs: stat.mtimeMs, size: stat.size, variants: { identity: { file, size: stat.size, etag: etagOf(stat, 'identity') } } };
  for (const { name, suffix } of ENCODINGS) {
    const compressed = await statFile(file + suffix);
    if (compressed) entry.variants[name] = { file: file + suffix, size: compressed.size, etag: etagOf(compressed, name) };
  }
  entries.set(file, entry);
  return entry;
}

/** The preferred encoding the client accepts (q > 0) among those the file has; identity otherwise. */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding | 'identity' {
  if (!acceptEncoding) return 'identity';
  const accepts = parseAccept(acceptEncoding);
  const q = (name: string) => accepts.find((a) => a.type.toLowerCase() === name)?.q ?? accepts.find((a) => a.type === '*')?.q ?? 0;
  return ENCODINGS.find(({ name }) => available.includes(name) && q(name) > 0)?.name ?? 'identity';
}

/** Answers with `file` (precompressed when the client accepts it), or returns null when there is no such file. */
async function sendFile(c: Context<AppEnv>, file: string, cacheControl: string, contentType?: string): Promise<Response | null> {
  const entry = await entryFor(file);
  if (!entry) return null;
  const available = ENCODINGS.map((e) => e.name).filter((name) => entry.variants[name]);
  const encoding = chooseEncoding(c.req.header('accept-encoding'), available);
  const variant = entry.variants[encoding] ?? entry.variants.identity!;
  const headers: Record<string, string> = {
    'Content-Type': contentType ?? getMimeType(file) ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    ETag: variant.etag,
  };
  // The answer depends on Accept-Encoding only when there is something to choose from.
  if (available.length > 0) headers.Vary = 'Accept-Encoding';
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === variant.etag)) return c.body(null, 304, headers);
  headers['Content-Length'] = String(variant.size);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  let bytes: Buffer;
  try {
    bytes = await fs.promises.readFile(variant.file);
  } catch {
    // Replaced by a build between the stat and the read: the next request sees the new files.
    entries.delete(file);
    return null;
  }
  // readFile gives a Buffer over a plain ArrayBuffer (never a shared one).
  return c.body(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), 200, headers);
}

/** The file a URL path names under `root`, or null for anything the app does not serve. */
function fileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (/[\\\0]/.test(decoded) || NEVER_SERVED.test(decoded)) return null;
  const segments = decoded.split('/').slice(1);
  // Dot-paths (.vite/, .., .env) and empty segments are not part of the app.
  if (segments.slice(0, -1).some((s) => s === '' || s.startsWith('.')) || segments.at(-1)?.startsWith('.')) return null;
  const file = path.join(root, decoded.endsWith('/') ? `${decoded}index.html` : decoded);
  return file.startsWith(root + path.sep) ? file : null;
}

export function staticFiles(staticDir: string): MiddlewareHandler<AppEnv> {
  const root = path.resolve(staticDir);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const file = fileFor(root, c.req.path);
    if (!file) return next();
    return (await sendFile(c, file, c.req.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE)) ?? next();
  };
}

/** The cookie the app keeps with the borrower's language (src/lib/language.ts LANG_COOKIE). */
const LANG_COOKIE = /(?:^|;\s*)bw_lang=(en|hi)(?:;|$)/;

/**
 * The language of a prerendered first screen: the borrower's choice (the app's cookie), else the
 * browser's, as the app itself decides on a first visit (docs/hindi.md).
 */
export function pageLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Lang {
  const chosen = LANG_COOKIE.exec(cookie ?? '')?.[1];
  return chosen === 'hi' || chosen === 'en' ? chosen : preferredLanguage(acceptLanguage);
}

/**
 * The page for a client-side route: its prerendered first screen `<path>/index.html` when the build has
 * one (scripts/prerender.ts: GET /login → dist/login/index.html), in Hindi (`index.hi.html`) for a
 * borrower who reads Hindi (pageLanguage), else index.html.
 */
export function spaFallback(staticDir: string): MiddlewareHandler<AppEnv> {
  const root = path.resolve(staticDir);
  const index = path.join(root, 'index.html');
  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || NOT_APP.test(c.req.path)) return next();
    if (!(c.req.header('accept') ?? '').includes('text/html')) return next();
    const prerendered = c.req.path === '/' ? null : fileFor(root, `${c.req.path.replace(/\/+$/, '')}/`);
    if (prerendered) {
      const lang = pageLanguage(c.req.header('cookie'), c.req.header('accept-language'));
      const localized = lang === 'en' ? null : prerendered.replace(/index\.html$/, `index.${lang}.html`);
      const page = (localized ? await sendFile(c, localized, REVALIDATE) : null) ?? (await sendFile(c, prerendered, REVALIDATE));
      if (page) {
        page.headers.append('Vary', 'Cookie, Accept-Language');
        return page;
      }
    }
    return (await sendFile(c, index, REVALIDATE)) ?? next();
  };
}

/** Text the flow atlas links to that browsers would otherwise download: shown as text. */
const AS_TEXT = /\.(md|mmd|txt)$/i;

const NO_ATLAS = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Flow atlas</title></head>
<body><h1>The flow atlas is not built</h1><p>Run <code>npm run flows</code> in the project, then reload this page.</p><p><a href="/sandbox">Back to the sandbox</a></p></body></html>`;

/**
 * The flow atlas (`npm run flows` writes it into flows/): /flows/ is its page, /flows/* its files,
 * revalidated on every load (a new run replaces them). Markdown, Mermaid and source copies are
 * served as plain text. Without a built atlas, /flows/ says how to build it.
 */
export function flowsFiles(flowsDir: string): MiddlewareHandler<AppEnv> {
  const root = path.resolve(flowsDir);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    if (c.req.path === '/flows') return c.redirect('/flows/', 301);
    if (!c.req.path.startsWith('/flows/')) return next();
    const file = fileFor(root, c.req.path.slice('/flows'.length));
    const sent = file ? await sendFile(c, file, REVALIDATE, AS_TEXT.test(file) ? 'text/plain; charset=utf-8' : undefined) : null;
    if (sent) return sent;
    return c.req.path === '/flows/' ? c.html(NO_ATLAS, 404) : next();
  };
}

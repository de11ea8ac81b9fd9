/**
 * The built app (vite's dist/): files as they are, and index.html for client-side routes.
 * - /assets/* are content-hashed by vite: cached for a year, immutable;
 * - index.html (and any other file) must be revalidated: no-cache;
 * - any other GET that accepts text/html and is not a file gets index.html (SPA fallback).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './env';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Paths the app never handles, even when they accept HTML. */
const NOT_APP = /^\/(api1|sandbox|assets)(\/|$)/;

const isFile = (p: string) => {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
};

export function staticFiles(staticDir: string): MiddlewareHandler<AppEnv> {
  const root = path.resolve(staticDir);
  // Headers set before serveStatic answers are kept on its response (set after, they would be lost);
  // when it finds no file they are taken back, so a 404 is never cached.
  // Built on first use: serveStatic warns when its root is missing, and dist/ may appear later (vite build).
  let files: MiddlewareHandler<AppEnv> | undefined;
  return async (c, next) => {
    if (!fs.existsSync(root)) return next();
    // Build metadata (dist/.vite/manifest.json) and other dot-paths are not part of the app.
    if (c.req.path.split('/').some((segment) => segment.startsWith('.'))) return next();
    files ??= serveStatic<AppEnv>({
      root,
      onNotFound: (_path, ctx) => {
        ctx.header('Cache-Control', undefined);
      },
    });
    c.header('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    return files(c, next);
  };
}

export function spaFallback(staticDir: string): MiddlewareHandler<AppEnv> {
  const index = path.join(path.resolve(staticDir), 'index.html');
  return async (c, next) => {
    // Hono answers HEAD with the GET route, body dropped.
    if (c.req.method !== 'GET' || NOT_APP.test(c.req.path)) return next();
    if (!(c.req.header('accept') ?? '').includes('text/html') || !isFile(index)) return next();
    const html = await fs.promises.readFile(index, 'utf8');
    return c.body(html, 200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': REVALIDATE,
    });
  };
}

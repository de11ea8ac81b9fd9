/**
 * The sandbox serves the installable app's files the way browsers need them: sw.js as
 * JavaScript, never cached by HTTP (`no-cache`: a new version is seen on the next check), precompressed
 * like the rest; the web manifest with its own type; and the page's CSP lets both load (worker-src and
 * manifest-src fall back to script-src/default-src 'self').
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers';

let h: Harness;
let dist: string;
const sw = `self.addEventListener('message',()=>{});${'/* precache list */'.repeat(100)}`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-files-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'sw.js'), sw);
  fs.writeFileSync(path.join(dist, 'sw.js.br'), zlib.brotliCompressSync(sw));
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Borrower","start_url":"/"}');
  fs.writeFileSync(path.join(dist, 'offline.html'), '<!doctype html><title>You are offline</title>');
  h = await startHarness({ staticDir: dist });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('service worker and web manifest files', () => {
  it('sw.js: JavaScript, revalidated on every check, brotli when accepted', async () => {
    const res = await h.app.request('/sw.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-encoding')).toBe('br');
  });

  it("the CSP lets the page register the worker and read the manifest (all from 'self')", async () => {
    const csp = (await h.app.request('/', { headers: { accept: 'text/html' } })).headers.get('content-security-policy') ?? '';
    // worker-src falls back to script-src, manifest-src to default-src: both 'self'.
    expect(directive(csp, 'worker-src') ?? directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'manifest-src') ?? directive(csp, 'default-src')).toBe("default-src 'self'");
    // The worker's own answer carries the page policy too (a worker is governed by its script's CSP).
    expect((await h.app.request('/sw.js')).headers.get('content-security-policy')).toBe(csp);
  });

  it('the web manifest has its own content type; the offline page is revalidated', async () => {
    const manifest = await h.app.request('/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(((await manifest.json()) as { start_url: string }).start_url).toBe('/');
    const offline = await h.app.request('/offline.html');
    expect(offline.headers.get('cache-control')).toBe('no-cache');
  });

  it('a navigation preload request gets the app like a navigation', async () => {
    const res = await h.app.request('/orders/12/detail', { headers: { accept: 'text/html', 'service-worker-navigation-preload': 'true' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });
});

/**
 * The service worker as `vite build` makes it: a real build into a temporary folder, then
 * the precache list workbox-build injected into sw.js is read back. It must hold the app shell
 * (index.html, the offline page and its files, every hashed asset of the build) and nothing else: no
 * /api1 or /sandbox address, no compressed copy, no build metadata, not the worker itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '../..');
let out: string;
let sw: string;
let precached: { url: string; revision: string | null }[];

beforeAll(async () => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-build-'));
  // As `vite build` runs it (Vitest sets NODE_ENV=test, which would keep workbox's development logging in).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: ROOT, configFile: path.join(ROOT, 'vite.config.ts'), mode: 'production', logLevel: 'silent', build: { outDir: out, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  sw = fs.readFileSync(path.join(out, 'sw.js'), 'utf8');
  // The injected list: [{"revision":…,"url":…},…] (workbox-build writes it as JSON).
  const list = /\[(\{"revision":[^\]]*)\]/.exec(sw);
  if (!list) throw new Error('no precache list in sw.js');
  precached = JSON.parse(`[${list[1]}]`) as typeof precached;
}, 180_000);

afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

describe('the built service worker', () => {
  it('precaches index.html, the offline page and the web manifest, each with a revision', () => {
    for (const url of ['index.html', 'offline.html', 'offline.css', 'offline.js', 'manifest.webmanifest', 'favicon.svg']) {
      const entry = precached.find((e) => e.url === url);
      expect(entry, url).toBeDefined();
      expect(entry?.revision).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('precaches every JS and CSS asset of the build, revisioned by its hashed name', () => {
    const assets = fs.readdirSync(path.join(out, 'assets')).filter((f) => /\.(js|css)$/.test(f));
    expect(assets.length).toBeGreaterThan(10);
    const urls = new Set(precached.map((e) => e.url));
    for (const f of assets) expect(urls.has(`assets/${f}`), f).toBe(true);
    for (const e of precached.filter((e) => e.url.startsWith('assets/'))) expect(e.revision).toBeNull();
    // The entry chunk index.html loads is among them.
    const entry = /<script type="module"[^>]*src="\/(assets\/[^"]+)"/.exec(fs.readFileSync(path.join(out, 'index.html'), 'utf8'))?.[1];
    expect(entry && urls.has(entry)).toBe(true);
  });

  it('excludes the API, the sandbox, compressed copies, build metadata and the worker itself', () => {
    for (const { url } of precached) {
      expect(url).not.toMatch(/^\/?(api1|sandbox)(\/|$)/);
      expect(url).not.toMatch(/\.(br|gz|map)$/);
      expect(url).not.toMatch(/(^|\/)\./);
      expect(url).not.toBe('sw.js');
    }
    // No /api1 route: the only mention is the API base (the endpoint table's), from which the
    // navigation policy's "not the app" rule (network only) is built, with /sandbox.
    expect(sw.match(/api1/g)).toHaveLength(1);
    const base = /(\w+)=`\/api1`/.exec(sw)?.[1];
    expect(base).toBeDefined();
    expect(sw).toContain(`\`^(\${${base}}|/sandbox)(/|$)\``);
  });

  it('waits for consent: skipWaiting only on the SKIP_WAITING message, and is compressed like the rest', () => {
    expect(sw).toContain('SKIP_WAITING');
    expect(fs.existsSync(path.join(out, 'sw.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'sw.mjs'))).toBe(false);
  });
});

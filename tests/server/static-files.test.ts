/**
 * The built app's files are compressed once, at build time (vite.config.ts writes x.br and x.gz),
 * and served by Accept-Encoding: brotli preferred, then gzip, else the file as is, with Vary,
 * the file's Content-Type and immutable caching for /assets/*. Nothing is compressed per request.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../server/src/static';
import { startHarness, type Harness } from './helpers';

let h: Harness;
let dist: string;
const js = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ i, label: 'row' })))};`;
const css = `.row{color:#123456;padding:4px}\n`.repeat(80);
const html = `<!doctype html><title>Borrower</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
const br = (s: string) => zlib.brotliCompressSync(s);
const gz = (s: string) => zlib.gzipSync(s, { level: 9 });

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
  const write = (name: string, data: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    fs.writeFileSync(path.join(dist, name), data);
  };
  write('index.html', html);
  write('index.html.br', br(html));
  write('index.html.gz', gz(html));
  write('assets/x-1a2b3c4d.js', js);
  write('assets/x-1a2b3c4d.js.br', br(js));
  write('assets/x-1a2b3c4d.js.gz', gz(js));
  write('assets/x-1a2b3c4d.css', css);
  write('assets/x-1a2b3c4d.css.gz', gz(css)); // gzip only
  write('assets/small-9f8e7d6c.js', 'export {};'); // too small to be worth a compressed copy
  write('assets/x-1a2b3c4d.js.map', '{"version":3}'); // a source map left by an older build
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  h = await startHarness({ staticDir: dist });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}, method = 'GET') => h.app.request(p, { method, headers });
const body = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('precompressed files by Accept-Encoding', () => {
  it('Accept-Encoding: br gets the .br bytes, Content-Encoding br, the JS type, Vary, immutable caching', async () => {
    const res = await get('/assets/x-1a2b3c4d.js', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = await body(res);
    expect(bytes).toEqual(fs.readFileSync(path.join(dist, 'assets/x-1a2b3c4d.js.br')));
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(zlib.brotliDecompressSync(bytes).toString()).toBe(js);
  });

  it('brotli is preferred whenever accepted; gzip when brotli is not; the .gz bytes as they are', async () => {
    for (const accept of ['gzip, deflate, br', 'br;q=0.5, gzip', 'gzip, br, zstd']) {
      expect((await get('/assets/x-1a2b3c4d.js', { 'Accept-Encoding': accept })).headers.get('content-encoding'), accept).toBe('br');
    }
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip', 'deflate, gzip;q=0.2']) {
      const res = await get('/assets/x-1a2b3c4d.js', { 'Accept-Encoding': accept });
      expect(res.headers.get('content-encoding'), accept).toBe('gzip');
      expect(await body(res)).toEqual(fs.readFileSync(path.join(dist, 'assets/x-1a2b3c4d.js.gz')));
    }
  });

  it('identity otherwise: no Accept-Encoding, only encodings the build did not make, or q=0', async () => {
    for (const headers of [{} as Record<string, string>, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'deflate' }, { 'Accept-Encoding': 'br;q=0, gzip;q=0' }]) {
      const res = await get('/assets/x-1a2b3c4d.js', headers);
      expect(res.headers.get('content-encoding'), JSON.stringify(headers)).toBeNull();
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect((await body(res)).toString()).toBe(js);
    }
  });

  it('uses what exists: gzip for a file with only a .gz; a file without copies is never compressed per request', async () => {
    const cssRes = await get('/assets/x-1a2b3c4d.css', { 'Accept-Encoding': 'br, gzip' });
    expect(cssRes.headers.get('content-encoding')).toBe('gzip');
    expect(cssRes.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const small = await get('/assets/small-9f8e7d6c.js', { 'Accept-Encoding': 'br, gzip, deflate' });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toBeNull(); // nothing to choose from
    expect(await small.text()).toBe('export {};');
  });

  it('index.html too, at / and for client routes (SPA fallback), revalidated with an ETag', async () => {
    for (const route of ['/', '/login', '/orders/12/audit']) {
      const res = await get(route, { accept: 'text/html', 'Accept-Encoding': 'gzip, br' });
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-encoding'), route).toBe('br');
      expect(res.headers.get('content-type'), route).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control'), route).toBe('no-cache');
      expect(zlib.brotliDecompressSync(await body(res)).toString()).toBe(html);
      const etag = res.headers.get('etag');
      expect(etag, route).toBeTruthy();
      const again = await get(route, { accept: 'text/html', 'Accept-Encoding': 'gzip, br', 'If-None-Match': etag! });
      expect(again.status, route).toBe(304);
      expect(await again.text()).toBe('');
    }
    // Each encoding has its own ETag: a cached gzip copy does not validate a brotli answer.
    const asGzip = await get('/', { accept: 'text/html', 'Accept-Encoding': 'gzip' });
    const asBr = await get('/', { accept: 'text/html', 'Accept-Encoding': 'br' });
    expect(asGzip.headers.get('etag')).not.toBe(asBr.headers.get('etag'));
  });

  it('HEAD gives the headers and the length without the body', async () => {
    const res = await get('/assets/x-1a2b3c4d.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-length')).toBe(String(fs.statSync(path.join(dist, 'assets/x-1a2b3c4d.js.br')).size));
    expect((await body(res)).length).toBe(0);
  });

  it('a rebuilt file is served new (its copies are looked up again)', async () => {
    const file = path.join(dist, 'favicon.svg');
    expect(await (await get('/favicon.svg')).text()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(file, '<svg xmlns="http://www.w3.org/2000/svg" width="2"/>');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const res = await get('/favicon.svg', { 'Accept-Encoding': 'br' });
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await res.text()).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="2"/>');
  });
});

describe('what is never served', () => {
  it('source maps, compressed copies by name, dot-paths and escapes are 404', async () => {
    for (const p of ['/assets/x-1a2b3c4d.js.map', '/assets/x-1a2b3c4d.js.br', '/assets/x-1a2b3c4d.js.gz', '/.vite/manifest.json', '/assets/..%2f..%2f' + path.basename(dist) + '%2findex.html', '/assets/..%2findex.html', '/%2e%2e/%2e%2e/etc/passwd', '/assets//x-1a2b3c4d.js', '/assets/x-1a2b3c4d.js%00']) {
      expect((await get(p, { 'Accept-Encoding': 'br' })).status, p).toBe(404);
    }
  });
});

describe('API answers are still compressed per request (they change)', () => {
  it('a larger /api1 answer is gzipped for a client that accepts it', async () => {
    const res = await get('/api1/client/v1/faq', { 'Accept-Encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(await body(res)).toString())).toMatchObject({ code: 0 });
  });
});

describe('chooseEncoding', () => {
  it('reads q-values and wildcards', () => {
    expect(chooseEncoding(undefined, ['br', 'gzip'])).toBe('identity');
    expect(chooseEncoding('*', ['br', 'gzip'])).toBe('br');
    expect(chooseEncoding('*;q=0, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(chooseEncoding('BR', ['br'])).toBe('br');
    expect(chooseEncoding('br', ['gzip'])).toBe('identity');
  });
});

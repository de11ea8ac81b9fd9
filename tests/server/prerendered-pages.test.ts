/**
 * First paint: a client route with a prerendered page (dist/<route>/index.html, made by
 * scripts/prerender.ts) is answered with it; every other route still gets index.html.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers';

let h: Harness;
let dist: string;
const page = (name: string) => `<!doctype html><title>${name}</title><div id="root"><main>${name} screen</main></div>${'<!-- padding -->'.repeat(100)}`;
const HTML = { accept: 'text/html,application/xhtml+xml' };

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'prerendered-'));
  const write = (name: string, data: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    fs.writeFileSync(path.join(dist, name), data);
  };
  write('index.html', page('shell'));
  write('login/index.html', page('login'));
  write('login/index.html.br', zlib.brotliCompressSync(page('login')));
  write('login/index.hi.html', page('login in Hindi'));
  write('download/index.html', page('download'));
  h = await startHarness({ staticDir: dist });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = HTML, method = 'GET') => h.app.request(p, { method, headers });

describe('prerendered first screens', () => {
  it("a borrower who reads Hindi gets the Hindi page: the app's cookie first, else the browser's language; Vary says so", async () => {
    for (const [headers, name] of [
      [{ cookie: 'bw_lang=hi' }, 'login in Hindi'],
      [{ cookie: 'other=1; bw_lang=hi' }, 'login in Hindi'],
      [{ cookie: 'bw_lang=en', 'accept-language': 'hi-IN,hi;q=0.9' }, 'login'],
      [{ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' }, 'login in Hindi'],
      [{ 'accept-language': 'en-IN,hi;q=0.9' }, 'login'],
      [{}, 'login'],
    ] as const) {
      const res = await get('/login', { ...HTML, ...headers });
      expect(await res.text(), JSON.stringify(headers)).toContain(`<main>${name} screen</main>`);
      expect(res.headers.get('vary'), JSON.stringify(headers)).toMatch(/Cookie, Accept-Language/);
    }
    // A page without its Hindi copy is sent in English; a route without a prerender gets the shell.
    expect(await (await get('/download', { ...HTML, cookie: 'bw_lang=hi' })).text()).toContain('<main>download screen</main>');
    expect(await (await get('/orders', { ...HTML, cookie: 'bw_lang=hi' })).text()).toContain('<main>shell screen</main>');
  });

  it('GET /login and /download (with a query, a trailing slash) get their own page, revalidated, with the CSP', async () => {
    for (const [url, name] of [
      ['/login', 'login'],
      ['/login?redirect=%2Forders', 'login'],
      ['/login/', 'login'],
      ['/download', 'download'],
      ['/download/', 'download'],
    ] as const) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control'), url).toBe('no-cache');
      expect(res.headers.get('content-security-policy'), url).toContain("script-src 'self'");
      expect(await res.text(), url).toContain(`<main>${name} screen</main>`);
    }
  });

  it('the page is served compressed like any file, and answers 304 to its ETag', async () => {
    const res = await get('/login', { ...HTML, 'accept-encoding': 'br' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toContain('login screen');
    const etag = res.headers.get('etag')!;
    expect((await get('/login', { ...HTML, 'accept-encoding': 'br', 'if-none-match': etag })).status).toBe(304);
    expect((await get('/login', HTML, 'HEAD')).headers.get('content-length')).toBe(String(Buffer.byteLength(page('login'))));
  });

  it('other routes, /, unknown paths and a route without its page get index.html', async () => {
    for (const url of ['/', '/orders', '/orders/12/detail', '/rate?token=x', '/no/such/page', '/login/other']) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toContain('shell screen');
    }
  });

  it('never for what is not the app, nor for requests that do not accept HTML, nor escapes', async () => {
    expect((await get('/login', { accept: 'application/json' })).status).toBe(404);
    expect((await get('/assets/login')).status).toBe(404);
    expect(await (await get('/api1/login')).text()).not.toContain('login screen');
    for (const url of ['/login/..%2F..%2Fetc', '/x/..%2Flogin', '/.vite']) {
      const text = await (await get(url)).text();
      expect(text, url).not.toContain('login screen');
    }
  });
});

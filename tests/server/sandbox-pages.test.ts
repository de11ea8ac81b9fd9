/** The sandbox pages (outbox, clock, logos), the built app with its SPA fallback, and server faults. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app';
import { createFakeClock } from '../../server/src/clock';
import type { Db } from '../../server/src/db';
import { api, freshPhone, latestCode, sendCode, startHarness, type Harness } from './helpers';

let h: Harness;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Borrower</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-3f2a9c1d.js'), 'console.log("app")');
  const big = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ i, label: 'row' })))};`;
  fs.writeFileSync(path.join(dist, 'assets', 'big-0a1b2c3d.js'), big);
  // As the build leaves it (scripts/precompress.ts): the server sends compressed copies, it compresses nothing itself.
  fs.writeFileSync(path.join(dist, 'assets', 'big-0a1b2c3d.js.gz'), zlib.gzipSync(big, { level: 9 }));
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Borrower"}');
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"src/main.tsx":{}}');
  h = await startHarness({ staticDir: dist });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('sandbox outbox', () => {
  it('GET /sandbox/api/outbox?phone= lists that phone’s messages newest first, with the code', async () => {
    const phone = freshPhone();
    await sendCode(h.app, phone);
    const first = await latestCode(h.app, phone);
    await h.clock.advance(61_000);
    await sendCode(h.app, phone);
    const res = await h.app.request(`/sandbox/api/outbox?phone=${phone}`);
    const body = (await res.json()) as { messages: { phone: string; text: string; code: string; createdAt: string }[] };
    expect(body.messages).toHaveLength(2);
    expect(body.messages[1]?.code).toBe(first);
    expect(body.messages.every((m) => m.phone === phone && m.text.includes(`Your code is ${m.code}`))).toBe(true);
    expect(Date.parse(body.messages[0]!.createdAt)).toBeGreaterThan(Date.parse(body.messages[1]!.createdAt));
    expect((await h.app.request('/sandbox/api/outbox?phone=12')).status).toBe(400);
  });

  it('GET /sandbox shows the messages and the personas, with every value escaped', async () => {
    const phone = freshPhone();
    await sendCode(h.app, phone);
    await h.db.query(`INSERT INTO sms_outbox (phone, text, code, created_at) VALUES ($1, $2, null, $3)`, [
      phone,
      '<script>alert("x")</script> & more',
      h.clock.now().toISOString(),
    ]);
    const res = await h.app.request('/sandbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<title>Sandbox outbox</title>');
    expect(html).toContain('name="viewport"');
    expect(html).toContain(phone.slice(2));
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(html).not.toContain('<script>');
    for (const p of ['9000000001', '9000000002', '9000000003', '9000000004', 'Asha', 'Ravi', 'Meera', 'Kiran']) expect(html).toContain(p);
    expect(html).toContain('href="/sandbox"');
  });
});

describe('sandbox clock', () => {
  it('GET shows it, POST {advanceSeconds} moves it, {reset:true} puts it back', async () => {
    const start = (await (await h.app.request('/sandbox/api/clock')).json()) as { now: string; offsetSeconds: number };
    const moved = await h.app.request('/sandbox/api/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: 600 }),
    });
    const after = (await moved.json()) as { now: string; offsetSeconds: number };
    expect(Date.parse(after.now) - Date.parse(start.now)).toBe(600_000);
    expect(after.offsetSeconds - start.offsetSeconds).toBe(600);
    expect(h.clock.now().toISOString()).toBe(after.now);

    const bad = await h.app.request('/sandbox/api/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceSeconds":"x"}' });
    expect(bad.status).toBe(400);
    const reset = await h.app.request('/sandbox/api/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"reset":true}' });
    expect(((await reset.json()) as { offsetSeconds: number }).offsetSeconds).toBe(0);
  });

  it('moving the clock past 10 minutes expires a code (as QA would do it)', async () => {
    const phone = freshPhone();
    await sendCode(h.app, phone);
    const code = await latestCode(h.app, phone);
    await h.app.request('/sandbox/api/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceSeconds":601}' });
    expect((await api(h.app, 'POST', '/user/v1/login', { json: { phone, code } })).msg).toBe('The code has expired. Please request a new code.');
  });
});

describe('logos', () => {
  it('serves a circle with initials per product, 404 otherwise', async () => {
    const res = await h.app.request('/sandbox/logos/rupee-rise.svg');
    expect(res.status).toBe(200);
    const svg = await res.text();
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('>RR</text>');
    expect((await h.app.request('/sandbox/logos/nope.svg')).status).toBe(404);
    expect((await h.app.request('/sandbox/logos/..%2Fx.svg')).status).toBe(404);
  });
});

describe('the built app (dist/)', () => {
  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  it('serves index.html at / and for client routes (SPA fallback), never cached', async () => {
    for (const route of ['/', '/login?redirect=%2Forders', '/product/1/detail', '/orders/12/audit']) {
      const res = await h.app.request(route, { headers: html });
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type'), route).toContain('text/html');
      expect(res.headers.get('cache-control'), route).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed assets as immutable and other files as revalidated', async () => {
    const asset = await h.app.request('/assets/index-3f2a9c1d.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("app")');
    const manifest = await h.app.request('/manifest.webmanifest');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  it('does not answer missing files, non-HTML requests, /api1 or /sandbox paths with index.html', async () => {
    const missingAsset = await h.app.request('/assets/missing-1234.js', { headers: html });
    expect(missingAsset.status).toBe(404);
    expect(missingAsset.headers.get('cache-control')).toBeNull(); // a 404 is never cached as immutable
    expect((await h.app.request('/missing.js')).status).toBe(404);
    expect((await h.app.request('/orders', { method: 'POST', headers: html })).status).toBe(404);
    const apiMiss = await h.app.request('/api1/nope', { headers: html });
    expect(apiMiss.status).toBe(404);
    expect(await apiMiss.json()).toEqual({ code: 1, msg: 'Not found', data: null });
    expect((await h.app.request('/sandbox/nope', { headers: html })).status).toBe(404);
    expect((await h.app.request('/../../etc/passwd')).status).toBe(404);
    // Build metadata is not part of the app.
    expect((await h.app.request('/.vite/manifest.json')).status).toBe(404);
    expect((await h.app.request('/%2evite/manifest.json')).status).toBe(404);
    // Nor are the compressed copies by their own name.
    expect((await h.app.request('/assets/big-0a1b2c3d.js.gz')).status).toBe(404);
  });

  it('gzips the app for clients that accept it, and not for those that do not', async () => {
    const gz = await h.app.request('/assets/big-0a1b2c3d.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('cache-control')).toContain('immutable');
    expect(gz.headers.get('vary')).toBe('Accept-Encoding');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString().startsWith('export const rows')).toBe(true);
    const plain = await h.app.request('/assets/big-0a1b2c3d.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).startsWith('export const rows')).toBe(true);
  });

  it('serves no app when the folder has no index.html', async () => {
    const app = createApp({ db: h.db, clock: h.clock, staticDir: path.join(dist, 'does-not-exist'), log: () => {} });
    expect((await app.request('/orders', { headers: html })).status).toBe(404);
  });
});

describe('server faults', () => {
  it('answers HTTP 500 with a generic envelope, logs the detail, and leaks no stack', async () => {
    const broken: Db = {
      kind: 'pglite',
      query: () => Promise.reject(new Error('relation "secret_table" does not exist')),
      exec: () => Promise.reject(new Error('nope')),
      transaction: () => Promise.reject(new Error('nope')),
      close: async () => {},
    };
    const logs: string[] = [];
    const app = createApp({ db: broken, clock: createFakeClock(), log: (l) => logs.push(l) });
    const res = await app.request('/api1/home/v1/index', { headers: { token: 'a'.repeat(64) } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ code: 1, msg: 'Something went wrong on our side. Please try again.', data: null });
    expect(text).not.toMatch(/secret_table|at |\.ts/);
    expect(logs.join('\n')).toContain('secret_table');
  });
});

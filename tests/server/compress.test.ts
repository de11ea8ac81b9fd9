/**
 * Compressed answers (server/src/compress.ts): API answers and sandbox pages of 1 KB or more are gzipped
 * (or deflated) by Accept-Encoding, in one piece, with Vary and a weak ETag; smaller ones, HEAD, answers
 * already encoded, no-transform and types that do not compress are sent as they are.
 */
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, COMPRESS_THRESHOLD, compressAnswers, compressionOn } from '../../server/src/compress';

const big = { items: Array.from({ length: 80 }, (_, i) => ({ id: i, name: `Rupee Rise ${i}`, logo: '/sandbox/logos/rupee-rise.svg' })) };
const app = new Hono();
app.use('*', compressAnswers());
app.get('/big', (c) => c.json(big));
app.get('/small', (c) => c.json({ code: 0, msg: 'success', data: null }));
app.get('/tagged', (c) => c.text('x'.repeat(4000), 200, { ETag: '"v1"', Vary: 'Accept-Language' }));
app.get('/no-transform', (c) => c.text('x'.repeat(4000), 200, { 'Cache-Control': 'no-transform' }));
app.get('/image', (c) => c.body(new Uint8Array(4000), 200, { 'Content-Type': 'image/png' }));
app.get('/encoded', (c) => c.body(new Uint8Array(4000), 200, { 'Content-Type': 'text/plain', 'Content-Encoding': 'br' }));

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => app.request(path, { method, headers });

describe('compressed answers', () => {
  it('gzips an answer of 1 KB or more for a client that takes gzip, and says Vary: Accept-Encoding', async () => {
    const res = await get('/big', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(big);
  });

  it('deflates for a client that takes only deflate, and sends it plain to one that takes neither', async () => {
    const deflated = await get('/big', { 'Accept-Encoding': 'deflate' });
    expect(deflated.headers.get('content-encoding')).toBe('deflate');
    expect(JSON.parse(zlib.inflateSync(Buffer.from(await deflated.arrayBuffer())).toString())).toEqual(big);
    const plain = await get('/big', { 'Accept-Encoding': 'br' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.json()).toEqual(big);
  });

  it('sends an answer under 1 KB as it is, with no Vary', async () => {
    const res = await get('/small', { 'Accept-Encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect(await res.json()).toEqual({ code: 0, msg: 'success', data: null });
    expect(JSON.stringify({ code: 0, msg: 'success', data: null }).length).toBeLessThan(COMPRESS_THRESHOLD);
  });

  it('keeps Vary and weakens a strong ETag', async () => {
    const res = await get('/tagged', { 'Accept-Encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Language, Accept-Encoding');
    expect(res.headers.get('etag')).toBe('W/"v1"');
  });

  it('leaves no-transform, images, encoded answers and HEAD alone', async () => {
    for (const path of ['/no-transform', '/image', '/encoded']) {
      const res = await get(path, { 'Accept-Encoding': 'gzip' });
      expect(res.headers.get('content-encoding'), path).toBe(path === '/encoded' ? 'br' : null);
      expect((await res.arrayBuffer()).byteLength, path).toBe(4000);
    }
    expect((await get('/big', { 'Accept-Encoding': 'gzip' }, 'HEAD')).headers.get('content-encoding')).toBeNull();
  });

  it('chooses by q-values, gzip first when both are as welcome', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('gzip');
    expect(chooseEncoding('deflate;q=1, gzip;q=0.5')).toBe('deflate');
    expect(chooseEncoding('gzip;q=0, deflate')).toBe('deflate');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('*;q=0.1, gzip;q=0')).toBe('deflate');
    expect(chooseEncoding('identity')).toBeUndefined();
  });

  it('sends every answer as it is when turned off (SANDBOX_COMPRESS=0, the journey bench\'s other run)', async () => {
    expect(compressionOn({ SANDBOX_COMPRESS: '0' })).toBe(false);
    expect(compressionOn({ SANDBOX_COMPRESS: '1' })).toBe(true);
    expect(compressionOn({})).toBe(true);
    const plainApp = new Hono();
    plainApp.use('*', compressAnswers({ enabled: false }));
    plainApp.get('/big', (c) => c.json(big));
    const res = await plainApp.request('/big', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual(big);
  });
});

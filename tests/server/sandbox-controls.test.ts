/**
 * Who reaches the sandbox controls (loopback and a local Host only, unless SANDBOX_CONTROLS=open), the
 * app-wide body limit, and the keep-alive connection after a refused body, on a real socket.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app';
import { DEFAULT_BODY_LIMIT } from '../../server/src/body-limit';
import { exposureWarnings } from '../../server/src/exposure';
import { TEST_GATEWAY_SECRET } from '../../server/src/domain/gateway';
import { CONTROLS_MESSAGES } from '../../server/src/network';
import { originsFromEnv, returnOrigins } from '../../server/src/origins';
import { apiForm, fakeImage, freshPhone, fromAddress, signIn, startHarness, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** An app on the file's database with these settings. */
const appWith = (settings: { controls?: 'open'; trustForwardedFor?: boolean } = {}) => createApp({ db: h.db, clock: h.clock, log: () => {}, ...settings });

const CONTROLS = [
  ['GET', '/sandbox'],
  ['GET', '/sandbox/api/outbox'],
  ['GET', '/sandbox/api/clock'],
  ['POST', '/sandbox/api/clock'],
  ['GET', '/sandbox/api/verification?phone=919000000001'],
  ['POST', '/sandbox/api/verification'],
  ['GET', '/sandbox/api/limits'],
  ['POST', '/sandbox/api/limits'],
  ['GET', '/sandbox/api/reminders'],
  ['POST', '/sandbox/api/reminders/sweep'],
] as const;

const JSON_BODIES: Record<string, string> = {
  '/sandbox/api/clock': '{"advanceSeconds": 600}',
  '/sandbox/api/verification': '{"phone": "919000000001"}',
  '/sandbox/api/limits': '{"reset": true}',
};

function control(app: ReturnType<typeof createApp>, method: string, path: string, headers: Record<string, string> = {}, address?: string) {
  const init: RequestInit = { method, headers: { 'content-type': 'application/json', ...headers } };
  if (method === 'POST') init.body = JSON_BODIES[path.split('?')[0]!] ?? '{}';
  return app.request(path, init, address === undefined ? undefined : fromAddress(address));
}

describe('the sandbox controls', () => {
  it('answer in-process (tests) and from loopback addresses', async () => {
    const app = appWith();
    for (const address of [undefined, '127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      for (const [method, path] of CONTROLS) expect((await control(app, method, path, {}, address)).status, `${method} ${path} from ${address}`).toBe(200);
    }
  });

  it('refuse any other address with a 403 that says why (JSON for the API, text for the page); the clock does not move', async () => {
    const app = appWith();
    const before = h.clock.now().getTime();
    for (const address of ['192.168.1.20', '10.0.0.5', '2001:db8::7', 'unknown']) {
      for (const [method, path] of CONTROLS) {
        const res = await control(app, method, path, {}, address);
        expect(res.status, `${method} ${path} from ${address}`).toBe(403);
        if (path === '/sandbox') expect(await res.text()).toBe(CONTROLS_MESSAGES.notLoopback);
        else expect(await res.json()).toEqual({ error: CONTROLS_MESSAGES.notLoopback });
      }
    }
    expect(h.clock.now().getTime()).toBe(before);
    // What the app itself needs stays open: the API and the product logos.
    expect((await app.request('/api1/client/v1/faq', {}, fromAddress('192.168.1.20'))).status).toBe(200);
    expect((await app.request('/sandbox/logos/rupee-rise.svg', {}, fromAddress('192.168.1.20'))).status).toBe(200);
  });

  it('answer only when addressed as localhost, 127.0.0.1 or [::1] (any port): a DNS-rebinding page has another name', async () => {
    const app = appWith();
    for (const host of ['localhost', 'localhost:8788', 'LOCALHOST:1', '127.0.0.1:8788', '[::1]:8788', '[::1]']) {
      expect((await app.request(`http://${host}/sandbox/api/clock`, {}, fromAddress('127.0.0.1'))).status, host).toBe(200);
    }
    for (const host of ['evil.example', 'evil.example:8788', '127.0.0.1.evil.example', 'localhost.evil.example:8788', '192.168.1.20:8788', '0.0.0.0:8788']) {
      const res = await app.request(`http://${host}/sandbox/api/outbox`, {}, fromAddress('127.0.0.1'));
      expect(res.status, host).toBe(403);
      expect(await res.json()).toEqual({ error: CONTROLS_MESSAGES.notLocalHost });
    }
  });

  it('refuse a page of another site posting from the tester’s own browser (Origin)', async () => {
    const app = appWith();
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example']) {
      const res = await control(app, 'POST', '/sandbox/api/clock', { origin }, '127.0.0.1');
      expect(res.status, origin).toBe(403);
      expect(await res.json()).toEqual({ error: CONTROLS_MESSAGES.otherSite });
    }
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:8788', 'http://[::1]:8788']) {
      expect((await control(app, 'POST', '/sandbox/api/limits', { origin }, '127.0.0.1')).status, origin).toBe(200);
    }
  });

  it('the reported bypass: through a same-machine proxy (loopback socket, Host 127.0.0.1) a forwarded request is not local unless the proxy is trusted', async () => {
    const app = appWith();
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-real-ip': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9;host=sandbox.example;proto=https' },
      { forwarded: 'for=127.0.0.1' },
    ];
    for (const headers of proxied) {
      for (const [method, path] of CONTROLS) {
        const res = await app.request(`http://127.0.0.1:8788${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, ...(method === 'POST' ? { body: JSON_BODIES[path.split('?')[0]!] ?? '{}' } : {}) }, fromAddress('127.0.0.1'));
        expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
        if (path === '/sandbox') expect(await res.text()).toBe(CONTROLS_MESSAGES.forwarded);
        else expect(await res.json()).toEqual({ error: CONTROLS_MESSAGES.forwarded });
      }
    }
    // The QA pages around the controls too: the shell, the payments console.
    for (const path of ['/sandbox/shell', '/sandbox/api/payments?phone=919000000003', '/sandbox/api/orders?phone=919000000003']) {
      expect((await app.request(path, { headers: { 'x-forwarded-for': '203.0.113.9' } }, fromAddress('127.0.0.1'))).status, path).toBe(403);
    }
    // The app's own calls still answer through the proxy.
    expect((await app.request('/api1/client/v1/faq', { headers: { 'x-forwarded-for': '203.0.113.9' } }, fromAddress('127.0.0.1'))).status).toBe(200);
  });

  it('behind a trusted proxy, the forwarded client is the one checked (X-Forwarded-For, X-Real-IP or Forwarded)', async () => {
    const app = appWith({ trustForwardedFor: true });
    expect((await control(app, 'GET', '/sandbox/api/outbox', { 'x-forwarded-for': '192.168.1.20' }, '127.0.0.1')).status).toBe(403);
    expect((await control(app, 'GET', '/sandbox/api/outbox', { 'x-forwarded-for': '127.0.0.1' }, '127.0.0.1')).status).toBe(200);
    expect((await control(app, 'GET', '/sandbox/api/outbox', { 'x-real-ip': '192.168.1.20' }, '127.0.0.1')).status).toBe(403);
    expect((await control(app, 'GET', '/sandbox/api/outbox', { forwarded: 'for="[2001:db8::7]:4711"' }, '127.0.0.1')).status).toBe(403);
    expect((await control(app, 'GET', '/sandbox/api/outbox', { forwarded: 'for=127.0.0.1' }, '127.0.0.1')).status).toBe(200);
    // A forwarded request whose client cannot be read is nobody local, not the proxy's loopback address.
    expect((await control(app, 'GET', '/sandbox/api/outbox', { 'x-forwarded-for': 'unknown' }, '127.0.0.1')).status).toBe(403);
  });

  it('SANDBOX_CONTROLS=open: from anywhere, under any name', async () => {
    const app = appWith({ controls: 'open' });
    for (const [method, path] of CONTROLS) {
      expect((await control(app, method, path, { origin: 'https://elsewhere.example' }, '192.168.1.20')).status, `${method} ${path}`).toBe(200);
    }
    expect((await app.request('http://sandbox.lan:8788/sandbox', {}, fromAddress('10.0.0.5'))).status).toBe(200);
  });
});

describe('start-up settings', () => {
  it('SANDBOX_PUBLIC_ORIGIN, else the address it listens on; SANDBOX_APP_ORIGINS; anything but an http(s) origin stops the start', () => {
    const listen = { host: '127.0.0.1', port: 8788 };
    expect(originsFromEnv({}, listen)).toEqual({ publicOrigin: 'http://127.0.0.1:8788', appOrigins: [] });
    expect(originsFromEnv({}, { host: '0.0.0.0', port: 9000 }).publicOrigin).toBe('http://127.0.0.1:9000');
    expect(originsFromEnv({}, { host: '::', port: 9000 }).publicOrigin).toBe('http://[::1]:9000');
    expect(originsFromEnv({}, { host: 'localhost', port: 8788 }).publicOrigin).toBe('http://localhost:8788');
    expect(
      originsFromEnv({ SANDBOX_PUBLIC_ORIGIN: 'https://lender.example/', SANDBOX_APP_ORIGINS: 'http://localhost:5173, http://192.168.1.5:5173' }, listen),
    ).toEqual({ publicOrigin: 'https://lender.example', appOrigins: ['http://localhost:5173', 'http://192.168.1.5:5173'] });
    for (const bad of ['lender.example', 'https://lender.example/pay', 'ftp://lender.example', 'https://user:pw@lender.example', 'javascript:alert(1)']) {
      expect(() => originsFromEnv({ SANDBOX_PUBLIC_ORIGIN: bad }, listen), bad).toThrow(`SANDBOX_PUBLIC_ORIGIN must be an http(s) origin such as https://lender.example, got "${bad}"`);
    }
    expect(() => originsFromEnv({ SANDBOX_APP_ORIGINS: 'http://localhost:5173,*' }, listen)).toThrow('SANDBOX_APP_ORIGINS must list http(s) origins such as http://localhost:5173, got "*"');
    // A loopback origin also answers to its other loopback names, on the same port.
    expect([...returnOrigins({ publicOrigin: 'http://127.0.0.1:8788', appOrigins: ['https://app.example'] })].sort()).toEqual(
      ['http://127.0.0.1:8788', 'http://[::1]:8788', 'http://localhost:8788', 'https://app.example'].sort(),
    );
  });

  it('warns at start when it listens beyond this computer with the published test secrets', () => {
    expect(exposureWarnings('127.0.0.1', {})).toEqual([]);
    expect(exposureWarnings('localhost', {})).toEqual([]);
    expect(exposureWarnings('::1', {})).toEqual([]);
    const all = exposureWarnings('0.0.0.0', {});
    expect(all[0]).toBe('WARNING: the sandbox listens on 0.0.0.0, beyond this computer, with published test secrets: anyone who reaches it can use them.');
    expect(all.join('\n')).toMatch(/SANDBOX_SHELL_SECRET[\s\S]*SANDBOX_GATEWAY_SECRET[\s\S]*SANDBOX_IDENTITY_KEY/);
    const partly = exposureWarnings('192.168.1.5', { SANDBOX_SHELL_SECRET: 'mine', SANDBOX_GATEWAY_SECRET: TEST_GATEWAY_SECRET });
    expect(partly.join('\n')).not.toContain('SANDBOX_SHELL_SECRET');
    expect(partly.join('\n')).toContain('SANDBOX_GATEWAY_SECRET');
    expect(exposureWarnings('0.0.0.0', { SANDBOX_SHELL_SECRET: 'a', SANDBOX_GATEWAY_SECRET: 'b', SANDBOX_IDENTITY_KEY: 'c' })).toEqual([]);
  });
});

describe('body limits', () => {
  const big = (bytes: number) => JSON.stringify({ advanceSeconds: 1, pad: 'x'.repeat(bytes) });

  it('a route without a limit of its own gets the default: an envelope under /api1, { error } elsewhere', async () => {
    const sandbox = await h.app.request('/sandbox/api/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big(DEFAULT_BODY_LIMIT) });
    expect(sandbox.status).toBe(413);
    expect(await sandbox.json()).toEqual({ error: `The request body is too large (at most ${DEFAULT_BODY_LIMIT} bytes).` });
    const unknown = await h.app.request('/api1/no/such/path', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big(DEFAULT_BODY_LIMIT) });
    expect(unknown.status).toBe(413);
    expect(await unknown.json()).toEqual({ code: 1, msg: 'The request body is too large.', data: null });
    // Under the default: answered by the route.
    const fine = await h.app.request('/sandbox/api/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big(100) });
    expect(fine.status).toBe(200);
  });

  it('a body sent without a length is cut off at the limit too', async () => {
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    const res = await h.app.request('/sandbox/api/verification', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('a route’s own limit wins over the default, larger (analytics 32 KB, images 10 MB) or not', async () => {
    const event = { projectName: 'p', pageName: 'x'.repeat(20 * 1024), behavior: 'b', eventTime: 1 };
    const res = await h.app.request('/api1/burying-point/v2/burying-point', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    expect(await res.json()).toEqual({ code: 0, msg: 'success', data: null });
    const { token } = await signIn(h, freshPhone());
    expect((await apiForm(h.app, '/authen/upload', { type: '1', file: fakeImage(1024 * 1024) }, { token })).code).toBe(0);
  });
});

describe('on a real socket', () => {
  let server: ServerType;
  let port: number;
  let agent: http.Agent;
  beforeAll(async () => {
    server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  });
  afterAll(async () => {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  interface Answer {
    status: number;
    body: string;
    reused: boolean;
    headers: http.IncomingHttpHeaders;
  }
  /** One request on the shared keep-alive agent; `body` is written in 64 KB chunks (chunked when `chunked`). */
  function send(method: string, path: string, opts: { body?: Buffer; chunked?: boolean; headers?: Record<string, string>; declared?: number } = {}) {
    return new Promise<Answer>((resolve, reject) => {
      const headers: Record<string, string | number> = { 'content-type': 'application/json', ...opts.headers };
      if (opts.body && !opts.chunked) headers['content-length'] = opts.declared ?? opts.body.length;
      const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, reused: req.reusedSocket, headers: res.headers }));
      });
      req.on('error', reject);
      if (opts.body) {
        for (let at = 0; at < opts.body.length; at += 64 * 1024) req.write(opts.body.subarray(at, at + 64 * 1024));
      }
      req.end();
    });
  }
  const faq = () => send('GET', '/api1/client/v1/faq');

  it('after a 413 the same keep-alive connection serves the next request (declared length, chunked, and a body never read)', async () => {
    expect((await faq()).status).toBe(200);
    const mb = Buffer.alloc(1024 * 1024, 0x61);
    const refusals = [
      () => send('POST', '/api1/user/v1/login', { body: mb }),
      () => send('POST', '/sandbox/api/clock', { body: mb }),
      () => send('POST', '/api1/user/v1/login', { body: mb, chunked: true }),
      () => send('POST', '/sandbox/api/verification', { body: mb, chunked: true }),
    ];
    for (const refuse of refusals) {
      const refused = await refuse();
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe('keep-alive');
      const next = await faq();
      expect(next.status).toBe(200);
      expect(next.reused).toBe(true);
    }
    // Answered -4 before the body was needed (the image limit comes after the session).
    const unsigned = await send('POST', '/api1/authen/upload', { body: Buffer.alloc(2 * 1024 * 1024, 0x62), headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(JSON.parse(unsigned.body)).toMatchObject({ code: -4 });
    const next = await faq();
    expect(next).toMatchObject({ status: 200, reused: true });
  });

  it('a body declared far too large (200 MB) is refused at once, unread, and the connection closed', async () => {
    const started = Date.now();
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/sandbox/api/clock', headers: { 'content-type': 'application/json', 'content-length': 200 * 1024 * 1024 } });
      req.on('response', resolve);
      req.on('error', reject);
      req.write(Buffer.alloc(64 * 1024, 0x61));
    });
    res.resume();
    expect(res.statusCode).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(Date.now() - started).toBeLessThan(5000);
    res.destroy();
  });

  it('the controls see the socket’s address and the Host header', async () => {
    expect((await send('GET', '/sandbox/api/clock')).status).toBe(200);
    const rebound = await send('GET', '/sandbox/api/clock', { headers: { host: 'evil.example:8788' } });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toEqual({ error: CONTROLS_MESSAGES.notLocalHost });
  });
});

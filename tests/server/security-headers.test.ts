/**
 * Browser security headers (server/src/headers.ts) on the app's pages and files, the
 * sandbox pages and /api1 answers: CSP (script-src 'self', connect-src 'self' plus an absolute API
 * base's origin, frame-ancestors 'none', object-src 'none', base-uri 'self'), X-Frame-Options,
 * X-Content-Type-Options, Referrer-Policy; and pages with no inline script or style CSP would block.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app';
import { apiOrigin, pagePolicy, SANDBOX_STYLE_HASHES } from '../../server/src/headers';
import { startHarness, type Harness } from './helpers';

let h: Harness;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'security-headers-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Borrower</title><div id="root"></div><script type="module" src="/assets/index-1a2b3c4d.js"></script>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-1a2b3c4d.js'), 'console.log("app")');
  h = await startHarness({ staticDir: dist });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The CSP as a map: directive → its sources. */
function csp(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy');
  expect(header).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectCommonHeaders(res: Response, what: string) {
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin');
}

function expectPagePolicy(res: Response, what: string) {
  const policy = csp(res);
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  expect(policy.get('script-src'), what).toEqual(["'self'"]);
  expect(policy.get('connect-src'), what).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('base-uri'), what).toEqual(["'self'"]);
  expect(policy.get('style-src')?.[0], what).toBe("'self'");
  // Nothing that would let an injected script run.
  expect(res.headers.get('content-security-policy'), what).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expectCommonHeaders(res, what);
}

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('pages and files', () => {
  it('/, /login (SPA fallback) and an asset', async () => {
    for (const [p, headers] of [
      ['/', html],
      ['/login', html],
      ['/orders/12/audit?x=1', html],
      ['/assets/index-1a2b3c4d.js', {}],
    ] as const) {
      const res = await h.app.request(p, { headers });
      expect(res.status, p).toBe(200);
      expectPagePolicy(res, p);
      expect(csp(res).get('style-src'), p).toEqual(["'self'"]);
    }
  });

  it('404s and HEAD requests too', async () => {
    expectPagePolicy(await h.app.request('/assets/missing-0000.js'), 'missing asset');
    expectPagePolicy(await h.app.request('/', { method: 'HEAD' }), 'HEAD /');
  });

  it('/sandbox: its one inline <style> is allowed by its hash, and the page has no inline script or style attribute', async () => {
    const res = await h.app.request('/sandbox');
    expect(res.status).toBe(200);
    expectPagePolicy(res, '/sandbox');
    const page = await res.text();
    const styles = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => `'sha256-${crypto.createHash('sha256').update(m[1]!).digest('base64')}'`);
    expect(styles.length).toBeGreaterThan(0);
    // A change of the page's style must come with its new hash in headers.ts (SANDBOX_STYLE_HASHES).
    expect(SANDBOX_STYLE_HASHES).toEqual(styles);
    expect(csp(res).get('style-src')).toEqual(["'self'", ...styles]);
    expect(page).not.toMatch(/<script(?![^>]*\ssrc=)/i);
    expect(page).not.toMatch(/\sstyle=|\son[a-z]+=/i);
    // The logos (SVG, opened directly) are documents under the same policy.
    expectPagePolicy(await h.app.request('/sandbox/logos/rupee-rise.svg'), 'logo');
  });
});

describe('/api1 answers', () => {
  it('allow nothing to run or frame them, sniff nothing, and are not cached', async () => {
    for (const [p, status] of [
      ['/api1/client/v1/faq', 200],
      ['/api1/home/v1/index', 200], // -4 without a token
      ['/api1/nope', 404],
      ['/api1', 404],
    ] as const) {
      const res = await h.app.request(p);
      expect(res.status, p).toBe(status);
      const policy = csp(res);
      expect(policy.get('default-src'), p).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), p).toEqual(["'none'"]);
      expectCommonHeaders(res, p);
    }
    expect((await h.app.request('/api1/client/v1/faq')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('an absolute API base (VITE_API_BASE)', () => {
  it("adds the API's origin to connect-src and img-src (logos), and nothing else", () => {
    expect(apiOrigin('https://lender.example/api1')).toBe('https://lender.example');
    expect(apiOrigin('http://127.0.0.1:9000/api1/')).toBe('http://127.0.0.1:9000');
    expect(apiOrigin('/api1')).toBeNull();
    expect(apiOrigin(undefined)).toBeNull();
    expect(apiOrigin('javascript:alert(1)')).toBeNull();
    const policy = pagePolicy('https://lender.example/api1');
    expect(policy).toContain("connect-src 'self' https://lender.example;");
    expect(policy).toContain("img-src 'self' data: blob: https://lender.example;");
    expect(policy).toContain("script-src 'self';");
  });

  it('is read from the environment by the server', async () => {
    const before = process.env.VITE_API_BASE;
    process.env.VITE_API_BASE = 'https://lender.example/api1';
    try {
      const app = createApp({ db: h.db, clock: h.clock, staticDir: dist, log: () => {} });
      const res = await app.request('/login', { headers: html });
      expect(csp(res).get('connect-src')).toEqual(["'self'", 'https://lender.example']);
    } finally {
      if (before === undefined) delete process.env.VITE_API_BASE;
      else process.env.VITE_API_BASE = before;
    }
  });
});

describe('the app shell', () => {
  it('index.html has no inline script or style (vite adds only <script src> and <link>)', () => {
    const files = ['index.html', ...(fs.existsSync('dist/index.html') ? ['dist/index.html'] : [])];
    for (const file of files) {
      const page = fs.readFileSync(file, 'utf8');
      expect(page, file).not.toMatch(/<script(?![^>]*\ssrc=)/i);
      expect(page, file).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    }
  });
});

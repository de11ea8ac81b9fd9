/**
 * End to end: the browser security headers as the real server sends them, that a page of
 * another origin cannot frame the app, and that the Content-Security-Policy blocks nothing the app
 * and the sandbox page need (every scenario already fails on a console error; this one also listens
 * for the browser's own violation events). Registered by run.ts, which owns the sandbox, the
 * browser and sign-in.
 */
import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assert, newPhone, scenario, type Sandbox } from './harness';

export interface SecurityContext {
  sandbox: Sandbox;
  browser: Browser;
  /** A signed-in phone on `path` (run.ts reuses a persona's session: sign-in codes are rate-limited). */
  signedIn: (path?: string) => Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
  noErrors: (errors: string[]) => void;
}

function directives(header: string | null): Map<string, string> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...sources] = d.split(/\s+/);
        return [name!, sources.join(' ')];
      }),
  );
}

function assertPageHeaders(res: Response, what: string) {
  const csp = directives(res.headers.get('content-security-policy'));
  for (const [name, value] of [
    ['script-src', "'self'"],
    ['connect-src', "'self'"],
    ['frame-ancestors', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
  ]) {
    assert(csp.get(name!) === value, `${what}: ${name} is "${csp.get(name!)}", expected "${value}"`);
  }
  assert(res.headers.get('x-frame-options') === 'DENY', `${what}: X-Frame-Options`);
  assert(res.headers.get('x-content-type-options') === 'nosniff', `${what}: X-Content-Type-Options`);
  assert(!!res.headers.get('referrer-policy'), `${what}: Referrer-Policy`);
}

/** A page on another origin (a second loopback port) that frames `target` and, for comparison, a page of its own. */
async function framingSite(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    if (req.url === '/own') return res.end('<!doctype html><title>own</title><p id="own">framed fine</p>');
    res.end(`<!doctype html><title>framer</title><iframe id="app" src="${target}"></iframe><iframe id="own" src="/own"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Records the page's CSP violation events (the browser reports each one, inline style attributes included). */
const RECORD_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' + (e.sourceFile || '') + ':' + e.lineNumber);
  });
`;
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

export function securityScenarios({ sandbox, browser, signedIn, noErrors }: SecurityContext): void {
  scenario('security headers as served: pages, an asset (brotli, immutable), the sandbox page and /api1; no source maps', async () => {
    const html = { accept: 'text/html' };
    const root = await fetch(`${sandbox.url}/`, { headers: html });
    assertPageHeaders(root, '/');
    const page = await root.text();
    assertPageHeaders(await fetch(`${sandbox.url}/login?redirect=%2Forders`, { headers: html }), '/login');
    assertPageHeaders(await fetch(`${sandbox.url}/sandbox`), '/sandbox');

    const entry = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
    assert(entry, 'index.html names its entry script');
    assert(!/<script(?![^>]*\ssrc=)/.test(page), 'index.html has no inline script');
    const asset = await fetch(`${sandbox.url}${entry}`, { headers: { 'accept-encoding': 'br, gzip' } });
    assertPageHeaders(asset, entry);
    assert(asset.headers.get('content-encoding') === 'br', `${entry}: Content-Encoding ${asset.headers.get('content-encoding')}`);
    assert(asset.headers.get('vary') === 'Accept-Encoding', `${entry}: Vary`);
    assert(asset.headers.get('content-type') === 'text/javascript; charset=utf-8', `${entry}: Content-Type`);
    assert(asset.headers.get('cache-control') === 'public, max-age=31536000, immutable', `${entry}: Cache-Control`);
    await asset.arrayBuffer();
    for (const hidden of [`${entry}.map`, `${entry}.br`, '/.vite/manifest.json']) {
      const res = await fetch(`${sandbox.url}${hidden}`);
      await res.arrayBuffer();
      assert(res.status === 404, `${hidden} is not served (got ${res.status})`);
    }

    const api = await fetch(`${sandbox.url}/api1/client/v1/faq`);
    await api.arrayBuffer();
    const apiCsp = directives(api.headers.get('content-security-policy'));
    assert(apiCsp.get('frame-ancestors') === "'none'" && apiCsp.get('default-src') === "'none'", `/api1 CSP: ${api.headers.get('content-security-policy')}`);
    assert(api.headers.get('x-content-type-options') === 'nosniff', '/api1: nosniff');
  });

  scenario('a page on another origin cannot frame /login', async () => {
    const site = await framingSite(`${sandbox.url}/login`);
    const { page, context, errors } = await newPhone(browser, site.url);
    try {
      await page.goto(site.url);
      // The comparison frame (same origin as its parent, no policy) loads: the check below can see a framed page.
      const own = page.frameLocator('#own').locator('#own');
      await own.waitFor();
      // Give the app's frame as long as a sign-in page takes to draw.
      await page.waitForTimeout(1500);
      const appFrame = page.frames().find((f) => f !== page.mainFrame() && !f.url().endsWith('/own'));
      assert(appFrame, 'the app frame exists');
      const drawn = await appFrame
        .locator('#root *')
        .count()
        .catch(() => 0);
      assert(drawn === 0, `the app was drawn inside another origin's frame (${appFrame.url()})`);
      // Chromium says why: frame-ancestors (console errors are expected on this page, not on the app's).
      assert(
        errors.some((e) => /frame-ancestors|X-Frame-Options|refused to (display|frame)/i.test(e)),
        `the browser reported the refusal:\n${errors.join('\n')}`,
      );
    } finally {
      await context.close();
      await site.close();
    }
  });

  scenario('the Content-Security-Policy blocks nothing on the app and the sandbox page', async () => {
    const check = async (page: Page, where: string) => {
      const found = await violations(page);
      assert(found.length === 0, `CSP violations on ${where}:\n${found.join('\n')}`);
    };
    const out = await newPhone(browser, sandbox.url);
    await out.context.addInitScript(RECORD_VIOLATIONS);
    await out.page.goto('/login');
    await out.page.getByLabel('Mobile number').waitFor();
    await check(out.page, '/login');
    await out.page.goto('/sandbox');
    await out.page.getByRole('heading', { name: /outbox/i }).first().waitFor();
    await check(out.page, '/sandbox');
    // The inline stylesheet applied (allowed by its hash): the body has the page's grey.
    const background = await out.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert(background === 'rgb(246, 247, 249)', `the sandbox page's style applies (background ${background})`);
    noErrors(out.errors);
    await out.context.close();

    const { page, context, errors } = await signedIn('/');
    await context.addInitScript(RECORD_VIOLATIONS);
    for (const path of ['/', '/personal/help', '/personal/aboutus']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await check(page, path);
    }
    noErrors(errors);
    await context.close();
  });
}

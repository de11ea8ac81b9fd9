/**
 * The sandbox serves the flow atlas (`npm run flows` writes flows/) at /flows, linked from the
 * sandbox page: its page and files, Markdown, Mermaid and source copies as text, nothing outside
 * the folder, and a page saying how to build it when it is not built. The app's routes are not
 * affected: /flows is never the app's SPA fallback.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers';

let h: Harness;
let empty: Harness;
let flows: string;
let dist: string;

beforeAll(async () => {
  flows = fs.mkdtempSync(path.join(os.tmpdir(), 'flows-'));
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'flows-dist-'));
  const write = (dir: string, name: string, data: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), data);
  };
  write(flows, 'index.html', '<!doctype html><title>Flow atlas</title><div id="atlas"></div>');
  write(flows, 'atlas/atlas.js', 'window.x=1;');
  write(flows, 'login.mmd', 'stateDiagram-v2\n  [*] --> form');
  write(flows, 'login.md', '# login');
  write(flows, 'source/machines/login/login.machine.ts.txt', 'export const loginMachine = 1;');
  write(dist, 'index.html', '<!doctype html><title>Borrower</title><div id="root"></div>');
  fs.writeFileSync(path.join(os.tmpdir(), 'outside-flows.txt'), 'secret');
  h = await startHarness({ flowsDir: flows, staticDir: dist });
  empty = await startHarness({ flowsDir: path.join(flows, 'missing'), staticDir: dist });
});

afterAll(async () => {
  await h.close();
  await empty.close();
});

describe('/flows', () => {
  it('serves the atlas page, its script, and Markdown, Mermaid and source copies as text', async () => {
    const page = await h.app.request('/flows/', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('Flow atlas');
    const script = await h.app.request('/flows/atlas/atlas.js');
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    for (const file of ['/flows/login.mmd', '/flows/login.md', '/flows/source/machines/login/login.machine.ts.txt']) {
      const res = await h.app.request(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toBe('text/plain; charset=utf-8');
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
    }
    // The page runs under the same policy as the app: its own scripts only, never framed.
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('sends /flows to /flows/', async () => {
    const res = await h.app.request('/flows');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/flows/');
  });

  it('serves nothing outside the folder, and never the app for a missing atlas file', async () => {
    // '..' (and %2e%2e) is resolved by the URL parser first: '/outside-flows.txt', the app's page.
    for (const bad of ['/flows/../outside-flows.txt', '/flows/%2e%2e/outside-flows.txt', '/flows/%2e%2e%2foutside-flows.txt']) {
      const res = await h.app.request(bad, { headers: { accept: 'text/html' } });
      expect(await res.text(), bad).not.toContain('secret');
    }
    for (const missing of ['/flows/.hidden', '/flows/nope.html', '/flows/atlas/%2e%2e%2f..%2fx']) {
      const res = await h.app.request(missing, { headers: { accept: 'text/html' } });
      expect(res.status, missing).toBe(404);
      expect(await res.text(), missing).not.toContain('id="root"');
    }
  });

  it('says how to build the atlas when it is not built', async () => {
    const res = await empty.app.request('/flows/', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('npm run flows');
  });

  it('is linked from the sandbox page', async () => {
    const res = await h.app.request('/sandbox', { headers: { accept: 'text/html' } });
    expect(await res.text()).toContain('href="/flows/"');
  });
});

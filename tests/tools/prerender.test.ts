/**
 * First paint: `vite build` writes dist/login/index.html and dist/download/index.html with
 * the real first screen inside #root, its CSS linked, and no inline script (scripts/prerender.ts).
 * One real build into a temporary folder, then the page helpers on small inputs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootScript, entryOf, pageFile, pageHtml, routeModules, routeStylesheets } from '../../scripts/prerender';

const ROOT = path.resolve(import.meta.dirname, '../..');
let out: string;

beforeAll(async () => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'prerender-build-'));
  await build({ root: ROOT, logLevel: 'silent', build: { outDir: out, emptyOutDir: true } });
}, 120_000);
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

const read = (file: string) => fs.readFileSync(path.join(out, file), 'utf8');
const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
/** The CSS files the manifest gives a source (its chunk's own); assets are named by their hash alone. */
const cssOf = (src: string) => ((JSON.parse(read('.vite/manifest.json')) as Record<string, { css?: string[] }>)[src]?.css ?? []).map((f) => `/${f}`);
const scripts = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);

describe('the build', () => {
  it("drops the machines' state and transition descriptions (vite.config.ts dropMachineDescriptions), and only those", () => {
    const js = fs
      .readdirSync(path.join(out, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => read(`assets/${f}`))
      .join('\n');
    // A state's description and a transition's, from machines/login/login.machine.ts.
    expect(js).not.toContain('Asking the server to send a code by SMS');
    expect(js).not.toContain('The stored deadline is still ahead');
    // The texts the borrower reads stay.
    expect(js).toContain('Please agree with Loan Guarantee Argreement.');
  });

  it('writes /login with the sign-in form in #root, its title, and login.css linked', () => {
    const html = read('login/index.html');
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('<form class="login-form"');
    expect(root).toMatch(/<label class="field-label" for="[^"]+">Mobile number<\/label>/);
    expect(root).toContain('name="phone"');
    expect(root).toContain('name="code"');
    expect(root).toContain('Instant personal loans up to ₹40,000');
    expect(root).toMatch(/<button type="submit" class="btn btn-primary btn-block" disabled="">/);
    // Send code is marked for the boot script, which shows a tap on it busy before the app runs.
    expect(root).toMatch(/<button [^>]*data-sends="sendCode"[^>]*><span>Send code<\/span><\/button>/);
    expect(html).toContain('<title>Sign in</title>');
    const css = stylesheets(html);
    expect(cssOf('index.html').length).toBeGreaterThan(0);
    expect(cssOf('src/flows/login/LoginRoute.tsx').length).toBeGreaterThan(0);
    for (const href of [...cssOf('index.html'), ...cssOf('src/flows/login/LoginRoute.tsx')]) expect(css).toContain(href);
    for (const href of css) expect(fs.existsSync(path.join(out, href))).toBe(true);
  });

  it('writes /download with its heading, the banner, its CSS and the paper background', () => {
    const html = read('download/index.html');
    expect(html).toContain('<h1 tabindex="-1">Personal loans</h1>');
    expect(html).toContain('₹2,00,000');
    expect(html).toContain('APPLY NOW');
    expect(html).toContain('Who can apply');
    expect(html).toContain('<title>Download</title>');
    const css = stylesheets(html);
    expect(cssOf('src/flows/open-pages/DownloadRoute.tsx').length).toBeGreaterThan(0);
    for (const href of cssOf('src/flows/open-pages/DownloadRoute.tsx')) expect(css).toContain(href);
    const bg = css.find((href) => href.includes('/page-bg-'));
    expect(bg && read(bg)).toContain('--page-bg:#f3f5f9');
  });

  it('passes the CSP: no inline script or style, one module script that loads the app after the first paint', () => {
    for (const page of ['login/index.html', 'download/index.html']) {
      const html = read(page);
      expect(scripts(html)).toHaveLength(1);
      expect(scripts(html)[0]).toMatch(/^<script type="module" crossorigin src="\/assets\/boot-[0-9a-f]{8}\.js">$/);
      expect(html).not.toMatch(/<style\b|\sstyle="/);
      expect(html).not.toContain('rel="modulepreload"');
      const boot = read(scripts(html)[0]!.match(/src="\/([^"]+)"/)![1]!);
      const entry = entryOf(read('index.html')).entry;
      expect(boot).toContain(`import(${JSON.stringify(entry)})`);
      // The first screen's route module, by the manifest (lazy chunks are named by their hash alone).
      const manifest = JSON.parse(read('.vite/manifest.json')) as Record<string, { file: string }>;
      const route = manifest[page.startsWith('login') ? 'src/flows/login/LoginRoute.tsx' : 'src/flows/open-pages/DownloadRoute.tsx']!.file;
      expect(boot).toContain(JSON.stringify(`/${route}`));
    }
    // index.html itself is untouched: the entry script and its preloads.
    expect(read('index.html')).toContain('<div id="root"></div>');
    expect(read('index.html')).toContain('rel="modulepreload"');
  });

  it('the service worker precaches the pages; they are compressed like every page', () => {
    const sw = read('sw.js');
    expect(sw).toContain('"login/index.html"');
    expect(sw).toContain('"download/index.html"');
    expect(fs.existsSync(path.join(out, 'login/index.html.br'))).toBe(true);
  });
});

describe('the page helpers', () => {
  const index = `<!doctype html>
<html><head>
    <title>Personal loans</title>
    <script type="module" crossorigin src="/assets/index-AAA.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-BBB.js">
    <link rel="stylesheet" crossorigin href="/assets/index-CCC.css">
  </head><body><div id="root"></div></body></html>`;
  const manifest = {
    'index.html': { file: 'assets/index-AAA.js', isEntry: true, imports: ['_react.js'], css: ['assets/index-CCC.css'] },
    '_react.js': { file: 'assets/react-BBB.js' },
    '_shared.js': { file: 'assets/shared-DDD.js', imports: ['_react.js'], css: ['assets/shared-EEE.css', 'assets/index-CCC.css'] },
    'src/flows/x/XRoute.tsx': { file: 'assets/XRoute-FFF.js', imports: ['_shared.js', '_react.js'], css: ['assets/XRoute-GGG.css'] },
  };

  it('routeStylesheets/routeModules: the chunk and its static imports, minus the entry', () => {
    expect(routeStylesheets(manifest, 'src/flows/x/XRoute.tsx')).toEqual(['/assets/XRoute-GGG.css', '/assets/shared-EEE.css']);
    expect(routeModules(manifest, 'src/flows/x/XRoute.tsx')).toEqual(['/assets/XRoute-FFF.js', '/assets/shared-DDD.js']);
    expect(() => routeStylesheets(manifest, 'src/flows/y/YRoute.tsx')).toThrow(/not in the build/);
  });

  it('pageHtml: markup in #root, the title escaped, the links, the boot script in place of the entry', () => {
    const html = pageHtml(index, { html: '<main>hi</main>', title: 'A & B', stylesheets: ['/assets/XRoute-GGG.css'], boot: '/assets/boot-1.js' });
    expect(html).toContain('<div id="root"><main>hi</main></div>');
    expect(html).toContain('<title>A &amp; B</title>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/XRoute-GGG.css">');
    expect(html).toContain('<script type="module" crossorigin src="/assets/boot-1.js"></script>');
    expect(html).not.toContain('index-AAA.js');
    expect(html).not.toContain('modulepreload');
    expect(html.indexOf('index-CCC.css')).toBeLessThan(html.indexOf('XRoute-GGG.css'));
    expect(() => pageHtml(index, { html: '<script>x()</script>', title: 't', stylesheets: [], boot: '/b.js' })).toThrow(/inline/);
    expect(entryOf(index)).toEqual({ entry: '/assets/index-AAA.js', preloads: ['/assets/react-BBB.js'] });
    expect(bootScript('/assets/index-AAA.js', ['/assets/react-BBB.js'])).toContain('import("/assets/index-AAA.js")');
    // A tap on a sending button shows busy at once (tests/e2e/taps.ts watches it in Chromium).
    expect(bootScript('/assets/index-AAA.js', [])).toMatch(/dataset\.sends === undefined[\s\S]*setAttribute\('aria-busy', 'true'\)[\s\S]*disabled = true/);
    expect(pageFile('/d', '/login')).toBe(path.join('/d', 'login', 'index.html'));
  });
});

/**
 * First paint without JavaScript: a Vite plugin of `vite build` that renders the routes of
 * src/app/prerender.tsx from the real views in their initial state (signed out, no data yet) and
 * writes dist/<route>/index.html with that markup, the route's title and its CSS links. Nothing
 * inline, so the pages pass the CSP. It runs at writeBundle, before the service worker's precache
 * list and the compressed copies are made. docs/performance.md and docs/deploying.md say how the
 * pages are served.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface PrerenderModule {
  PRERENDERED: readonly { path: string; module: string }[];
  PRERENDER_LANGS: readonly string[];
  prerender(pathname: string, lang: string): Promise<{ html: string; title: string; background: string }>;
}

/** The entry of the browser-less render. */
export const PRERENDER_ENTRY = 'src/app/prerender.tsx';
/** The page background every page has unless its route says otherwise (src/ui/styles.css `--page-bg`). */
const DEFAULT_BACKGROUND = '#ffffff';

/** A route's page: dist/login/index.html for /login, dist/login/index.hi.html in Hindi. */
export function pageFile(outDir: string, route: string, lang = 'en'): string {
  return path.join(outDir, ...route.split('/').filter(Boolean), lang === 'en' ? 'index.html' : `index.${lang}.html`);
}

/** The manifest keys a chunk loads before it runs: itself and its static imports, recursively. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/** The CSS files (as /assets/… URLs) a route's screen chunk brings, without those the entry already links. */
export function routeStylesheets(manifest: Manifest, module: string): string[] {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!manifest[module]) throw new Error(`prerender: ${module} is not in the build's manifest`);
  const entryCss = new Set(entryKey ? [...closure(manifest, entryKey)].flatMap((k) => manifest[k]?.css ?? []) : []);
  const css = [...closure(manifest, module)].flatMap((k) => manifest[k]?.css ?? []);
  return [...new Set(css)].filter((file) => !entryCss.has(file)).map((file) => `/${file}`);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const ENTRY_SCRIPT = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

/** The app's entry script and the modules index.html preloads with it. */
export function entryOf(indexHtml: string): { entry: string; preloads: string[] } {
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1];
  if (!entry) throw new Error('prerender: index.html has no <script type="module" crossorigin src>');
  return { entry, preloads: [...indexHtml.matchAll(MODULE_PRELOAD)].map((m) => m[1]!) };
}

/**
 * The first screen's script: after the static screen has been painted (the next frame; at once in a
 * tab in the background), it preloads the app's modules and the screen's, and imports the entry. So
 * the first paint does not share the network with ~100 KB of JavaScript, and the app takes over a moment later.
 */
export function bootScript(entry: string, preloads: string[]): string {
  return `// First paint (scripts/prerender.ts): the app loads once the static first screen is on the screen.
const modules = ${JSON.stringify(preloads)};
let started = false;
const start = () => {
  if (started) return;
  started = true;
  // At high priority: the app and its first screen go before what the page loads at its own pace.
  for (const href of [${JSON.stringify(entry)}, ...modules]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.fetchPriority = 'high';
    link.href = href;
    document.head.append(link);
  }
  import(${JSON.stringify(entry)});
};
// A tap on a button of the static screen, before the app runs it, is noted here and replayed by the app
// once it has taken over (src/app/first-paint.ts): a Send code tapped early is not lost. A button that
// sends (data-sends, which also names it whatever the app's language) shows at once that it is working,
// as the app's busy Button does (spinner, aria-busy, disabled: no second tap), so a slow network never
// leaves the tap looking ignored.
const root = document.getElementById('root');
root?.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button || button.disabled || root.dataset.takenOver) return;
  root.dataset.pendingTap = String([...root.querySelectorAll('button')].indexOf(button));
  root.dataset.pendingTapName = button.dataset.sends ?? button.textContent ?? '';
  if (button.dataset.sends === undefined) return;
  const spinner = document.createElement('span');
  spinner.className = 'spinner';
  spinner.setAttribute('aria-hidden', 'true');
  button.prepend(spinner);
  button.setAttribute('aria-busy', 'true');
  button.disabled = true;
}, true);
// A tab in the background paints nothing: start at once. Otherwise after the next frame (1 s at most).
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 1000);
`;
}

/**
 * index.html with the first screen in #root, the route's title, its stylesheets at the end of <head>,
 * and the entry script (and its module preloads) replaced by the first screen's boot script.
 */
export function pageHtml(indexHtml: string, page: { html: string; title: string; stylesheets: string[]; boot: string; lang?: string }): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`prerender: index.html has no empty ${root}`);
  if (!/<title>[^<]*<\/title>/.test(indexHtml)) throw new Error('prerender: index.html has no <title>');
  if (/<script(?![^>]*\ssrc=)[^>]*>/i.test(page.html)) throw new Error('prerender: the first screen has an inline <script>');
  entryOf(indexHtml);
  const links = page.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">\n  `).join('');
  return indexHtml
    .replace(/<html lang="[^"]*"/, (tag) => (page.lang && page.lang !== 'en' ? `<html lang="${escapeHtml(page.lang)}"` : tag))
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, () => `    <script type="module" crossorigin src="${escapeHtml(page.boot)}"></script>\n`)
    .replace('</head>', () => `${links}</head>`)
    .replace(root, () => `<div id="root">${page.html}</div>`);
}

/** Writes a file under assets/ named by its content; returns its URL. */
function writeAsset(outDir: string, name: string, ext: string, content: string): string {
  const file = `assets/${name}-${crypto.createHash('sha256').update(content).digest('hex').slice(0, 8)}.${ext}`;
  fs.writeFileSync(path.join(outDir, file), content);
  return `/${file}`;
}

/** A small stylesheet that gives the page its route's background before the app sets it (none for the default). */
function backgroundStylesheet(outDir: string, background: string): string | null {
  if (background.toLowerCase() === DEFAULT_BACKGROUND) return null;
  if (!/^#[0-9a-f]{3,8}$/i.test(background)) throw new Error(`prerender: unexpected background ${background}`);
  return writeAsset(outDir, 'page-bg', 'css', `:root{--page-bg:${background}}\n`);
}

/** The JS files (as /assets/… URLs) a route's screen chunk loads, without those of the entry. */
export function routeModules(manifest: Manifest, module: string): string[] {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const entry = entryKey ? closure(manifest, entryKey) : new Set<string>();
  return [...closure(manifest, module)].filter((k) => !entry.has(k)).map((k) => `/${manifest[k]!.file}`);
}

export function prerender(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  let mode = 'production';
  return {
    name: 'prerender-first-screens',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    writeBundle: {
      sequential: true,
      async handler() {
        if (this.environment.config.build.ssr) return;
        // One folder per output folder: builds into different folders may run at the same time.
        const serverDir = path.join(root, 'node_modules', '.prerender', crypto.createHash('sha256').update(outDir).digest('hex').slice(0, 12));
        await build({
          configFile: false,
          root,
          mode,
          logLevel: 'warn',
          publicDir: false,
          build: {
            ssr: PRERENDER_ENTRY,
            outDir: serverDir,
            emptyOutDir: true,
            minify: false,
            rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        try {
          await writePages(this, serverDir);
        } finally {
          fs.rmSync(serverDir, { recursive: true, force: true }); // rendered: the server build is not needed any more
        }
      },
    },
  };

  /** Renders each route with the server build and writes its page. */
  async function writePages(log: { info(message: string): void }, serverDir: string) {
    const { PRERENDERED, PRERENDER_LANGS, prerender: render } = (await import(
      `${pathToFileURL(path.join(serverDir, 'prerender.mjs')).href}?t=${Date.now()}`
    )) as PrerenderModule;
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const indexHtml = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    for (const { path: route, module } of PRERENDERED) for (const lang of PRERENDER_LANGS) await writePage(route, module, lang);

    async function writePage(route: string, module: string, lang: string) {
      const page = await render(route, lang);
      // The route's Suspense boundary comes first: `<!--$!-->` means its fallback (the spinner) was rendered.
      if (!page.html.startsWith('<!--$-->')) throw new Error(`prerender: ${route} did not render its screen (a Suspense fallback?)`);
      const background = backgroundStylesheet(outDir, page.background);
      const stylesheets = [...routeStylesheets(manifest, module), ...(background ? [background] : [])];
      const { entry, preloads } = entryOf(indexHtml);
      const boot = writeAsset(outDir, 'boot', 'js', bootScript(entry, [...preloads, ...routeModules(manifest, module)]));
      const file = pageFile(outDir, route, lang);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, pageHtml(indexHtml, { html: page.html, title: page.title, stylesheets, boot, lang }));
      log.info(`prerendered ${route} → ${path.relative(outDir, file)} (${(page.html.length / 1024).toFixed(1)} KB of markup, ${stylesheets.length} stylesheet(s))`);
    }
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { prerender } from './scripts/prerender';

/** Where `npm run dev` proxies /api1: the sandbox scripts/dev.ts starts, or BACKEND_URL. */
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8788';

/**
 * Compressed once, at build time: beside each text file of the build (JS, CSS, HTML, SVG, JSON, the
 * web manifest) of at least 1 KB, x.br (brotli, best) and x.gz (gzip -9), each only when smaller.
 * The sandbox serves them by Accept-Encoding (server/src/static.ts) and compresses nothing per request.
 */
/**
 * Production builds drop the `description`s of the machines' states and transitions
 * (machines/**\/*.machine.ts). They document the flows for the flow atlas, the Mermaid reports and
 * the tests, which all read the source; the app never reads them, and they were ~0.8 KB gzipped of the
 * sign-in screen alone. Every `description` property of an object literal in a machine file goes.
 */
interface AstNode {
  type?: string;
  start: number;
  end: number;
}
function dropMachineDescriptions(): Plugin {
  return {
    name: 'drop-machine-descriptions',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      // A machine file, or a part of a chart written apart and composed back (`createStateConfig`).
      if (!/[\\/]machines[\\/].+\.ts$/.test(id) || !(id.endsWith('.machine.ts') || code.includes('.createStateConfig('))) return null;
      const cuts: [number, number][] = [];
      const walk = (node: unknown): void => {
        if (node === null || typeof node !== 'object') return;
        if (Array.isArray(node)) return node.forEach(walk);
        const n = node as AstNode & { properties?: (AstNode & { computed?: boolean; key?: { type: string; name?: string; value?: unknown } })[] };
        if (n.type === 'ObjectExpression') {
          for (const p of n.properties ?? []) {
            const key = p.key;
            if (p.type === 'Property' && !p.computed && key && ((key.type === 'Identifier' && key.name === 'description') || (key.type === 'Literal' && key.value === 'description'))) cuts.push([p.start, p.end]);
          }
        }
        for (const value of Object.values(node)) if (value && typeof value === 'object') walk(value);
      };
      walk(this.parse(code));
      if (!cuts.length) return null;
      let out = code;
      for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) {
        const comma = /^\s*,/.exec(out.slice(end));
        out = out.slice(0, start) + out.slice(end + (comma ? comma[0].length : 0));
      }
      return { code: out, map: null };
    },
  };
}

/**
 * valibot is one module, and a module ships whole with every function any screen uses (11 KB
 * minified). The first screens' calls (the `api` chunk beside them) import it as it is; every other
 * module imports a second copy of the same file, so that chunk carries only the functions it uses. valibot keeps no state
 * between copies that the app relies on (no global config, no `instanceof ValiError`).
 */
const FIRST_SCREEN_SCHEMAS = /[\\/](contract[\\/](envelope|endpoint|auth|common|home|orders)|src[\\/]api[\\/]client)\.ts$/;
const LATER_VALIBOT = '\0valibot:later';
function valibotForLaterScreens(): Plugin {
  return {
    name: 'valibot-for-later-screens',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'valibot' || !importer || FIRST_SCREEN_SCHEMAS.test(importer) || !/[\\/](contract|src|machines)[\\/]/.test(importer)) return null;
      return LATER_VALIBOT;
    },
    load(id) {
      if (id !== LATER_VALIBOT) return null;
      return fs.readFileSync(path.resolve(import.meta.dirname, 'node_modules/valibot/dist/index.mjs'), 'utf8');
    },
  };
}

/**
 * A lazy chunk's preload list (the entry holds every route's) leaves out the files its importer has
 * already loaded: what a chunk imports statically has run before it, so listing it again only costs
 * first-screen bytes. The bundle is read at generateBundle, before Vite writes the lists.
 */
const loadedBefore = new Map<string, Set<string>>();
function preloadListsWithoutLoaded(): Plugin {
  return {
    name: 'preload-lists-without-loaded',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_, bundle) {
        const closure = (file: string, seen = new Set<string>()): Set<string> => {
          const chunk = bundle[file];
          if (seen.has(file) || !chunk || chunk.type !== 'chunk') return seen;
          seen.add(file);
          for (const dep of chunk.imports) closure(dep, seen);
          for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
          return seen;
        };
        loadedBefore.clear();
        for (const file of Object.keys(bundle)) loadedBefore.set(file, closure(file));
      },
    },
  };
}
const resolveDependencies = (_file: string, deps: string[], { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' }) => {
  const loaded = hostType === 'js' ? loadedBefore.get(hostId) : undefined;
  return loaded ? deps.filter((dep) => !loaded.has(dep)) : deps;
};

function precompress(): Plugin {
  const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i;
  const MIN_BYTES = 1024;
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  const filesUnder = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      // Dot-folders (.vite/manifest.json) are build metadata, never served.
      if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesUnder(full);
      return entry.isFile() ? [full] : [];
    });
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Last, after every other plugin's closeBundle has written its files (the service worker's sw.js).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        let files = 0;
        let before = 0;
        let after = 0;
        await Promise.all(
          filesUnder(outDir)
            .filter((file) => COMPRESSIBLE.test(file))
            .map(async (file) => {
              const bytes = await fs.promises.readFile(file);
              const worth = bytes.length >= MIN_BYTES;
              const copies = {
                '.br': worth
                  ? await brotli(bytes, {
                      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
                    })
                  : null,
                '.gz': worth ? await gzip(bytes, { level: 9 }) : null,
              };
              for (const [suffix, copy] of Object.entries(copies)) {
                if (copy && copy.length < bytes.length) await fs.promises.writeFile(file + suffix, copy);
                else await fs.promises.rm(file + suffix, { force: true });
              }
              if (copies['.br'] && copies['.br'].length < bytes.length) {
                files++;
                before += bytes.length;
                after += copies['.br'].length;
              }
            }),
        );
        this.info(`precompressed ${files} files (.br and .gz): ${(before / 1024).toFixed(1)} KB → ${(after / 1024).toFixed(1)} KB brotli`);
      },
    },
  };
}

/**
 * The service worker: vite-plugin-pwa with workbox's injectManifest. After the app's bundle
 * is written, it builds src/sw.ts into sw.js with Vite, and workbox-build injects the precache list
 * (`self.__WB_MANIFEST`): every file of the build matched by `globPatterns`, each with a revision (the
 * hashed assets by their names). Nothing is listed by hand. It registers nothing (src/main.tsx and
 * src/flows/install/register-sw.ts do, with workbox-window), writes no web manifest (public/ has it),
 * and acts on `vite build` only.
 */
const PRECACHE = {
  /** The app shell: index.html, the offline page, the hashed JS and CSS, the favicon, the web manifest. */
  globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
  /** Never: dot-folders (.vite/manifest.json), the compressed copies, source maps, the worker itself. */
  globIgnores: ['**/.*/**', '**/*.{br,gz,map}', 'sw.js'],
};
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    includeManifestIcons: false,
    injectManifest: {
      ...PRECACHE,
      // Vite's assets/ names carry a content hash: their URL is their revision.
      dontCacheBustURLsMatching: /^assets\//,
      // A bigger file fails the build rather than go unprecached (the largest chunk is ~250 KB).
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    },
  });
}

export default defineConfig({
  // serviceWorker: sw.js and its precache list; precompress runs last, so sw.js is compressed too.
  // prerender: the static first screens of /login and /download (scripts/prerender.ts), written before both.
  plugins: [react(), valibotForLaterScreens(), preloadListsWithoutLoaded(), dropMachineDescriptions(), prerender(), serviceWorker(), precompress()],
  // The shim's fallback for React 17 and older is dead code on React 19 (src/lib/use-sync-external-store.ts).
  resolve: { alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: path.resolve(import.meta.dirname, 'src/lib/use-sync-external-store.ts') }] },
  server: {
    proxy: { '/api1': { target: backend, changeOrigin: true }, '/sandbox': { target: backend, changeOrigin: true } },
  },
  build: {
    target: 'es2022',
    // scripts/bundle-check.ts reads the manifest to measure what the first screen loads.
    manifest: true,
    modulePreload: { resolveDependencies },
    // No source maps in the build: the app's original source (1.45 MB of map) is not published.
    sourcemap: false,
    // The first screen must stay within the README's budget: scripts/bundle-check.ts measures it.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Lazy chunks are named by their hash alone: the entry lists every file a route may preload, and
        // module names there cost first-screen bytes (the manifest still maps each source to its file).
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash][extname]',
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // What the entry shares with every screen, in one file: React, the language and text hook, the store.
            { name: 'base', test: /(node_modules\/react\/|vite\/preload-helper|src\/lib\/(language|preferences|waits|store|once|session-expired|analytics-front|use-sync-external-store)\.ts|src\/ui\/text\.ts|i18n\/core\.ts|i18n\/en\/common\.ts|src\/flows\/shared\/effects\.ts|machines\/shared\/navigation\.ts)/ },
            // The API layer of the first screens (ky, valibot, the client, the sign-in and home calls and their
            // shapes): no first screen needs it for its first render, so it loads beside it (docs/performance.md).
            { name: 'api', test: /(node_modules\/(ky|valibot)\/|(src\/api\/(client|base|headers|auth|home|orders|read-ahead)|contract\/(envelope|endpoint|auth|common|home|orders)|i18n\/en\/network)\.ts$)/ },
            { name: 'kit', test: /(src\/flows\/shared\/(useResource|resource|page-lifecycle)|src\/lib\/money|src\/ui\/(Rate|SectionTitle)|machines\/resource\/resource\.machine)\.tsx?$/ },
            // The sign-in screen's pieces (its form, the phone rule, the draft, the call and its shapes), one file.
            { name: 'signin', test: /(machines\/shared\/(phone|countdown)|src\/lib\/draft|src\/ui\/(Field|TextField|Dialog|LanguageSwitch|useSecondsLeft))\.tsx?$/ },
            // The money pieces the confirm pages, the KFS page and the extension share: one file, not four.
            // Small pieces many lazy routes share, a few files instead of a dozen: every file the entry may
            // preload is a name in its preload list, so fewer files are fewer first-screen bytes.
            { name: 'steps', test: /(src\/flows\/auth\/step\.effects|src\/flows\/shared\/focus|machines\/shared\/steps|src\/ui\/StepHeader)\.tsx?$/ },
            { name: 'shared', test: /(machines\/shared\/(rules|idempotency|order-states|loan-choice|bank-account|feedback)|src\/lib\/consents|src\/ui\/(LenderIdentity|Select)|src\/flows\/schedule\/AccountNumber|src\/lib\/idempotency|src\/ui\/(ConfirmDialog|Paragraphs|dates)|machines\/shared\/(india-time|ist-format)|contract\/content|src\/api\/content|src\/flows\/shared\/client-config|i18n\/en\/(lender|account|notice))\.tsx?$/ },
            { name: 'lending', test: /(contract\/(products|bank|schedule|device)|src\/api\/(products|bank|schedule))\.ts$/ },
            // The calls beyond the spec and their shapes: one file for the screens that make them.
            { name: 'beyond', test: /(contract\/(kfs|privacy|complaints|closure|documents|payments|sessions|offered|beyond-spec)|src\/api\/(offered|kfs|privacy|payments))\.ts$/ },
            { name: 'money', test: /((machines\/shared\/(kfs|kfs-ack|kfs-validity|apr)|src\/ui\/Sum|src\/flows\/application\/KeyFactStatement|i18n\/en\/kfs)\.tsx?|(src\/ui\/sum|src\/flows\/application\/kfs)\.css)$/ },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/machines/**/*.test.{ts,tsx}', 'tests/views/**/*.test.{ts,tsx}', 'tests/app/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/tools/**/*.test.ts', 'tests/api/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

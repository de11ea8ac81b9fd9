/**
 * After `vite build`: the first screen's JavaScript, gzipped, against BUDGET_KB; every route screen a
 * lazy chunk; no web font. Writes its figures to docs/measured/bundle.md; under CI=true it fails
 * instead when the committed file differs, so the docs never show figures of an older build.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { committedBody, writeMeasured } from './measured';
import type { MachineSentences } from '../machines/shared/sentences';
import { HINDI_AFTER_FIRST_RENDER } from '../i18n/core';

/** The budget, a rule: docs/performance.md names this constant rather than the figure. */
export const BUDGET_KB = 100;
const FIRST_SCREENS = { 'signed out (/login)': 'src/flows/login/LoginRoute.tsx', 'signed in (/)': 'src/flows/home/HomeRoute.tsx' };
/**
 * What a first screen loads beside it, not before its first render: the API layer (the chunk the
 * build names `api`, vite.config.ts): the sign-in calls once the screen is drawn, home's reads with
 * its chunk. Shown apart, not in the budget.
 */
const BESIDE_CHUNK = 'api';

interface Chunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = 'dist';
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`bundle-check: ${manifestPath} is missing; run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The files a manifest key loads before it runs: itself and its static imports, recursively. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}
const jsFiles = (keys: Set<string>) => new Set([...keys].map((k) => manifest[k]?.file).filter((f): f is string => !!f && f.endsWith('.js')));

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) {
  console.error('bundle-check: no entry in the manifest');
  process.exit(1);
}
const entry = closure(entryKey);
const failures: string[] = [];
let worst = 0;
/** What the report file holds: the printed figures, one a line. */
const report: string[] = [];
const say = (line: string) => {
  console.log(line);
  report.push(line);
};

/** A Hindi first screen may weigh this much more than the English one (docs/hindi.md). */
const HINDI_EXTRA_KB = 2;
const hindiFigures: string[] = [];
/**
 * The Hindi a first screen loads: the Hindi chunk of every catalogue its files declare (each
 * catalogue imports its own), on top of its English JS; what loads right after the first commit
 * (HINDI_AFTER_FIRST_RENDER) is shown apart.
 */
function hindiFirstScreen(name: string, keys: Set<string>, beside: Set<string>, english: number): string {
  const hindiOf = (of: Set<string>) => [...of].flatMap((k) => manifest[k]?.dynamicImports ?? []).filter((k) => k.startsWith('i18n/hi/'));
  const later = new Set(HINDI_AFTER_FIRST_RENDER.map((ns) => `i18n/hi/${ns}.ts`));
  const size = (chunks: string[]) => [...new Set(chunks)].reduce((n, k) => n + gz(manifest[k]!.file), 0);
  const first = hindiOf(keys).filter((k) => !later.has(k));
  const extra = size(first);
  if (extra > HINDI_EXTRA_KB * 1024) failures.push(`${name} in Hindi loads ${kb(extra)} more than in English, above ${HINDI_EXTRA_KB} KB`);
  const names = (chunks: string[]) => [...new Set(chunks)].map((k) => k.replace(/^i18n\/hi\/|\.ts$/g, '')).sort().join(', ');
  const after = [...hindiOf(keys).filter((k) => later.has(k)), ...hindiOf(beside)].filter((k) => !first.includes(k));
  const then = after.length ? `; then ${kb(size(after))} (${names(after)})` : '';
  return `  ${name} in Hindi: ${kb(english + extra)}, ${kb(extra)} more (${names(first)}; at most ${HINDI_EXTRA_KB} KB more)${then}`;
}

say(`First-screen JavaScript (gzip -9), budget ${BUDGET_KB} KB:`);
const entryFiles = jsFiles(entry);
say(`  entry (React, the shell, the router): ${kb([...entryFiles].reduce((n, f) => n + gz(f), 0))} in ${entryFiles.size} file(s)`);
for (const [name, src] of Object.entries(FIRST_SCREENS)) {
  if (!manifest[src]) {
    failures.push(`${src} is not in the build`);
    continue;
  }
  const files = jsFiles(closure(src, new Set(entry)));
  const total = [...files].reduce((n, f) => n + gz(f), 0);
  worst = Math.max(worst, total);
  const loaded = closure(src, new Set(entry));
  const beside = new Set<string>();
  const apiKey = Object.keys(manifest).find((k) => manifest[k]?.name === BESIDE_CHUNK && !manifest[k]?.src);
  if (!apiKey) failures.push(`no chunk named ${BESIDE_CHUNK} in the build`);
  else for (const k of closure(apiKey)) if (!loaded.has(k)) beside.add(k);
  const besideBytes = [...jsFiles(beside)].reduce((n, f) => n + gz(f), 0);
  say(`  ${name}: ${kb(total)} in ${files.size} file(s); then beside it, the API layer: ${kb(besideBytes)}`);
  if (total > BUDGET_KB * 1024) failures.push(`${name} loads ${kb(total)} of JS, above the ${BUDGET_KB} KB budget`);
  hindiFigures.push(hindiFirstScreen(name, loaded, beside, total));
}
for (const line of hindiFigures) say(line);
say(`first-screen JS: ${kb(worst)} gzipped (budget ${BUDGET_KB} KB)`);

// Every route screen is a lazy chunk, never part of the entry.
const routeScreens = Object.entries(manifest).filter(([k]) => /^src\/flows\/.+Route\.tsx$/.test(k));
for (const [key, chunk] of routeScreens) {
  if (!chunk.isDynamicEntry) failures.push(`${key} is not a lazy chunk`);
  if (entry.has(key)) failures.push(`${key} is bundled into the entry`);
}
say(`lazy route chunks: ${routeScreens.length}`);

// No web fonts (nothing may block the first paint on a font download).
const assets = existsSync(join(dist, 'assets')) ? readdirSync(join(dist, 'assets')) : [];
const fonts = assets.filter((f) => /\.(woff2?|ttf|otf|eot)$/i.test(f));
const cssWithFontFace = assets.filter((f) => f.endsWith('.css') && /@font-face/i.test(readFileSync(join(dist, 'assets', f), 'utf8')));
if (fonts.length || cssWithFontFace.length) failures.push(`web fonts shipped: ${[...fonts, ...cssWithFontFace].join(', ')}`);
const html = readFileSync(join(dist, 'index.html'), 'utf8');
if (/fonts\.googleapis|\.woff2?/i.test(html)) failures.push('index.html loads a web font');

// The machines' plain sentences are for the flow atlas: the app never reads them, so none may ship.
const builtJs = assets.filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(dist, 'assets', f), 'utf8')).join('\n');
const machineFiles = readdirSync('machines', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.machine.ts'));
for (const file of machineFiles) {
  const mod = (await import(pathToFileURL(join(process.cwd(), 'machines', file)).href)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(mod)) {
    if (!name.endsWith('Sentences') || typeof value !== 'object' || value === null) continue;
    const { events, guards } = value as MachineSentences;
    const shipped = [...Object.values(events), ...Object.values(guards)].find((sentence) => builtJs.includes(JSON.stringify(sentence).slice(1, -1)));
    if (shipped) failures.push(`machines/${file}: its sentences ship in the app ("${shipped}"); keep machineSentences free of side effects`);
  }
}

// The committed report is the build's: a local run writes it, CI checks it (a fresh clone must agree).
const body = ['```', ...report, '```'].join('\n');
const command = 'npm run build && npm run bundle-check';
if (process.env.CI === 'true') {
  if (committedBody('bundle') !== body) failures.push(`docs/measured/bundle.md differs from this build's figures: run \`${command}\` and commit the file`);
} else if (writeMeasured({ name: 'bundle', title: 'First-screen JavaScript', command, body })) {
  console.log('written: docs/measured/bundle.md');
}

if (failures.length) {
  console.error(`bundle-check failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('bundle-check: ok');

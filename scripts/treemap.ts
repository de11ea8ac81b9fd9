/**
 * What the first screen's JavaScript is made of: builds the app with rollup-plugin-visualizer, writes
 * its treemap to .treemap/treemap.html, and lists the largest items of the entry and the first routes'
 * chunks (gzipped) in docs/measured/treemap.md. `TREEMAP_NAME=treemap-before` keeps a baseline apart.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { writeMeasured } from './measured';

const OUT = '.treemap';
/** A build of its own, with source maps: they give each module's bytes after minification. */
const DIST = join(OUT, 'dist');
const TOP = 20;
const FIRST_SCREENS = ['src/flows/login/LoginRoute.tsx', 'src/flows/home/HomeRoute.tsx'];
const name = process.env.TREEMAP_NAME ?? 'treemap';

await build({
  logLevel: 'warn',
  build: { outDir: DIST, emptyOutDir: true, sourcemap: true },
  plugins: [
    visualizer({ filename: join(OUT, 'treemap.html'), template: 'treemap', gzipSize: true, sourcemap: true, title: 'First screen' }),
    visualizer({ filename: join(OUT, 'stats.json'), template: 'raw-data', gzipSize: true, sourcemap: true }),
  ],
});

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
const closure = (key: string, seen: Set<string>): Set<string> => {
  if (!manifest[key] || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
};
const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('treemap: no entry in the manifest');
const keys = new Set<string>();
for (const key of [entryKey, ...FIRST_SCREENS]) closure(key, keys);
const firstFiles = new Set([...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')));

/**
 * An item is a package (node_modules/<name>) or a source file. The source maps give each module's
 * minified bytes in its chunk; its gzip share is the chunk's gzip -9 size split in that proportion, so
 * the shares add up to the chunks' sizes, the figure bundle-check sums.
 */
/** The parts of the visualizer's raw data read here (its template 'raw-data'). */
interface VisualizerData {
  nodeParts: Record<string, { renderedLength: number }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
}
const data = JSON.parse(readFileSync(join(OUT, 'stats.json'), 'utf8')) as VisualizerData;
const inFile = new Map<string, { item: string; bytes: number }[]>();
for (const meta of Object.values(data.nodeMetas)) {
  for (const [file, partUid] of Object.entries(meta.moduleParts)) {
    if (!firstFiles.has(file)) continue;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(meta.id)?.[1];
    const item = pkg ?? meta.id.replace(/^\0/, '').replace(/^.*?\/(src|machines|contract|i18n)\//, '$1/');
    inFile.set(file, [...(inFile.get(file) ?? []), { item, bytes: data.nodeParts[partUid]!.renderedLength }]);
  }
}
const items = new Map<string, { gzip: number; rendered: number }>();
for (const [file, modules] of inFile) {
  const gzip = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
  const mapped = modules.reduce((n, m) => n + m.bytes, 0);
  for (const { item, bytes } of modules) {
    const sum = items.get(item) ?? { gzip: 0, rendered: 0 };
    sum.gzip += mapped ? (gzip * bytes) / mapped : 0;
    sum.rendered += bytes;
    items.set(item, sum);
  }
}
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ranked = [...items].sort((a, b) => b[1].gzip - a[1].gzip);
const total = ranked.reduce((n, [, s]) => n + s.gzip, 0);
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'machines', 'contract', 'i18n', 'vite.config.ts'], { encoding: 'utf8' }).trim() ? ' with changes not yet committed' : '';
const body = [
  `Built from commit ${commit}${dirty}. The entry and the chunks of /login and / (${firstFiles.size} files): ${items.size} items, ${kb(total)} KB gzipped. The ${TOP} largest:`,
  '',
  '| item | gzip KB (share) | minified KB |',
  '| --- | ---: | ---: |',
  ...ranked.slice(0, TOP).map(([item, s]) => `| ${item} | ${kb(s.gzip)} | ${kb(s.rendered)} |`),
].join('\n');
console.log(body);
console.log(`treemap: ${join(OUT, 'treemap.html')}`);
if (writeMeasured({ name, title: 'What the first screen is made of', command: name === 'treemap' ? 'npm run treemap' : `TREEMAP_NAME=${name} npm run treemap`, body })) {
  console.log(`written: docs/measured/${name}.md`);
}

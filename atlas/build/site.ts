/**
 * Writes the flow atlas into flows/ (`npm run flows`): flows/index.html, the page's script and
 * styles in flows/atlas/ (built with Vite as one classic script, so the page also opens from disk
 * without a server), and one classic data script per machine in flows/atlas/data/. The sandbox
 * serves flows/ at /flows. Nothing is fetched from the network.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { JOURNEYS } from '../catalogue';
import type { AtlasIndex, AtlasMachine, AtlasRules } from '../model';

/** A classic script that hands `value` to the page: `window[global][key] = value` (or `window[global] = value`). */
function dataScript(global: string, value: unknown, key?: string): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return key === undefined ? `window.${global}=${json};\n` : `(window.${global}=window.${global}||{})[${JSON.stringify(key)}]=${json};\n`;
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>Flow atlas · the borrower app</title>
<link rel="stylesheet" href="atlas/atlas.css">
<script src="atlas/data/index.js"></script>
<script src="atlas/data/rules.js"></script>
<script src="atlas/atlas.js" defer></script>
</head>
<body>
<div id="atlas"><p class="atlas-boot">Loading the flow atlas…</p></div>
<noscript><p>The flow atlas runs the machines in the page: it needs JavaScript. The same flows are in the Markdown files beside this page (index.md).</p></noscript>
</body>
</html>
`;

export interface AtlasBuild {
  root: string;
  outDir: string;
  machines: readonly AtlasMachine[];
  /** The Rules page's data (atlas/build/rules.ts); without it the page says the proof was not run. */
  rules?: AtlasRules;
  /** Build the page's script too (false in tests that only check the data). */
  bundle?: boolean;
}

export interface AtlasWeight {
  file: string;
  bytes: number;
  gzip: number;
}

export async function writeAtlas({ root, outDir, machines, rules, bundle = true }: AtlasBuild): Promise<AtlasWeight[]> {
  const atlasDir = join(outDir, 'atlas');
  const dataDir = join(atlasDir, 'data');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const index: AtlasIndex = {
    generatedAt: new Date().toISOString(),
    journeys: [...JOURNEYS],
    machines: machines.map((m) => ({
      name: m.name,
      machineId: m.machineId,
      journey: m.journey,
      description: m.description,
      counts: m.counts,
      coverage: m.coverage,
      screens: m.screens,
      paths: m.paths.length,
    })),
  };
  writeFileSync(join(dataDir, 'index.js'), dataScript('__atlasIndex', index));
  writeFileSync(join(dataDir, 'rules.js'), rules ? dataScript('__atlasRules', rules) : '');
  for (const m of machines) {
    writeFileSync(join(dataDir, `${m.name}.js`), dataScript('__atlasData', m, m.name));
    writeFileSync(join(outDir, m.mermaidFile), `${m.mermaid}\n`);
    // The source as text (a .ts file opened from disk may be taken for a video stream).
    const copy = join(outDir, 'source', `${m.sourceFile}.txt`);
    mkdirSync(dirname(copy), { recursive: true });
    writeFileSync(copy, m.source);
  }
  writeFileSync(join(outDir, 'index.html'), PAGE);
  if (bundle) {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      publicDir: false,
      plugins: [react()],
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: atlasDir,
        emptyOutDir: false,
        copyPublicDir: false,
        reportCompressedSize: false,
        lib: { entry: join(root, 'atlas/app/main.tsx'), formats: ['iife'], name: 'FlowAtlas', fileName: () => 'atlas.js', cssFileName: 'atlas' },
      },
    });
  }
  return weigh(outDir);
}

/** The page's files and their gzipped sizes: the page itself, its script and styles, the index data. */
export function weigh(outDir: string): AtlasWeight[] {
  const files = ['index.html', 'atlas/atlas.js', 'atlas/atlas.css', 'atlas/data/index.js', ...readdirSync(join(outDir, 'atlas/data')).filter((f) => f !== 'index.js').map((f) => `atlas/data/${f}`)];
  return files.flatMap((file) => {
    const full = join(outDir, file);
    try {
      statSync(full);
    } catch {
      return [];
    }
    const bytes = readFileSync(full);
    return [{ file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }];
  });
}

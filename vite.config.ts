import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Where `npm run dev` proxies /api1: the sandbox scripts/dev.ts starts, or BACKEND_URL. */
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8788';

/**
 * Compressed once, at build time: beside each text file of the build (JS, CSS, HTML, SVG, JSON, the
 * web manifest) of at least 1 KB, x.br (brotli, best) and x.gz (gzip -9), each only when smaller.
 * The sandbox serves them by Accept-Encoding (server/src/static.ts) and compresses nothing per request.
 */
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
    async closeBundle() {
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
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api1': { target: backend, changeOrigin: true }, '/sandbox': { target: backend, changeOrigin: true } },
  },
  build: {
    target: 'es2022',
    // scripts/bundle-check.ts reads the manifest to measure what the first screen loads.
    manifest: true,
    // No source maps in the build: the app's original source (1.45 MB of map) is not published.
    sourcemap: false,
    // The first screen must stay within the README's budget: scripts/bundle-check.ts measures it.
    chunkSizeWarningLimit: 400,
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

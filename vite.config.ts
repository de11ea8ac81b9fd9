import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Where `npm run dev` proxies /api1: the sandbox scripts/dev.ts starts, or BACKEND_URL. */
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8788';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api1': { target: backend, changeOrigin: true }, '/sandbox': { target: backend, changeOrigin: true } },
  },
  build: {
    target: 'es2022',
    // scripts/bundle-check.ts reads the manifest to measure what the first screen loads.
    manifest: true,
    sourcemap: true,
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

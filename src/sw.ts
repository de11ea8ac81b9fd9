/**
 * The service worker (issue 12), built by vite-plugin-pwa with workbox (vite.config.ts `serviceWorker`);
 * registered by src/flows/install/register-sw.ts with workbox-window. What it does:
 *
 * - App shell precached: index.html, the offline page and every hashed asset of the build, from the
 *   list workbox-build injects (`self.__WB_MANIFEST`); a new build's worker precaches the new files and
 *   removes the old ones when it takes over.
 * - Navigations: network first (with navigation preload, so the request starts while the worker
 *   boots); offline, the precached shell answers (the route's own prerendered page when it has one,
 *   e.g. login/index.html), which runs the app from the precache. Never cached
 *   per address: a page's HTML (and any token in its address) is never written to a cache.
 * - Never stale: the payment return address (/orders/{id}/detail), the bridge pages (/joint, /rate,
 *   /orders/audit) and anything that is not the app (/api1, /sandbox) are network only: offline, they
 *   get the offline page (with Retry), never an older shell.
 * - /api1 and /sandbox requests are not routed at all: the browser fetches them itself, nothing is
 *   cached. Non-GET requests are never touched.
 * - Updates: a new worker waits until the borrower agrees (the app's 'Update' posts SKIP_WAITING).
 */
import { clientsClaim } from 'workbox-core';
import * as navigationPreload from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { navigationPolicy, OFFLINE_PAGE, pageFile, SHELL } from './sw-policy';

/** The worker's global scope, as far as this file uses it (the DOM lib has no ServiceWorkerGlobalScope). */
declare const self: {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  addEventListener(type: 'message', listener: (event: { data?: unknown }) => void): void;
  skipWaiting(): Promise<void>;
};

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null | undefined;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

navigationPreload.enable();
clientsClaim();
cleanupOutdatedCaches();

const network = new NetworkOnly();

// First: navigations are never answered from the precache directly (its route would serve '/' from it).
registerRoute(
  new NavigationRoute(async (options) => {
    const policy = navigationPolicy(options.url.pathname);
    try {
      return await network.handle(options);
    } catch (error) {
      const shell = policy === 'shell-fallback' ? ((await matchPrecache(pageFile(options.url.pathname))) ?? (await matchPrecache(SHELL))) : undefined;
      const fallback = shell ?? (await matchPrecache(OFFLINE_PAGE));
      if (fallback) return fallback;
      throw error;
    }
  }),
);

precacheAndRoute(self.__WB_MANIFEST);

/**
 * The service worker, built by vite-plugin-pwa with workbox (vite.config.ts `serviceWorker`) and
 * registered by src/flows/install/register-sw.ts. It precaches the app shell and every hashed asset;
 * navigations go to the network first (with navigation preload), the precached shell answering
 * offline; the payment return address, the bridge pages and anything not the app are network only;
 * API and sandbox requests are not routed at all, and non-GET requests never touched; a new worker
 * waits until the borrower agrees. The rules in full: docs/deploying.md.
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

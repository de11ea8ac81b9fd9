/**
 * Registers the service worker (dist/sw.js, built from src/sw.ts) with workbox-window. src/main.tsx
 * imports this lazily once the page has loaded, in the built app only (never in dev or tests), so
 * neither workbox-window nor the prompt is part of the first screen's JavaScript.
 * The update prompt gets its own small React root, outside the app: it shows over any page.
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { Workbox } from 'workbox-window';
import { createUpdater, type Updater } from './updater';
import { withTexts } from '../../lib/language';

let started: Updater | null = null;

export async function registerServiceWorker(): Promise<Updater | null> {
  if (started || !('serviceWorker' in navigator)) return started;
  const wb = new Workbox('/sw.js', { scope: '/' });
  const updater = createUpdater(wb);
  started = updater;
  const unsubscribe = updater.subscribe(() => {
    if (updater.state() !== 'waiting') return;
    unsubscribe();
    void withTexts(import('./UpdatePrompt')).then(({ UpdatePrompt }) => {
      const host = document.createElement('div');
      host.id = 'update-prompt';
      document.body.append(host);
      createRoot(host).render(createElement(UpdatePrompt, { updater }));
    });
  });
  try {
    await wb.register();
  } catch {
    // No worker (private mode, storage refused): the app works as a plain website.
  }
  return updater;
}

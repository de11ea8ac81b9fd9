/**
 * The first screens, prerendered at build time ("first paint without JavaScript").
 *
 * scripts/prerender.ts (a Vite plugin of `vite build`) builds this module for Node (`ssr`) and calls
 * `prerender(path)` for each of PRERENDERED: the REAL app (the route table, the guard, the views, the
 * machines at their initial snapshot) rendered to HTML as a signed-out visitor who has no data yet, with
 * no effect run. The plugin puts that HTML inside #root of a copy of index.html written to
 * dist/<path>/index.html, with the screen's CSS, and the servers send it for that path. In the browser,
 * src/main.tsx loads the same screen first (preloadScreen) and React's first commit replaces the static
 * nodes with the same markup.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { Lang } from '../../i18n/core';
import { appText } from '../../i18n/en/app';
import { hindi } from '../../i18n/hi/index';
import { renderIn } from '../lib/language';
import { paths } from '../../machines/shared/paths';
import { App, preloadScreen } from './App';
import { findRoute } from './routes';

/** The routes with a static first screen, and the module of their screen (its key in the Vite manifest, for its CSS). */
export const PRERENDERED: readonly { path: string; module: string }[] = [
  { path: paths.login.pattern, module: 'src/flows/login/LoginRoute.tsx' },
  { path: paths.download.pattern, module: 'src/flows/open-pages/DownloadRoute.tsx' },
];

export interface Prerendered {
  /** The markup of #root. */
  html: string;
  /** The page's title as the app sets it before the app's name is known, in the page's language. */
  title: string;
  /** The route's page background (the app sets `--page-bg` to it). */
  background: string;
}

/** What a browser-less render needs of the page's globals: a visitor with nothing stored, on no particular device. */
function browserlessGlobals() {
  const g = globalThis as Record<string, unknown>;
  if (typeof g.navigator === 'undefined') g.navigator = { userAgent: '', maxTouchPoints: 0, language: 'en-IN' };
}

/** The languages each first screen is prerendered in: the server sends the one the borrower chose (docs/hindi.md). */
export const PRERENDER_LANGS: readonly Lang[] = ['en', 'hi'];

export async function prerender(pathname: string, lang: Lang = 'en'): Promise<Prerendered> {
  const match = findRoute(pathname);
  if (!match?.route.public) throw new Error(`prerender: ${pathname} is not a public route`);
  browserlessGlobals();
  renderIn(lang, hindi);
  await preloadScreen(pathname);
  const html = renderToString(
    <StrictMode>
      <Router ssrPath={pathname} ssrSearch="">
        <App />
      </Router>
    </StrictMode>,
  );
  const title = lang === 'hi' ? (hindi.app?.[match.route.title] ?? appText.en[match.route.title]) : appText.en[match.route.title];
  return { html, title, background: match.route.background };
}

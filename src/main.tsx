// First: a token in the address (/rate, /orders/audit) leaves it before anything else loads.
import './app/url-token';
// The base stylesheet first: the shared pieces' and the screens' own styles come after it and refine it.
import './ui/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { beforeFirstRender, FirstCommit } from './app/first-paint';
import { captureInstallPrompt } from './lib/install-prompt';
import { language } from './lib/language';
import { session } from './lib/session';
import { onSessionExpired } from './lib/session-expired';

// What a -4 answer does is rare and comes after a call: its module loads then.
onSessionExpired(() => void import('./app/session-expiry').then((m) => m.handleSessionExpired()));
// The browser's install prompt can come before home loads (src/lib/install-prompt.ts).
captureInstallPrompt();
/**
 * The service worker, in the built app only (never in dev or tests), once the first screen is drawn
 * and the browser is idle: its precache downloads the whole app, which must not share a slow network
 * with the first screen's own modules.
 */
function registerWorkerWhenIdle() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const registerWorker = () => void import('./flows/install/register-sw').then((m) => m.registerServiceWorker());
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(registerWorker, { timeout: 2000 }) : setTimeout(registerWorker, 0));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// First paint: /login and /download come with their screen prerendered in #root. Its module is
// loaded first, so the first commit replaces the static nodes with the same markup (never the spinner),
// then gets what the visitor typed meanwhile (src/app/first-paint.ts). Rendered as a transition: React
// works in slices (no long task while the visitor may already type) and commits once.
// Not a top-level await: with one, the bundler moves every module a lazy chunk shares with the entry
// out of it (so that the chunk never waits on the entry), and the first screen's JS grows by ~8 KB.
// A borrower who chose Hindi gets the Hindi of the chunks loaded so far (the first screen's, once it
// is in) before the first commit: no English frame.
void beforeFirstRender(root, session.token() !== null).then(async (afterFirstCommit) => {
  await language.ready();
  const then = () => {
    afterFirstCommit();
    registerWorkerWhenIdle();
  };
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <FirstCommit then={then}>
          <App />
        </FirstCommit>
      </StrictMode>,
    ),
  );
});

import { lazy, Suspense, useEffect, useLayoutEffect, useSyncExternalStore, type ComponentType } from 'react';
import { registerScreenPreload } from '../lib/screen-preload';
import { useLocation, useSearch } from 'wouter';
import { appText } from '../../i18n/en/app';
import { paths } from '../../machines/shared/paths';
import { appName as appNameStore } from '../lib/app-name';
import { session } from '../lib/session';
import { Loading } from '../ui/Status';
import { StillTrying } from '../ui/StillTrying';
import { useText } from '../ui/text';
import { dropToastsOutside } from '../ui/toast';
import { ToastHost } from '../ui/ToastHost';
import { guard } from './guard';
import { usePageView } from './page-view';
import { preloadable, type Preloadable } from './preloadable';
import { findRoute, routes, type RouteDef, type RouteScreenProps } from './routes';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { Shell } from './Shell';
import { useSlowCalls } from '../ui/useSlowCalls';
import { useSessionNotice, useToken } from './useSession';
import { withTexts } from '../lib/language';

const NotFound = lazy(() => withTexts(import('./NotFound')));
/** Analytics and the device check draw nothing: their module loads after the first screen. */
const Telemetry = lazy(() => import('./Telemetry').then((m) => ({ default: m.Telemetry })));
/**
 * The notice of a session changed in another tab: rare, so its own chunk (with its dialog and texts),
 * loaded after the first screen; should it not load, nothing is shown (the API client sends nothing
 * meanwhile all the same).
 */
const SessionNotice = preloadable(() =>
  import('../ui/SessionNotice').then(
    (m) => ({ default: m.SessionNotice }),
    () => ({ default: () => null }),
  ),
);
/**
 * One lazy component per route, made once: every screen is its own chunk. Preloadable (./preloadable.ts):
 * once `preloadScreen` has loaded a screen, its first render is the screen itself, never the spinner.
 */
const screens = new Map<RouteDef, ComponentType<RouteScreenProps>>(
  routes.map((r) => [r, preloadable(r.screen)]),
);

/**
 * Loads the screen of the route at `pathname` before the first render (src/main.tsx; the prerender
 * in ./prerender.tsx), so React's first commit shows that screen and not the Suspense fallback: it then
 * replaces the prerendered first screen with the same markup. Never rejects (a failed load is the
 * screen's own error boundary's business when it renders).
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const match = findRoute(pathname);
  const screen = match ? screens.get(match.route) : undefined;
  if (screen && 'preload' in screen) await (screen as Preloadable<RouteScreenProps>).preload().catch(() => undefined);
}

/** Starts what the route at `pathname` reads first, beside its screen's chunk (the app's first load). */
export function startFirstReads(pathname: string): void {
  void findRoute(pathname)?.route.reads?.().catch(() => undefined);
}

// Flows load the next page's screen with the reads they start ahead (src/lib/screen-preload.ts).
registerScreenPreload(preloadScreen);

/** 'Sign in · <app name>': the name comes from About us (src/flows/shared/client-config.ts); until it is known, the page's title alone. */
function pageTitle(title: string, appName: string | null): string {
  return appName ? `${title} · ${appName}` : title;
}

/** What stays on top of every page: the toast, 'Still trying…', and the notice of a session changed in another tab. */
function Overlays() {
  const notice = useSessionNotice();
  useEffect(() => void SessionNotice.preload(), []);
  const slow = useSlowCalls();
  return (
    <>
      <ToastHost />
      <StillTrying active={slow} />
      {/* Continue: reloading binds the tab to the stored session, and every screen starts over under it. */}
      {notice && (
        <Suspense fallback={null}>
          <SessionNotice notice={notice} onContinue={() => window.location.reload()} onSignInAgain={() => session.release()} />
        </Suspense>
      )}
    </>
  );
}

export function App() {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const token = useToken();
  const decision = guard(pathname, search, token !== null);
  const match = findRoute(pathname);
  const appName = useSyncExternalStore(appNameStore.subscribe, appNameStore.get, appNameStore.get);
  // The page's title in the borrower's language (it follows a switch).
  const title = useText(appText)(match?.route.title ?? 'notFound');
  // About us (the app's name) is read once per session; its module is a lazy chunk, kept out of the entry.
  useEffect(() => {
    void import('../flows/shared/client-config').then((m) => m.aboutUs.ensure());
  }, []);

  useEffect(() => {
    if (decision.kind === 'redirect') navigate(decision.to, { replace: true });
  }, [decision.kind, decision.kind === 'redirect' ? decision.to : null, navigate]); // eslint-disable-line react-hooks/exhaustive-deps

  // Counted here, not in Telemetry: a view made before that chunk loads is not lost (./page-view.ts).
  usePageView(pathname, match?.route.path, decision.kind !== 'redirect');

  // A toast belongs to the page that raised it.
  useEffect(() => dropToastsOutside(pathname), [pathname]);

  // Each navigation sets the title and background from the route and scrolls to the top (spec §2).
  useLayoutEffect(() => {
    if (decision.kind === 'redirect') return;
    document.documentElement.style.setProperty('--page-bg', match?.route.background ?? '#ffffff');
    window.scrollTo(0, 0);
  }, [pathname, decision.kind, match]);
  // The title also follows the app's name when About us answers, and the language (without scrolling again).
  useLayoutEffect(() => {
    if (decision.kind === 'redirect') return;
    document.title = pageTitle(title, appName);
  }, [pathname, decision.kind, title, appName]);

  if (decision.kind === 'redirect') return <Overlays />;
  const Screen = match ? screens.get(match.route) ?? NotFound : NotFound;
  const page = (
    <RouteErrorBoundary key={pathname} title={title} homeLink={pathname !== paths.home.pattern}>
      <Suspense fallback={<Loading />}>
        <Screen params={match?.params ?? {}} />
      </Suspense>
    </RouteErrorBoundary>
  );
  return (
    <>
      {match?.route.shell ? <Shell pathname={pathname}>{page}</Shell> : page}
      <Overlays />
      <Suspense fallback={null}>
        <Telemetry pathname={pathname} signedIn={token !== null} />
      </Suspense>
    </>
  );
}

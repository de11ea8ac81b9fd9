import { lazy, Suspense, useEffect, useLayoutEffect, type ComponentType } from 'react';
import { useLocation, useSearch } from 'wouter';
import { paths } from '../../machines/shared/paths';
import { session } from '../lib/session';
import { SessionNotice } from '../ui/SessionNotice';
import { Loading } from '../ui/Status';
import { StillTrying } from '../ui/StillTrying';
import { dropToastsOutside } from '../ui/toast';
import { ToastHost } from '../ui/ToastHost';
import { guard } from './guard';
import { findRoute, NOT_YET, routes, type RouteDef, type RouteScreenProps } from './routes';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { Shell } from './Shell';
import { useSessionNotice, useSlowCalls, useToken } from './useSession';

const NotYet = lazy(() => import('./NotYet'));
const NotFound = lazy(() => import('./NotFound'));
/** One lazy component per route, made once: every screen is its own chunk. */
const screens = new Map<RouteDef, ComponentType<RouteScreenProps>>(
  routes.map((r) => [r, r.screen === NOT_YET ? NotYet : lazy(r.screen)]),
);

const APP_NAME = 'Borrower';

/** What stays on top of every page: the toast, 'Still trying…', and the notice of a session changed in another tab. */
function Overlays() {
  const notice = useSessionNotice();
  const slow = useSlowCalls();
  return (
    <>
      <ToastHost />
      <StillTrying active={slow} />
      {/* Continue: reloading binds the tab to the stored session, and every screen starts over under it. */}
      <SessionNotice notice={notice} onContinue={() => window.location.reload()} onSignInAgain={() => session.release()} />
    </>
  );
}

export function App() {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const token = useToken();
  const decision = guard(pathname, search, token !== null);
  const match = findRoute(pathname);

  useEffect(() => {
    if (decision.kind === 'redirect') navigate(decision.to, { replace: true });
  }, [decision.kind, decision.kind === 'redirect' ? decision.to : null, navigate]); // eslint-disable-line react-hooks/exhaustive-deps

  // A toast belongs to the page that raised it.
  useEffect(() => dropToastsOutside(pathname), [pathname]);

  // Each navigation sets the title and background from the route and scrolls to the top (spec §2).
  useLayoutEffect(() => {
    if (decision.kind === 'redirect') return;
    document.title = match ? `${match.route.title} · ${APP_NAME}` : `Page not found · ${APP_NAME}`;
    document.documentElement.style.setProperty('--page-bg', match?.route.background ?? '#ffffff');
    window.scrollTo(0, 0);
  }, [pathname, decision.kind, match]);

  if (decision.kind === 'redirect') return <Overlays />;
  const Screen = match ? screens.get(match.route) ?? NotFound : NotFound;
  const page = (
    <RouteErrorBoundary key={pathname} title={match?.route.title ?? 'Page not found'} homeLink={pathname !== paths.home.pattern}>
      <Suspense fallback={<Loading />}>
        <Screen params={match?.params ?? {}} />
      </Suspense>
    </RouteErrorBoundary>
  );
  return (
    <>
      {match?.route.shell ? <Shell pathname={pathname}>{page}</Shell> : page}
      <Overlays />
    </>
  );
}

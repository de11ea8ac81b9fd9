/** Route component for /: provides the home machine's effects and renders the view. */
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { homeMachine } from '../../../machines/home/home.machine';
import { isAndroidBrowser, type HomeLike, type OrderLike } from '../../../machines/home/home.rules';
import { getHome } from '../../api/home';
import { getOrderList } from '../../api/orders';
import { inspect } from '../../lib/inspect';
import { fromCall } from '../../lib/abortable';
import { session } from '../../lib/session';
import { showToast } from '../../ui/toast';
import { HomeView } from './HomeView';

export interface HomeDeps {
  loadHome: (signal: AbortSignal) => Promise<HomeLike>;
  loadOrders: (signal: AbortSignal) => Promise<readonly OrderLike[]>;
  navigate: (to: string) => void;
  openExternal: (url: string) => void;
  userAgent: string;
  appMode: boolean;
}

export const ANDROID_DOWNLOAD_URL = import.meta.env.VITE_ANDROID_DOWNLOAD_URL ?? 'https://play.google.com/store/apps/details?id=in.borrower.app';

export function HomeFlow({ deps }: { deps: HomeDeps }) {
  const machine = useMemo(
    () =>
      homeMachine.provide({
        actors: {
          loadHome: fromCall((_, signal) => deps.loadHome(signal)),
          loadOrders: fromCall((_, signal) => deps.loadOrders(signal)),
        },
        actions: {
          navigate: (_, { to }) => deps.navigate(to),
          openExternal: (_, { url }) => deps.openExternal(url),
          showToast: (_, { message }) => showToast(message),
        },
      }),
    [deps],
  );
  const actor = useActorRef(machine, {
    input: { androidBrowser: isAndroidBrowser(deps.userAgent, deps.appMode), androidDownloadUrl: ANDROID_DOWNLOAD_URL },
    inspect,
  });
  return <HomeView actor={actor} />;
}

export default function HomeRoute() {
  const [, navigate] = useLocation();
  const deps = useMemo<HomeDeps>(
    () => ({
      loadHome: (signal) => getHome({ signal }),
      loadOrders: (signal) => getOrderList({ signal }),
      navigate: (to) => navigate(to),
      openExternal: (url) => window.location.assign(url),
      userAgent: navigator.userAgent,
      appMode: session.appMode(),
    }),
    [navigate],
  );
  return <HomeFlow deps={deps} />;
}

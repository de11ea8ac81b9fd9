/**
 * Route component for /: the home machine with its effects (home.effects.ts), and the view.
 * `HomeFlow` takes the provided machine, so tests provide fakes the same way.
 * Coming back to the page (visible again, restored from the bfcache, focused) reads home again, so
 * an order's new state shows without a manual reload (page-lifecycle.ts useReturnRefresh): the
 * home machine starts over, as when the page opens.
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { homeMachine } from '../../../machines/home/home.machine';
import { isAndroidBrowser } from '../../../machines/home/home.rules';
import { inspect } from '../../lib/inspect';
import { session } from '../../lib/session';
import { useReturnRefresh } from '../shared/page-lifecycle';
import { homeEffects } from './home.effects';
import { HomeView } from './HomeView';

/** Where Android browsers get the app (multi layout). */
const ANDROID_DOWNLOAD_URL = import.meta.env.VITE_ANDROID_DOWNLOAD_URL ?? 'https://play.google.com/store/apps/details?id=in.borrower.app';

/** `androidBrowser`: an Android browser outside the native shell (isAndroidBrowser). */
export function HomeFlow({ machine, androidBrowser }: { machine: typeof homeMachine; androidBrowser: boolean }) {
  const actor = useActorRef(machine, { input: { androidBrowser, androidDownloadUrl: ANDROID_DOWNLOAD_URL }, inspect });
  return <HomeView actor={actor} />;
}

export default function HomeRoute() {
  const [, navigate] = useLocation();
  const [visit, setVisit] = useState(0);
  useReturnRefresh(() => setVisit((n) => n + 1));
  return <HomeFlow key={visit} machine={homeMachine.provide(homeEffects(navigate))} androidBrowser={isAndroidBrowser(navigator.userAgent, session.appMode())} />;
}

/**
 * Route component for /: the home machine with its effects (home.effects.ts), and the view.
 * `HomeFlow` takes the provided machine, so tests provide fakes the same way.
 * Coming back to the page (visible again, restored from the bfcache, focused) reads home again, so
 * an order's new state shows without a manual reload (page-lifecycle.ts useReturnRefresh): the
 * home machine starts over, as when the page opens.
 *
 * The borrower's scheduled applications are read here, beside the home machine (the generic
 * resource machine, src/flows/shared/useResource.tsx): when there is one, home links to the
 * Schedule List. Until the answer, or when it fails, home shows nothing of it (it never blocks or
 * breaks home).
 */
import { useActorRef } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import type { ScheduledOrder } from '../../../contract/schedule';
import { homeMachine } from '../../../machines/home/home.machine';
import { isAndroidBrowser, showsSchedules } from '../../../machines/home/home.rules';
import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { inspect } from '../../lib/inspect';
import { session } from '../../lib/session';
import { useReturnRefresh } from '../shared/page-lifecycle';
import { useResource, type ResourceLoad } from '../shared/useResource';
import { homeEffects } from './home.effects';
import { HomeView } from './HomeView';
import { useProvided } from '../shared/effects';
import { withTexts } from '../../lib/language';

/** Add to home screen: its own chunk, loaded after home (never in the first screen's JS). */
const InstallSlot = lazy(() => withTexts(import('../install/InstallSlot')));

/** Where Android browsers get the app (multi layout). */
const ANDROID_DOWNLOAD_URL = import.meta.env.VITE_ANDROID_DOWNLOAD_URL ?? 'https://play.google.com/store/apps/details?id=in.borrower.app';

/** The borrower's scheduled applications (GET /order/v1/get-auto-apply-list). */
export const schedulesMachine = resourceMachineFor<ScheduledOrder[]>();
// The call and its schema come in a small chunk of their own, asked for as home opens: a link below
// the offers is not worth a place in home's first-screen JavaScript.
const loadSchedules: ResourceLoad<typeof schedulesMachine> = (signal) => import('../../api/schedule').then((api) => api.scheduleList({ signal }));

/** `androidBrowser`: an Android browser outside the native shell (isAndroidBrowser). `hasSchedules`: link to the Schedule List. */
export function HomeFlow({ machine, androidBrowser, hasSchedules = false }: { machine: typeof homeMachine; androidBrowser: boolean; hasSchedules?: boolean }) {
  const actor = useActorRef(machine, { input: { androidBrowser, androidDownloadUrl: ANDROID_DOWNLOAD_URL }, inspect });
  return <HomeView actor={actor} hasSchedules={hasSchedules} />;
}

/** Home with the scheduled applications read beside it; `load` is the list call (tests give a fake). */
export function HomeWithSchedules({ machine, androidBrowser, load = loadSchedules }: { machine: typeof homeMachine; androidBrowser: boolean; load?: ResourceLoad<typeof schedulesMachine> }) {
  const schedules = useResource(schedulesMachine, load);
  return <HomeFlow machine={machine} androidBrowser={androidBrowser} hasSchedules={showsSchedules(schedules.data)} />;
}

export default function HomeRoute() {
  const [, navigate] = useLocation();
  const [visit, setVisit] = useState(0);
  useReturnRefresh(() => setVisit((n) => n + 1));
  const machine = useProvided(homeMachine, () => homeEffects(navigate));
  return (
    <>
      <HomeWithSchedules key={visit} machine={machine} androidBrowser={isAndroidBrowser(navigator.userAgent, session.appMode())} />
      {/* Add to home screen: the browser's prompt or the iOS guide, when there is one. */}
      <Suspense fallback={null}>
        <InstallSlot />
      </Suspense>
    </>
  );
}

/**
 * Add to home screen, on home. src/flows/home/HomeRoute.tsx loads this lazily (its own
 * chunk, after home: nothing of it is in the first screen's JavaScript); it decides with
 * machines/shared/install.ts whether anything is offered, and InstallOffer shows it.
 *
 * - Where the browser fired `beforeinstallprompt` (caught early by src/lib/install-prompt.ts): a
 *   button that shows the browser's prompt;
 * - on iOS Safari: the three-step guide (Share, Add to Home Screen, Add);
 * - never in the native shell (app mode; InstallOffer also asks the bridge), never when launched from
 *   the home screen already, and not for DISMISS_DAYS after 'Not now' (or the browser prompt's Cancel),
 *   remembered with its date as a preference of the device (src/lib/preferences.ts), which no sign-out removes.
 */
import { useState, useSyncExternalStore } from 'react';
import { installOffer, parseDismissal, type InstallEnv } from '../../../machines/shared/install';
import { installPrompt } from '../../lib/install-prompt';
import { preferences } from '../../lib/preferences';
import { session } from '../../lib/session';
import InstallOffer from './InstallOffer';

/** What the rules need of the browser, read now (the prompt's availability comes from the store). */
export type InstallEnvReader = () => Omit<InstallEnv, 'promptAvailable'>;

export const browserInstallEnv: InstallEnvReader = () => ({
  userAgent: navigator.userAgent,
  maxTouchPoints: navigator.maxTouchPoints ?? 0,
  inShell: session.appMode(),
  standalone:
    (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches) ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true,
  dismissedAt: parseDismissal(preferences.get('installDismissed')),
  now: Date.now(),
});

/** Remembers 'Not now' with its date, a preference of the device (full or disabled storage: for this visit only). */
function rememberDismissal(now: number): void {
  preferences.set('installDismissed', new Date(now).toISOString());
}

export interface InstallSlotProps {
  /** The browser's state (tests give a fake). */
  readEnv?: InstallEnvReader;
  /** The native shell answers (tests give a fake; InstallOffer asks the bridge by default). */
  bridgeAvailable?: () => boolean;
}

export function InstallSlot({ readEnv = browserInstallEnv, bridgeAvailable }: InstallSlotProps) {
  const promptAvailable = useSyncExternalStore(installPrompt.subscribe, installPrompt.available, () => false);
  const installed = useSyncExternalStore(installPrompt.subscribe, installPrompt.installed, () => false);
  const [hidden, setHidden] = useState(false);
  if (installed || hidden) return null;
  const env = readEnv();
  const offer = installOffer({ ...env, promptAvailable });
  if (offer === 'none') return null;

  const dismiss = () => {
    rememberDismissal(Date.now());
    setHidden(true);
  };
  const install = async () => {
    const outcome = await installPrompt.prompt();
    if (outcome === 'dismissed') dismiss();
    else setHidden(true);
  };
  return <InstallOffer offer={offer} onInstall={install} onDismiss={dismiss} {...(bridgeAvailable ? { bridgeAvailable } : {})} />;
}

export default InstallSlot;

/**
 * What every screen may show and no screen owns, read once per app session and kept in memory: the
 * client config (who lends, the grievance officer, customer care) and About us (the app's name). The
 * first screen that asks starts the call, later ones read its answer, and a failed call is forgotten
 * so the next screen tries again. About us is read again when the language changes.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { AboutUs, ClientConfig } from '../../../contract/content';
import { getAboutUs, getClientConfig } from '../../api/content';
import { appName } from '../../lib/app-name';
import { language } from '../../lib/language';
import { listeners } from '../../lib/store';

export interface SessionResource<T> {
  /** The answer, or null until it came (or when it failed). */
  get(): T | null;
  /** Starts the call unless it answered or is under way. */
  ensure(): void;
  /** The answer: the kept one, the call under way, or a new call (a failure rejects and is forgotten). */
  fetch(): Promise<T>;
  subscribe(listener: () => void): () => void;
  /**
   * Reads it again (the language changed): the kept answer stays until the new one replaces it, and
   * stays when the new call fails; a call under way is superseded. Nothing is read when nothing was asked.
   */
  refresh(): void;
  /** Tests: forget the answer and read with `load` from now on (the real call when omitted). */
  reset(load?: () => Promise<T>): void;
}

/** `kept`: told the answer when it comes (and null on reset). */
export function sessionResource<T>(call: () => Promise<T>, kept: (value: T | null) => void = () => {}): SessionResource<T> {
  let load = call;
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  let generation = 0;
  const changes = listeners();

  /** A new call; its answer is kept unless a later call or a reset came meanwhile. `former`: answered instead of a failure. */
  const start = (former: T | null): Promise<T> => {
    const mine = ++generation;
    const call = load().then(
      (answer) => {
        if (mine === generation) {
          value = answer;
          pending = null;
          kept(answer);
          changes.emit();
        }
        return answer;
      },
      (error: unknown) => {
        if (mine === generation) pending = null;
        if (former !== null) return former;
        throw error;
      },
    );
    pending = call;
    return call;
  };

  const fetch = (): Promise<T> => pending ?? (value !== null ? Promise.resolve(value) : start(null));

  return {
    get: () => value,
    fetch,
    ensure: () => void fetch().catch(() => undefined),
    refresh() {
      if (value === null && pending === null) return;
      void start(value).catch(() => undefined);
    },
    subscribe: changes.subscribe,
    reset(next = call) {
      generation++;
      load = next;
      value = null;
      pending = null;
      kept(null);
      changes.emit();
    },
  };
}

/** GET /client/v1/config, once per session. */
export const clientConfig = sessionResource<ClientConfig>(() => getClientConfig());
/**
 * GET /client/v1/about-us, once per session and again when the language changes (About us reads it
 * too); its name goes to the page title (src/lib/app-name.ts).
 */
export const aboutUs = sessionResource<AboutUs>(
  () => getAboutUs(),
  (about) => (about ? appName.set(about.appName.trim() || null) : appName.forget()),
);

let aboutLanguage = language.current();
language.subscribe(() => {
  // Also told when the Hindi catalogue arrives: only a change of language reads again.
  if (language.current() === aboutLanguage) return;
  aboutLanguage = language.current();
  aboutUs.refresh();
});

function useSessionResource<T>(resource: SessionResource<T>): T | null {
  useEffect(() => resource.ensure(), [resource]);
  return useSyncExternalStore(resource.subscribe, resource.get, resource.get);
}

/** The client config, or null until it came (or when the backend could not give it). */
export function useClientConfig(): ClientConfig | null {
  return useSessionResource(clientConfig);
}

/** About us, or null until it came (or when it could not be read); follows a change of language. */
export function useAboutUs(): AboutUs | null {
  return useSessionResource(aboutUs);
}

/**
 * The app's name from About us; until About us answers (or when it cannot), the name it gave last on
 * this device (src/lib/app-name.ts); null when it never gave one.
 */
export function useAppName(): string | null {
  useEffect(() => aboutUs.ensure(), []);
  return useSyncExternalStore(appName.subscribe, appName.get, appName.get);
}

/**
 * App updates: a new service worker waits until the borrower agrees.
 *
 * - workbox-window says 'waiting' when a new version is installed and waiting (also on a later load,
 *   while it still waits): the state becomes 'waiting' and the prompt shows.
 * - 'Update' (the borrower's consent, and only then): the app is asked to save what it holds
 *   (`beforeUpdate`: the 'bw:before-update' event; drafts are already written on every change), the
 *   waiting worker is told to take over (messageSkipWaiting), and the page reloads once, when the new
 *   worker controls it ('controlling'). Nothing reloads by itself: without the tap, the old version
 *   keeps running and the prompt stays.
 * - Another tab's consent makes the new worker control this tab too: this tab does not reload; its
 *   prompt stays, and its Update just reloads.
 * - 'Later' hides the prompt for this page's life.
 */
import { listeners } from '../../lib/store';

/** The part of workbox-window's Workbox used here (a fake in tests). */
export interface WorkboxLike {
  addEventListener(type: 'waiting' | 'controlling', listener: (event: unknown) => void): void;
  messageSkipWaiting(): void;
  register(): Promise<unknown>;
}

export type UpdateState = 'idle' | 'waiting' | 'updating' | 'later';

export interface Updater {
  state(): UpdateState;
  subscribe(listener: () => void): () => void;
  /** The borrower tapped Update. */
  update(): void;
  /** The borrower tapped Later. */
  later(): void;
}

/** The event the app hears before an update reloads the page: anything not yet saved is saved now. */
export const BEFORE_UPDATE_EVENT = 'bw:before-update';

export interface UpdaterDeps {
  reload: () => void;
  beforeUpdate: () => void;
}

export const browserUpdaterDeps: UpdaterDeps = {
  reload: () => window.location.reload(),
  beforeUpdate: () => window.dispatchEvent(new Event(BEFORE_UPDATE_EVENT)),
};

export function createUpdater(wb: WorkboxLike, { reload, beforeUpdate }: UpdaterDeps = browserUpdaterDeps): Updater {
  let state: UpdateState = 'idle';
  /** The borrower agreed in this tab: the next 'controlling' reloads it (once). */
  let consented = false;
  /** The new version already controls this tab (another tab's consent). */
  let controlled = false;
  let reloaded = false;
  const changes = listeners();
  const set = (next: UpdateState) => {
    state = next;
    changes.emit();
  };
  const reloadOnce = () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  };

  wb.addEventListener('waiting', () => {
    if (state === 'idle') set('waiting');
  });
  wb.addEventListener('controlling', () => {
    if (consented) reloadOnce();
    else if (state === 'waiting' || state === 'later') controlled = true;
  });

  return {
    state: () => state,
    subscribe: changes.subscribe,
    update() {
      if (state !== 'waiting') return;
      set('updating');
      beforeUpdate();
      if (controlled) {
        reloadOnce();
        return;
      }
      consented = true;
      wb.messageSkipWaiting();
    },
    later() {
      if (state === 'waiting') set('later');
    },
  };
}

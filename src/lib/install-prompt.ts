/**
 * The browser's install prompt, caught as early as possible. Chrome and other Chromium
 * browsers fire `beforeinstallprompt` once the page qualifies, which can be before home has loaded:
 * src/main.tsx imports this module first thing, so the event is never missed. Its default (Chrome's
 * own mini-infobar) is prevented: home offers the prompt calmly instead (src/flows/install/).
 *
 * Tiny on purpose (it is in the entry chunk): a holder for the event and a subscription, nothing else.
 */
import { listeners } from './store';

/** The `beforeinstallprompt` event (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

const changes = listeners();
let held: InstallPromptEvent | null = null;
let installed = false;

export const installPrompt = {
  /** A prompt can be shown now (the event came and its prompt() has not been used). */
  available: (): boolean => held !== null,
  /** The app was installed in this page's life (`appinstalled`). */
  installed: (): boolean => installed,
  /**
   * Shows the browser's prompt (a prompt can be used once) and answers the borrower's choice;
   * 'unavailable' when there is no prompt to show.
   */
  async prompt(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
    const event = held;
    if (!event) return 'unavailable';
    held = null;
    changes.emit();
    try {
      await event.prompt();
      return (await event.userChoice).outcome;
    } catch {
      return 'unavailable';
    }
  },
  subscribe: changes.subscribe,
};

/** Listens on `target` (window); main.tsx calls it once, first. Returns the unsubscribe (tests). */
export function captureInstallPrompt(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const onPrompt = (event: Event) => {
    event.preventDefault();
    held = event as InstallPromptEvent;
    changes.emit();
  };
  const onInstalled = () => {
    held = null;
    installed = true;
    changes.emit();
  };
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

/** Tests: forget the held event and the installed flag. */
export function resetInstallPrompt(): void {
  held = null;
  installed = false;
  changes.emit();
}

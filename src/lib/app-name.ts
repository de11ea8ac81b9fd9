/**
 * The app's name, as About us gives it (src/flows/shared/client-config.ts writes it when the answer
 * comes). Until About us answers (offline, a failure, a -4 on an open page), the name it gave last on
 * this device: a preference, never a made-up name, so a device that never had an answer shows none.
 * Here, not in the flows, so the entry (src/app) reads it without loading the API's content calls.
 */
import { preferences } from './preferences';
import { listeners } from './store';

/** What About us said in this app session (null: no name); undefined until it answers. */
let answered: string | null | undefined;
const changes = listeners();

export const appName = {
  get: (): string | null => (answered !== undefined ? answered : preferences.get('appName')),
  /** About us answered: its name (null when it gives none) is shown and remembered on the device. */
  set(next: string | null): void {
    preferences.set('appName', next);
    answered = next;
    changes.emit();
  },
  /** This session's answer is forgotten (tests start a new session); the device still remembers. */
  forget(): void {
    answered = undefined;
    changes.emit();
  },
  subscribe: changes.subscribe,
};

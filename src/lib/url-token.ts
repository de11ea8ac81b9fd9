/**
 * A sign-in token carried in a page's address (spec §6: the rating and audit pages accept a token in
 * the query). `takeUrlToken` runs first when the app starts and takes the token out of the address
 * (history.replaceState), so neither Back nor a Referer carries it; UrlTokenOutcome says what it does
 * with it. Accounts are never switched silently: another signed-in borrower's tab holds the link's
 * token in memory until the borrower chooses (`linkToken`).
 */
import { session } from './session';
import { listeners } from './store';

export type UrlTokenOutcome =
  /** Not a token page, or no token in its address. */
  | { kind: 'none' }
  /** A token that cannot be one: removed, not used. */
  | { kind: 'invalid' }
  /** Nobody was signed in: the link's token is the session now (app mode). */
  | { kind: 'adopted' }
  /** The link carried the session already signed in. */
  | { kind: 'same' }
  /** Another session is signed in: it stays; the link's token waits for the borrower's choice. */
  | { kind: 'held' };

/** Printable ASCII without spaces, as a `token` header needs; the sandbox's are 64 hex characters. */
const TOKEN_SHAPE = /^[\x21-\x7e]{1,512}$/;

export interface UrlTokenEnv {
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  history: Pick<History, 'replaceState' | 'state'>;
  session: Pick<typeof session, 'stored' | 'adoptToken'>;
}

const browserEnv = (): UrlTokenEnv => ({ location: window.location, history: window.history, session });

const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** Takes the token out of the address of `pages` (exact paths such as '/rate') and hands it to the session. */
export function takeUrlToken(pages: readonly string[], env: UrlTokenEnv = browserEnv()): UrlTokenOutcome {
  const { location, history } = env;
  if (!pages.map(trimSlash).includes(trimSlash(location.pathname))) return { kind: 'none' };
  const query = new URLSearchParams(location.search);
  if (!query.has('token')) return { kind: 'none' };
  const token = query.get('token') ?? '';
  query.delete('token'); // every `token` parameter
  const rest = query.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);

  if (!TOKEN_SHAPE.test(token)) return { kind: 'invalid' };
  const stored = env.session.stored();
  if (stored === null) {
    env.session.adoptToken(token, { appMode: true });
    return { kind: 'adopted' };
  }
  if (stored.token === token) return { kind: 'same' };
  setHeld(token);
  return { kind: 'held' };
}

const changes = listeners();
/** The link's token while the borrower has not chosen (this tab's memory only). */
let held: string | null = null;
function setHeld(token: string | null): void {
  held = token;
  changes.emit();
}

/** The choice a page offers when its link carried another sign-in than the one on this device. */
export const linkToken = {
  /** True while a link's token waits for the borrower's choice. */
  waiting: (): boolean => held !== null,
  /** Switch to the link's sign-in (app mode, as the shell's pages are); other tabs hear it and say so. */
  accept(target: Pick<typeof session, 'adoptToken'> = session): void {
    if (held === null) return;
    const token = held;
    setHeld(null);
    target.adoptToken(token, { appMode: true });
  },
  /** Stay signed in as before; the link's token is forgotten. */
  decline(): void {
    setHeld(null);
  },
  subscribe: changes.subscribe,
};

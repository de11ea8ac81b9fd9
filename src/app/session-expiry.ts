/**
 * What the app does when the server answers -4 to a call sent with a token (spec §6, §8; the API
 * client ends nothing for a call sent without one): the session's stored data is cleared and the app
 * goes to /login?redirect=<current path>, except on the exempt pages.
 * Drafts the borrower typed are kept, so they are there again after signing back in.
 */
import { navigate } from 'wouter/use-browser-location';
import { appText } from '../../i18n/en/app';
import { session } from '../lib/session';
import { textFor } from '../ui/text';
import { showToast } from '../ui/toast';
import { paths } from '../../machines/shared/paths';
import { SESSION_EXEMPT_PATHS } from './routes';

export function handleSessionExpired(loc: Pick<Location, 'pathname' | 'search'> = window.location): void {
  if (SESSION_EXEMPT_PATHS.includes(loc.pathname)) return;
  const wasSignedIn = session.token() !== null;
  session.clear({ keepDrafts: true });
  if (loc.pathname === paths.login.pattern) return;
  navigate(paths.login.href(loc.pathname + loc.search), { replace: true });
  if (wasSignedIn) showToast(textFor(appText)('expired'));
}

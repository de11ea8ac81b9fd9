/**
 * The sign-in flow's effects: the two calls, the toast, the draft, the session and navigation
 * (after sign-in the machine replaces /login with the checked redirect target).
 */
import type { loginMachine } from '../../../machines/login/login.machine';
import type { LoginDraft } from '../../../machines/login/login.rules';
import { phoneText } from '../../../machines/shared/phone';
import { fromCall } from '../../lib/abortable';
import { once } from '../../lib/once';
import { preloadScreenOf } from '../../lib/screen-preload';
import { draftStore, type DraftStorage, type DraftStore } from '../../lib/draft';
import { session } from '../../lib/session';
import { loginText } from '../../../i18n/en/login';
import { textFor } from '../../ui/text';
import { showToast } from '../../ui/toast';
import { paths } from '../../../machines/shared/paths';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';

/** A stored sign-in draft read back; anything else counts as none (never trust storage). */
export function parseLoginDraft(raw: unknown): LoginDraft | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const d = raw as Record<string, unknown>;
  return {
    // As typed (a '+91…' on its way included), through the same rule as the field.
    phone: typeof d.phone === 'string' ? phoneText(d.phone) : '',
    agreed: d.agreed === true,
    resendDeadline: typeof d.resendDeadline === 'number' && Number.isFinite(d.resendDeadline) ? d.resendDeadline : null,
  };
}

/**
 * The sign-in draft, 'bw.draft.login'. Written before anyone is signed in, so it belongs to the
 * device, not to a phone; kept when a session expires, removed on Quit.
 */
export const loginDraft = (storage?: () => DraftStorage | null): DraftStore<LoginDraft> =>
  draftStore('login', parseLoginDraft, { perBorrower: false, ...(storage ? { storage } : {}) });

/**
 * The sign-in calls and the API client: the screen draws without them, and they load once it is
 * drawn (LoginRoute), well before a borrower can tap Send code (docs/performance.md 'Performance budget').
 */
export const loadAuthCalls = once(() => import('../../api/auth'));

export function loginEffects(nav: Navigate, draft: DraftStore<LoginDraft> = loginDraft()): Effects<typeof loginMachine> {
  return {
    actors: {
      sendCode: fromCall((input, signal) => loadAuthCalls().then(({ sendCode }) => sendCode(input.phone10, { signal }))),
      login: fromCall((input, signal) => {
        // Home's screen loads while Log in is answered, so it renders at once after (src/lib/screen-preload.ts).
        preloadScreenOf(paths.home.pattern);
        return loadAuthCalls().then(({ login }) => login(input, { signal }));
      }),
    },
    actions: {
      navigate: (args, params) => {
        // Signed in and going home: home's data is read while its screen loads (src/api/home.ts).
        if (params.to === paths.home.href()) void import('../../api/home').then((home) => home.readHomeAhead());
        navigateWith(nav)(args, params);
      },
      showToast: (_, { message }) => showToast(textFor(loginText).said(message)),
      persistDraft: (_, d) => draft.write(d),
      startSession: (_, signedIn) => session.signIn(signedIn),
    },
  };
}

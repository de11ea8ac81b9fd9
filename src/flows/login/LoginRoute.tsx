/**
 * Route component for /login: restores the draft, provides the sign-in machine's effects (the two
 * calls, the toast, the draft, the session and the way out) and renders the view.
 *
 * `LoginFlow` takes its dependencies, so tests render it with fakes and no HTTP; the default
 * export wires the real ones. After sign-in the borrower goes (replacing /login in history) to
 * `?redirect=` when it is a path of this app, else to / (safeRedirect).
 */
import { useActorRef } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { loginMachine, type LoginRequest, type LoginResult } from '../../../machines/login/login.machine';
import { login, sendCode } from '../../api/auth';
import { safeRedirect } from '../../../machines/shared/paths';
import { inspect } from '../../lib/inspect';
import type { RouteScreenProps } from '../../app/routes';
import { appStorage, session } from '../../lib/session';
import { fromCall } from '../../lib/abortable';
import { showToast } from '../../ui/toast';
import { readLoginDraft, writeLoginDraft, type DraftStorage } from './draft';
import { LoginView } from './LoginView';
import './login.css';

/** xstate's clock (setTimeout/clearTimeout); tests pass a SimulatedClock. */
export type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

export interface LoginDeps {
  /** GET /sms/v1/sendCode (src/api/auth.ts adds the 91). */
  sendCode: (phone10: string, options: { signal: AbortSignal }) => Promise<void>;
  /** POST /user/v1/login. */
  login: (request: LoginRequest, options: { signal: AbortSignal }) => Promise<LoginResult>;
  /** Store the session and leave /login. */
  onSignedIn: (signedIn: { token: string; phone: string }) => void;
  /** Defaults to the app's toast. */
  toast?: (message: string) => void;
  /** Epoch ms; defaults to Date.now. */
  now?: () => number;
  /** Timers of the machine (the resend cooldown); defaults to the real ones. */
  clock?: Clock;
  /** Where the draft lives; defaults to localStorage, null for none. */
  storage?: DraftStorage | null;
}

export function LoginFlow({ deps }: { deps: LoginDeps }) {
  const now = deps.now ?? Date.now;
  const storage = deps.storage === undefined ? appStorage() : deps.storage;
  // The draft is read once, when the screen opens (a reload reads it again).
  const [draft] = useState(() => readLoginDraft(storage));
  const machine = useMemo(
    () =>
      loginMachine.provide({
        actors: {
          sendCode: fromCall((input, signal) => deps.sendCode(input.phone10, { signal })),
          login: fromCall((input, signal) => deps.login(input, { signal })),
        },
        actions: {
          showToast: (_, { message }) => (deps.toast ?? showToast)(message),
          persistDraft: (_, d) => writeLoginDraft(storage, d),
          signedIn: (_, signedIn) => deps.onSignedIn(signedIn),
        },
      }),
    [deps, storage],
  );
  const actor = useActorRef(machine, {
    input: { ...draft, now },
    inspect,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  return <LoginView actor={actor} now={now} />;
}

export interface LoginRouteProps extends Partial<RouteScreenProps> {
  /** Replace some dependencies (tests: fake calls; the rest stays real). */
  deps?: Partial<LoginDeps>;
}

export default function LoginRoute({ deps: overrides }: LoginRouteProps) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const redirect = new URLSearchParams(search).get('redirect');
  const deps = useMemo<LoginDeps>(
    () => ({
      sendCode: (phone10, { signal }) => sendCode(phone10, { signal }),
      login: (request, { signal }) => login(request, { signal }),
      onSignedIn: ({ token, phone }) => {
        session.signIn({ token, phone });
        navigate(safeRedirect(redirect), { replace: true });
      },
      ...overrides,
    }),
    [navigate, redirect, overrides],
  );
  return <LoginFlow deps={deps} />;
}

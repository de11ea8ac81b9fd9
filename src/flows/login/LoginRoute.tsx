/**
 * Route component for /login: the sign-in machine with its effects (login.effects.ts), the draft
 * restored, and the view. `LoginFlow` takes the provided machine, so tests provide fakes the same
 * way. After sign-in the borrower goes (replacing /login) to `?redirect=` when it is a page of this
 * app, else to / (the machine checks it with safeRedirect).
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { loginMachine } from '../../../machines/login/login.machine';
import type { LoginDraft } from '../../../machines/login/login.rules';
import { inspect } from '../../lib/inspect';
import { loadAuthCalls, loginDraft, loginEffects } from './login.effects';
import { LoginView } from './LoginView';
import './login.css';
import { useProvided } from '../shared/effects';

/** xstate's clock (setTimeout/clearTimeout); tests pass a SimulatedClock. */
export type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

export interface LoginFlowProps {
  machine: typeof loginMachine;
  /** The stored draft (read once, when the screen opens), or null. */
  draft: LoginDraft | null;
  /** `?redirect=` as given. */
  redirect: string | null;
  /** Epoch ms; defaults to Date.now. */
  now?: () => number;
  /** Timers of the machine (the resend cooldown); defaults to the real ones. */
  clock?: Clock;
}

export function LoginFlow({ machine, draft, redirect, now = Date.now, clock }: LoginFlowProps) {
  const actor = useActorRef(machine, { input: { draft, redirect, now }, inspect, ...(clock ? { clock } : {}) });
  return <LoginView actor={actor} now={now} />;
}

export default function LoginRoute() {
  const redirect = new URLSearchParams(useSearch()).get('redirect');
  const [, navigate] = useLocation();
  // Read once, when the screen opens (a reload reads it again).
  const [draft] = useState(() => loginDraft().read());
  const machine = useProvided(loginMachine, () => loginEffects(navigate));
  // The calls load once the screen is drawn: long before a borrower can type a number and tap.
  useEffect(() => void loadAuthCalls().catch(() => undefined), []);
  return <LoginFlow machine={machine} draft={draft} redirect={redirect} />;
}

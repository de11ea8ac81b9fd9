/**
 * One way to provide a machine's effects. Each flow has one function, `<flow>Effects(...)`, that
 * returns the argument of `machine.provide(...)`: the machine's `setup` is the only place an
 * effect's type is written, and the function is checked against it. Tests provide fakes through
 * `machine.provide(...)` the same way.
 *
 *     export function verificationEffects(nav: Navigate): Effects<typeof verificationMachine> { … }
 *     const machine = useProvided(verificationMachine, () => verificationEffects(nav));
 */
import { useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import type { NavigateParams } from '../../../machines/shared/navigation';

/** The argument of `machine.provide` for machine type M. */
export type Effects<M extends AnyStateMachine> = Parameters<M['provide']>[0];

/** wouter's navigate (useLocation()[1]). */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/** The machines' `navigate` action, done with the router's navigate. */
export const navigateWith =
  (nav: Navigate) =>
  (_: unknown, { to, replace }: NavigateParams): void =>
    nav(to, { replace: replace ?? false });

/**
 * The machine with its effects, made once per mount. StrictMode's second render and every later render
 * reuse it, so the effects function runs once, and closures that hold a running actor live as long as
 * it does (a machine provided on every render swaps the actor's implementations on every render).
 */
export function useProvided<M extends AnyStateMachine>(machine: M, effects: () => Effects<M>): M {
  const [provided] = useState(() => machine.provide(effects()) as M);
  return provided;
}

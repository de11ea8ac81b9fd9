/**
 * One way to provide a machine's effects. Each flow has one function, `<flow>Effects(...)`, that
 * returns the argument of `machine.provide(...)`: the machine's `setup` is the only place an
 * effect's type is written, and the function is checked against it. Tests provide fakes through
 * `machine.provide(...)` the same way.
 *
 *     export function verificationEffects(nav: Navigate): Effects<typeof verificationMachine> { … }
 *     <VerificationFlow machine={verificationMachine.provide(verificationEffects(nav))} … />
 */
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

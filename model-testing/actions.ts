/**
 * The actions each step of a generated path executes (navigate, toasts, drafts…), with their params
 * resolved, read with xstate's pure `initialTransition` / `transition`: nothing is started or run.
 * Machine tests use it to check where a path sends the borrower without rendering a screen.
 */
import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import type { ModelPath } from './edges';

/** An executed action: its type and resolved params. */
export interface StepAction {
  type: string;
  params: unknown;
}

/** For each step of `path`, the actions it executed (steps[0]: the start with the path's input). */
export function stepActions<M extends AnyStateMachine>(machine: M, path: ModelPath<M>): StepAction[][] {
  const logic: AnyStateMachine = machine;
  const out: StepAction[][] = [];
  let [snapshot, actions]: [AnyMachineSnapshot, readonly StepAction[]] = initialTransition(logic, path.input);
  out.push([...actions]);
  for (const step of path.steps.slice(1)) {
    [snapshot, actions] = transition(logic, snapshot, step.event as EventObject);
    out.push([...actions]);
  }
  return out;
}

/** The `navigate` params (`{ to, replace }`) each step of `path` executed, step by step. */
export function stepNavigations<M extends AnyStateMachine>(machine: M, path: ModelPath<M>): { to: string; replace?: boolean }[][] {
  return stepActions(machine, path).map((actions) => actions.filter((a) => a.type === 'navigate').map((a) => a.params as { to: string; replace?: boolean }));
}

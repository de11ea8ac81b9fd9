/** Replays a generated path against a system under test (a rendered view, the browser): act, then assert, step by step. */
import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, EventObject, SnapshotFrom } from 'xstate';
import type { ActorDoneCase, ActorErrorCase, DelayCase, InitEvent, StepEvent } from '../machines/shared/cases';
import type { ModelPath, ModelStep } from './edges';
import { eventLabel, stateLabel } from './labels';

/** Makes `event` happen in the system under test (a tap, typing, resolving a fake actor, moving a clock). */
export type ActHandler<M extends AnyStateMachine, E> = (event: E, step: ModelStep<M>, index: number) => void | Promise<void>;

export interface ReplayHandlers<M extends AnyStateMachine> {
  /**
   * One handler per event type of the machine (required), and per system case type used by the
   * paths ('xstate.done.actor.sendCode', 'xstate.after.resendCooldown.login…'; a missing one fails
   * the replay). 'xstate.init' (optional) runs before the first assertion, e.g. to render.
   */
  act: { [K in EventFromLogic<M>['type']]: ActHandler<M, Extract<EventFromLogic<M>, { type: K }>> } & {
    'xstate.init'?: ActHandler<M, InitEvent>;
    [type: `xstate.done.actor.${string}`]: ActHandler<M, ActorDoneCase> | undefined;
    [type: `xstate.error.actor.${string}`]: ActHandler<M, ActorErrorCase> | undefined;
    [type: `xstate.after.${string}`]: ActHandler<M, DelayCase> | undefined;
  };
  /** What the borrower must see in the state reached; called after the init step and after every event. */
  assert: (snapshot: SnapshotFrom<M>, step: ModelStep<M>, index: number) => void | Promise<void>;
}

/** Replays a generated path: for each step, act, then assert. Failures name the path and the step. */
export async function replayPath<M extends AnyStateMachine>(path: ModelPath<M>, handlers: ReplayHandlers<M>): Promise<void> {
  const act = handlers.act as Record<string, ActHandler<M, StepEvent<M>> | undefined>;
  for (const [index, step] of path.steps.entries()) {
    const where = `step ${index} (${eventLabel(step.event)} → ${stateLabel(step.state as AnyMachineSnapshot)}) of path ${path.title}`;
    try {
      const type = (step.event as EventObject).type;
      const handler = act[type];
      if (handler) await handler(step.event, step, index);
      else if (index > 0) throw new Error(`no act handler for '${type}'`);
      await handlers.assert(step.state, step, index);
    } catch (error) {
      if (error instanceof Error) {
        error.message = `${error.message}\n  at ${where}`;
        throw error;
      }
      throw new Error(`${String(error)}\n  at ${where}`);
    }
  }
}

/**
 * How many times the path starts the invoked actor `actorId` (a new child under that id), e.g. the
 * number of requests the system under test must have made by the end of `steps`.
 */
export function invocations<M extends AnyStateMachine>(steps: readonly ModelStep<M>[], actorId: string): number {
  let count = 0;
  let previous: unknown = undefined;
  for (const step of steps) {
    const child: unknown = (step.state as AnyMachineSnapshot).children[actorId];
    if (child && child !== previous) count++;
    previous = child;
  }
  return count;
}

/**
 * The shape of a machine's cases module, `<flow>.cases.ts` (CONVENTIONS §4): every event of the
 * machine with a minimal payload, its actors' results and its timers. Paths are generated from them
 * (model-testing/paths.ts), by the tests, `npm run flows` and the QA path report. Pure: machines'
 * cases modules import it, and nothing here imports the tests.
 */
import type { AnyStateMachine, AnyStateNode, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';

/** An invoked actor finished: xstate sends this to the machine with the actor's output. */
export interface ActorDoneCase<TOutput = unknown> {
  type: `xstate.done.actor.${string}`;
  output: TOutput;
  actorId: string;
}
/** An invoked actor failed (the promise rejected). */
export interface ActorErrorCase<TError = unknown> {
  type: `xstate.error.actor.${string}`;
  error: TError;
  actorId: string;
}
/** A named (or numeric) delay of an `after` transition elapsed. */
export interface DelayCase {
  type: `xstate.after.${string}`;
}
/** Events xstate sends itself; in cases they stand for an actor's result or a timer. */
export type SystemCase = ActorDoneCase | ActorErrorCase | DelayCase;
/** One case: an event of the machine with a payload, or an actor result, or an elapsed delay. */
export type CaseEvent<M extends AnyStateMachine> = EventFromLogic<M> | SystemCase;
export type CaseList<M extends AnyStateMachine> = readonly CaseEvent<M>[];
/** The first step of every path: the actor started (with the path's input). */
export interface InitEvent {
  type: 'xstate.init';
}
export type StepEvent<M extends AnyStateMachine> = CaseEvent<M> | InitEvent;

/** `xstate.done.actor.<id>` with `output`: the invoked actor `<id>` (its invoke id) resolved. */
export function actorDone<TOutput>(actorId: string, output: TOutput): ActorDoneCase<TOutput> {
  return { type: `xstate.done.actor.${actorId}`, output, actorId };
}

/** `xstate.error.actor.<id>` with `error`: the invoked actor `<id>` rejected. */
export function actorError<TError>(actorId: string, error: TError): ActorErrorCase<TError> {
  return { type: `xstate.error.actor.${actorId}`, error, actorId };
}

/**
 * `xstate.after.<delay>.<state id>`: the `after` delay `delay` (a name from `delays`, or ms) of the
 * state node `stateId` ('login.form.codeRequest.cooldown', '#' optional) elapsed. Throws when the
 * machine has no such delayed transition, so a renamed state or delay fails loudly.
 */
export function delayElapsed(machine: AnyStateMachine, delay: string | number, stateId: string): DelayCase {
  const id = stateId.replace(/^#/, '');
  let node: AnyStateNode;
  try {
    node = machine.getStateNodeById(id);
  } catch {
    throw new Error(`delayElapsed: machine '${machine.id}' has no state '#${id}'`);
  }
  const type = `xstate.after.${delay}.${node.id}` as const;
  if (!node.after.some((t) => t.eventType === type)) {
    const known = node.after.map((t) => t.eventType).join(', ') || 'none';
    throw new Error(`delayElapsed: state '#${id}' has no 'after' delay '${delay}' (it has: ${known})`);
  }
  return { type };
}

/** Is this a case xstate itself would send (actor result, timer)? */
export function isSystemCase(event: { type: string }): event is SystemCase {
  return event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.') || event.type.startsWith('xstate.after.');
}

/**
 * The shape of a `<flow>.cases.ts` module (CONVENTIONS §4; read by tests and `npm run flows`):
 * - `cases` (required): every event with a minimal payload, actor results and delays included;
 * - `inputs` (optional): named inputs, one traversal each (e.g. a first visit and a reload);
 * - `serialize` (optional): the part of a snapshot that decides what can happen next.
 * The sibling `<flow>.machine.ts` exports exactly one machine (any export name; `<flow>Machine` wins
 * if there are several).
 */
export interface CasesModule<M extends AnyStateMachine> {
  cases: CaseList<M>;
  inputs?: Readonly<Record<string, InputFrom<M>>>;
  serialize?: (snapshot: SnapshotFrom<M>) => unknown;
}

/**
 * The edges of a machine (every transition and target, eventless ones included), and the pure
 * machine replayed step by step with the edges each step takes. Paths and coverage are built on it.
 */
import {
  createActor,
  fromTransition,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type InputFrom,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import type { CaseEvent, StepEvent } from '../machines/shared/cases';
import { eventName, guardLabel, stateLabel } from './labels';

/** One edge of the machine: a transition definition and one of its targets. */
export interface MachineEdge {
  /** Unique and readable: 'login.form.codeRequest.idle —code.requested [agreementMissing]→ login.form.codeRequest.idle'. */
  label: string;
  source: string;
  target: string;
  /** The event type; 'always' for eventless transitions. */
  event: string;
  guard: string | null;
  description: string | undefined;
  /** True when the transition has no target (actions only): the edge loops on its source. */
  targetless: boolean;
  transition: AnyTransitionDefinition;
}

const edgeCache = new WeakMap<AnyStateMachine, MachineEdge[]>();

/**
 * Every edge of the machine: toDirectedGraph's edges (on, after, invoke onDone/onError, onDone of
 * states), one per target, plus the eventless (`always`) transitions, which toDirectedGraph leaves
 * out. A targetless transition is an edge from its source to itself.
 */
export function machineEdges(machine: AnyStateMachine): MachineEdge[] {
  const cached = edgeCache.get(machine);
  if (cached) return cached;
  const edges: MachineEdge[] = [];
  const seen = new Map<string, number>();
  const add = (transition: AnyTransitionDefinition, source: AnyStateNode, target: AnyStateNode, event: string) => {
    const guard = guardLabel(transition.guard);
    const base = `${source.id} —${event}${guard ? ` [${guard}]` : ''}→ ${target.id}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    edges.push({
      label: n === 1 ? base : `${base} (#${n})`,
      source: source.id,
      target: target.id,
      event,
      guard,
      description: transition.description,
      targetless: transition.target === undefined,
      transition,
    });
  };
  const walk = (graph: DirectedGraphNode) => {
    for (const edge of graph.edges) add(edge.transition, edge.source, edge.target, eventName(edge.transition.eventType));
    for (const t of graph.stateNode.always ?? []) for (const target of t.target ?? [graph.stateNode]) add(t, graph.stateNode, target, 'always');
    graph.children.forEach(walk);
  };
  walk(toDirectedGraph(machine));
  edgeCache.set(machine, edges);
  return edges;
}

export function edgesByTransition(machine: AnyStateMachine): Map<AnyTransitionDefinition, MachineEdge[]> {
  const map = new Map<AnyTransitionDefinition, MachineEdge[]>();
  for (const e of machineEdges(machine)) map.set(e.transition, [...(map.get(e.transition) ?? []), e]);
  return map;
}

/**
 * An actor scope like xstate/graph's mock scope (nothing started, nothing scheduled, no action
 * executed) whose system records the transitions of every microstep, eventless ones included.
 */
export function recordingScope(): { scope: AnyActorScope; take: () => AnyTransitionDefinition[] } {
  let taken: AnyTransitionDefinition[] = [];
  const host = createActor(
    fromTransition((s: null) => s, null),
    {
      inspect: (event: InspectionEvent) => {
        if (event.type === '@xstate.microstep') taken.push(...event._transitions);
      },
    },
  );
  const scope: AnyActorScope = {
    self: host,
    id: 'model',
    sessionId: 'model',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system: host.system,
    stopChild: () => {},
    actionExecutor: () => {},
  };
  return {
    scope,
    take: () => {
      const out = taken;
      taken = [];
      return out;
    },
  };
}

/** One step of a path: the event and the snapshot it led to, with the machine edges it took. */
export interface ModelStep<M extends AnyStateMachine> {
  event: StepEvent<M>;
  state: SnapshotFrom<M>;
  /** Labels of the edges taken by this step (eventless ones included). */
  edges: readonly string[];
}

/** A generated path: start the machine with `input`, then send each step's event. */
export interface ModelPath<M extends AnyStateMachine> {
  /** 1-based number in the generated list, stable for the same machine and cases. */
  id: number;
  /** The name of the input in the cases module ('default' when there is one input). */
  inputName: string;
  input: InputFrom<M> | undefined;
  /** steps[0] is `xstate.init` and the initial snapshot; every later step is one case. */
  steps: readonly ModelStep<M>[];
  /** The snapshot at the end. */
  state: SnapshotFrom<M>;
  /** 'fresh: idle —phone.changed "98…"→ … ' — for test titles and reports. */
  title: string;
}

/** Replays `events` on the pure machine from its initial snapshot with `input`. */
export function runEvents<M extends AnyStateMachine>(machine: M, input: InputFrom<M> | undefined, events: readonly CaseEvent<M>[]): ModelStep<M>[] {
  return runEventsAny(machine, input, events as readonly EventObject[]) as unknown as ModelStep<M>[];
}

export interface AnyStep {
  event: EventObject;
  state: AnyMachineSnapshot;
  edges: readonly string[];
}

export function runEventsAny(machine: AnyStateMachine, input: unknown, events: readonly EventObject[]): AnyStep[] {
  const byTransition = edgesByTransition(machine);
  const labelsOf = (ts: AnyTransitionDefinition[]) => [...new Set(ts.flatMap((t) => (byTransition.get(t) ?? []).map((e) => e.label)))];
  const { scope, take } = recordingScope();
  let state: AnyMachineSnapshot = machine.getInitialSnapshot(scope, input);
  const steps: AnyStep[] = [{ event: { type: 'xstate.init' }, state, edges: labelsOf(take()) }];
  for (const event of events) {
    if (state.status !== 'active' || !state.can(event)) {
      throw new Error(`runEvents: '${event.type}' is not possible in ${stateLabel(state)}`);
    }
    state = machine.transition(state, event, scope);
    steps.push({ event, state, edges: labelsOf(take()) });
  }
  return steps;
}

/**
 * Paths generated from a machine for model-based tests (CONVENTIONS §4): xstate/graph's traversal of
 * the real machine over its cases (machines/<flow>/<flow>.cases.ts), with actor results and timers as
 * cases, since `createTestModel` refuses machines that invoke or use `after`. Shortest paths first,
 * then one path per transition not yet taken; `serialize` keeps only what decides the future.
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject, InputFrom, SnapshotFrom } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, getSimplePaths, type StatePath, type TraversalOptions } from 'xstate/graph';
import type { CaseList } from '../machines/shared/cases';
import { edgesByTransition, recordingScope, runEventsAny, type ModelPath, type ModelStep } from './edges';
import { describeSteps } from './labels';

export interface GenerateOptions<M extends AnyStateMachine> {
  /** The cases (see CasesModule). */
  cases?: CaseList<M>;
  /** The same as `cases` (the name xstate/graph uses). */
  events?: CaseList<M>;
  /** One input (named 'default')… */
  input?: InputFrom<M>;
  /** …or several named inputs, one traversal each. */
  inputs?: Readonly<Record<string, InputFrom<M>>>;
  /** What of a snapshot makes it a different node of the graph (default: value + context). */
  serialize?: (snapshot: SnapshotFrom<M>) => unknown;
  /**
   * - 'transitions' (default): every shortest path, plus a path for each transition they leave out;
   *   every reachable edge is taken at least once.
   * - 'shortest': exactly getShortestPaths (one per serialized state); may leave edges out.
   */
  strategy?: 'transitions' | 'shortest';
  /**
   * Add getSimplePaths (every path that visits no serialized state twice), at most `limit` of them.
   * Small machines only: xstate enumerates them all before the cut, and their number grows
   * exponentially with the states.
   */
  simple?: { limit: number };
  /** Traversal limit (xstate throws 'Traversal limit exceeded' beyond it): guards against exploding context. */
  limit?: number;
}

/** The identity of an event in the traversal (payload included; Errors by message). */
export function eventKey(event: EventObject): string {
  return JSON.stringify(event, (_k, v: unknown) => (v instanceof Error ? `${v.name}: ${v.message}` : v));
}

const defaultSerialize = (snapshot: AnyMachineSnapshot): unknown => ({ value: snapshot.value, context: snapshot.context });

/** Throws when a case's type is handled nowhere in the machine (a typo, a renamed event or state). */
export function checkCases<M extends AnyStateMachine>(machine: M, cases: CaseList<M>): void {
  const handled = new Set<string>();
  const visit = (node: AnyStateNode) => {
    for (const type of node.transitions.keys()) handled.add(type);
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  const types = (cases as readonly EventObject[]).map((c) => c.type);
  const unknown = types.filter((t) => !handled.has(t) && ![...handled].some((h) => h === '*' || (h.endsWith('.*') && t.startsWith(h.slice(0, -1)))));
  if (unknown.length) {
    throw new Error(`cases for machine '${machine.id}' name events no state handles: ${unknown.join(', ')}`);
  }
}

/**
 * Paths generated from the real machine with xstate/graph. Each path starts with the `xstate.init`
 * step; prefixes of longer paths are dropped (replaying the longer path checks the same states).
 * Deterministic for the same machine and cases. Why it works this way (xstate 5.33's xstate/graph):
 * - passing `events` replaces the derived list, so every event the machine should see is a case;
 * - traversal never starts actors or timers: a result is `xstate.done.actor.<id>` / `xstate.error.actor.<id>`,
 *   a timer `xstate.after.<delay>.<state node id>` (delayElapsed builds it);
 * - `always` transitions are never steps, so coverage replays each step and records its microsteps.
 */
export function generatePaths<M extends AnyStateMachine>(machine: M, options: GenerateOptions<M>): ModelPath<M>[] {
  return generateAny(machine, options as GenerateOptions<AnyStateMachine>) as unknown as ModelPath<M>[];
}

function generateAny(machine: AnyStateMachine, options: GenerateOptions<AnyStateMachine>): ModelPath<AnyStateMachine>[] {
  const cases = (options.cases ?? options.events) as readonly EventObject[] | undefined;
  if (!cases) throw new Error(`generatePaths(${machine.id}): give the cases (options.cases)`);
  checkCases(machine, cases);
  const project = options.serialize ?? defaultSerialize;
  const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify(project(snapshot));
  const inputs: [string, unknown][] = options.inputs ? Object.entries(options.inputs) : [['default', options.input]];
  const strategy = options.strategy ?? 'transitions';
  const out: ModelPath<AnyStateMachine>[] = [];

  for (const [inputName, input] of inputs) {
    const traversal: TraversalOptions<AnyMachineSnapshot, EventObject, unknown> = {
      // System cases are events like any other to machine.transition.
      events: cases,
      filterEvents: (snapshot, event) => snapshot.status === 'active' && snapshot.can(event),
      serializeState: (snapshot) => serializeState(snapshot),
      serializeEvent: eventKey,
      limit: options.limit ?? 50_000,
      ...(input === undefined ? {} : { input }),
    };
    const eventLists: EventObject[][] = [];
    const shortest: StatePath<AnyMachineSnapshot, EventObject>[] = getShortestPaths(machine, traversal);
    const eventsOf = (p: StatePath<AnyMachineSnapshot, EventObject>) => p.steps.slice(1).map((s) => s.event);
    for (const p of shortest) eventLists.push(eventsOf(p));

    if (strategy === 'transitions') {
      const covered = new Set<string>();
      for (const events of eventLists) for (const step of runEventsAny(machine, input, events)) step.edges.forEach((e) => covered.add(e));
      const toState = new Map(shortest.map((p) => [serializeState(p.state), p] as const));
      const adjacency = getAdjacencyMap(machine, traversal);
      const { scope, take } = recordingScope();
      const byTransition = edgesByTransition(machine);
      for (const { state, event } of adjacencyMapToArray(adjacency)) {
        const head = toState.get(serializeState(state));
        if (!head) continue;
        take();
        machine.transition(state, event, scope);
        const labels = take().flatMap((t) => (byTransition.get(t) ?? []).map((e) => e.label));
        if (labels.every((l) => covered.has(l))) continue;
        labels.forEach((l) => covered.add(l));
        eventLists.push([...eventsOf(head), event]);
      }
    }
    if (options.simple) {
      const simple = getSimplePaths(machine, traversal).slice(0, options.simple.limit);
      for (const p of simple) eventLists.push(eventsOf(p));
    }

    for (const events of dropPrefixes(eventLists)) {
      const steps = runEventsAny(machine, input, events) as unknown as ModelStep<AnyStateMachine>[];
      const last = steps[steps.length - 1]!;
      out.push({ id: 0, inputName, input, steps, state: last.state, title: '' });
    }
  }
  return out.map((p, i) => ({ ...p, id: i + 1, title: `#${i + 1} ${p.inputName}: ${describeSteps(p.steps)}` }));
}

/** Removes event lists that are a prefix of (or equal to) another one; keeps the order of first appearance. */
function dropPrefixes<E extends EventObject>(lists: E[][]): E[][] {
  const keyed = lists.map((events) => ({ events, keys: events.map(eventKey) }));
  const isPrefix = (a: string[], b: string[]) => a.length <= b.length && a.every((k, i) => k === b[i]);
  const kept: typeof keyed = [];
  keyed.forEach((candidate, i) => {
    const dominated = keyed.some((other, j) => j !== i && isPrefix(candidate.keys, other.keys) && (candidate.keys.length < other.keys.length || j < i));
    if (!dominated) kept.push(candidate);
  });
  return kept.map((k) => k.events);
}

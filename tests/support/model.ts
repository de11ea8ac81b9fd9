/**
 * Model-based testing for every machine of the project (CONVENTIONS §4).
 *
 * `createTestModel` from xstate/graph refuses machines that `invoke` or use `after`, so we generate
 * paths from the REAL machine with xstate/graph and replay them ourselves:
 *
 *     // machines/<flow>/<flow>.cases.ts — the cases module (also read by `npm run flows`)
 *     export const cases = [
 *       { type: 'phone.changed', value: '9876543210' },          // user events with a payload
 *       actorDone('sendCode', undefined),                       // xstate.done.actor.sendCode
 *       actorError('sendCode', new Error('SMS limit reached')),  // xstate.error.actor.sendCode
 *       delayElapsed(loginMachine, 'resendCooldown', 'login.form.codeRequest.cooldown'), // after
 *     ] satisfies CaseList<typeof loginMachine>;
 *     export const inputs = { fresh: {...}, reloaded: {...} };   // optional: one traversal per input
 *     export const serialize = (s) => ({ value: s.value, ... });  // optional: what makes states differ
 *
 *     // tests/machines/<flow>.machine.test.ts
 *     const paths = generatePaths(loginMachine, { cases, inputs, serialize });
 *     expect(transitionCoverage(loginMachine, paths).missing).toEqual([]);
 *
 *     // tests/views/<flow>.test.tsx
 *     for (const path of paths) await replayPath(path, { act: {...per event type}, assert: (snapshot) => {...} });
 *
 * What the graph functions do and do not do (read from xstate 5.33's xstate/graph):
 * - Passing `events` REPLACES the event list xstate derives from the state; every event the machine
 *   should see must be a case. Cases are only tried where `snapshot.can(event)`.
 * - Traversal runs `machine.transition` with a mock actor scope: invoked actors are created but never
 *   started, delayed events are never scheduled. So an actor's result is a case
 *   (`xstate.done.actor.<invoke id>` with `output`, `xstate.error.actor.<invoke id>` with `error`) and
 *   so is a timer: xstate names it `xstate.after.<delay>.<state node id>`, where <delay> is the name
 *   in `delays` (or the number of ms) and the id is the machine id and state path joined by dots,
 *   e.g. `xstate.after.resendCooldown.login.form.codeRequest.cooldown`. `delayElapsed()` builds it.
 * - `always` transitions never appear as steps (xstate/graph only sees the resting state after a
 *   macrostep, statelyai/xstate#5160). This harness still COUNTS them for coverage: it replays every
 *   step with an actor scope whose system records the transitions of each microstep
 *   (the `@xstate.microstep` inspection event carries them), eventless ones included.
 * - Shortest paths reach every distinct serialized state once; they do not take every transition
 *   (a transition back to a state already reached is left out). The default strategy adds, for each
 *   transition not yet taken, the shortest path to a state where it is enabled plus that event.
 * - The serialized state is the identity of a node of the graph. The default serializes the state
 *   value and the context (functions in context are dropped by JSON). Context multiplies paths: give
 *   `serialize` to keep only what decides the future (e.g. "phone valid?" rather than the digits).
 *
 * This module has no test-runner import, so scripts/flows.ts uses it too.
 */
import {
  createActor,
  fromTransition,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, getSimplePaths, toDirectedGraph, type DirectedGraphNode, type StatePath, type TraversalOptions } from 'xstate/graph';

// ---------------------------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Edges of a machine
// ---------------------------------------------------------------------------------------------

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

/** A readable name for a transition's guard: 'canLogin', '!canLogin', 'a && b', 'in(#x)'. */
export function guardLabel(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const g = guard as { name?: string; guards?: unknown[]; stateValue?: unknown };
    const inner = (g.guards ?? []).map((x) => guardLabel(x) ?? '?');
    if (g.name === 'not') return `!${inner[0] ?? '?'}`;
    if (g.name === 'and') return `(${inner.join(' && ')})`;
    if (g.name === 'or') return `(${inner.join(' || ')})`;
    if (g.name === 'stateIn') return `in(${JSON.stringify(g.stateValue)})`;
    return g.name ? `${g.name}()` : 'inline guard';
  }
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return '?';
}

/** A readable event name: 'code.requested', 'sendCode done', 'sendCode error', 'after resendCooldown', 'always'. */
export function eventName(eventType: string): string {
  if (eventType === '') return 'always';
  let m = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (m) return `${m[1]} done`;
  m = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (m) return `${m[1]} error`;
  m = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (m) return `after ${m[1]}`;
  m = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (m) return `${m[1]} done`;
  return eventType;
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

function edgesByTransition(machine: AnyStateMachine): Map<AnyTransitionDefinition, MachineEdge[]> {
  const map = new Map<AnyTransitionDefinition, MachineEdge[]>();
  for (const e of machineEdges(machine)) map.set(e.transition, [...(map.get(e.transition) ?? []), e]);
  return map;
}

// ---------------------------------------------------------------------------------------------
// Replaying events on the pure machine, recording the transitions taken
// ---------------------------------------------------------------------------------------------

/**
 * An actor scope like xstate/graph's mock scope (nothing started, nothing scheduled, no action
 * executed) whose system records the transitions of every microstep, eventless ones included.
 */
function recordingScope(): { scope: AnyActorScope; take: () => AnyTransitionDefinition[] } {
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

interface AnyStep {
  event: EventObject;
  state: AnyMachineSnapshot;
  edges: readonly string[];
}

function runEventsAny(machine: AnyStateMachine, input: unknown, events: readonly EventObject[]): AnyStep[] {
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

// ---------------------------------------------------------------------------------------------
// Generating paths
// ---------------------------------------------------------------------------------------------

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
 * Paths generated from the real machine with xstate/graph (see the module comment). Each path starts
 * with the `xstate.init` step; prefixes of longer paths are dropped (replaying the longer path
 * checks the same states). Deterministic for the same machine and cases.
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

// ---------------------------------------------------------------------------------------------
// Coverage
// ---------------------------------------------------------------------------------------------

export interface TransitionCoverage {
  covered: number;
  total: number;
  /** Labels of the edges no path takes (see MachineEdge.label). Empty means every edge is covered. */
  missing: string[];
  /** Every edge with the number of path steps that take it. */
  edges: { label: string; edge: MachineEdge; count: number }[];
}

/**
 * Compares the transitions taken by `paths` (replayed on the pure machine from their inputs) with
 * every edge of the machine (`machineEdges`). `missing` lists what no path takes: an event without a
 * case, a guard no case satisfies, a state no path reaches, or an edge that cannot happen at all.
 */
export function transitionCoverage<M extends AnyStateMachine>(machine: M, paths: readonly Pick<ModelPath<M>, 'input' | 'steps'>[]): TransitionCoverage {
  const counts = new Map<string, number>();
  for (const path of paths) {
    const events = path.steps.slice(1).map((s) => s.event as EventObject);
    for (const step of runEventsAny(machine, path.input, events)) for (const label of step.edges) counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const edges = machineEdges(machine).map((edge) => ({ label: edge.label, edge, count: counts.get(edge.label) ?? 0 }));
  const missing = edges.filter((e) => e.count === 0).map((e) => e.label);
  return { covered: edges.length - missing.length, total: edges.length, missing, edges };
}

/** 'login: 23/23 transitions covered' (+ the missing ones, one per line). */
export function formatCoverage(name: string, coverage: TransitionCoverage): string {
  const head = `${name}: ${coverage.covered}/${coverage.total} transitions covered`;
  return coverage.missing.length ? `${head}\n${coverage.missing.map((m) => `  missing: ${m}`).join('\n')}` : head;
}

// ---------------------------------------------------------------------------------------------
// Labels
// ---------------------------------------------------------------------------------------------

/**
 * A short name for the active state: 'signedIn', 'form.editing'; for parallel states the leaves in
 * document order, each below its region, joined by ' + ': 'idle + editing.incomplete'.
 */
export function stateLabel(snapshot: AnyMachineSnapshot): string {
  const leaves: string[][] = snapshot._nodes
    .filter((n: AnyStateNode) => n.type === 'atomic' || n.type === 'final')
    .sort((a: AnyStateNode, b: AnyStateNode) => a.order - b.order)
    .map((n: AnyStateNode) => n.path);
  if (leaves.length === 0) return '(none)';
  if (leaves.length === 1) return leaves[0]!.join('.');
  let common = 0;
  while (leaves.every((l) => l[common] !== undefined && l[common] === leaves[0]![common])) common++;
  // Below the common (parallel) ancestor, each leaf's first segment is its region: drop it.
  return leaves.map((l) => l.slice(Math.min(common + 1, l.length - 1)).join('.')).join(' + ');
}

function shortValue(v: unknown): string {
  if (v instanceof Error) return JSON.stringify(v.message);
  const s = JSON.stringify(v);
  if (s === undefined) return String(v);
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
}

/** 'phone.changed "9876543210"', 'sendCode done', 'sendCode error "SMS limit"', 'after resendCooldown'. */
export function eventLabel(event: EventObject): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  const name = eventName(type);
  if (type.startsWith('xstate.done.actor.')) return rest.output === undefined ? name : `${name} ${shortValue(rest.output)}`;
  if (type.startsWith('xstate.error.actor.')) return `${name} ${shortValue(rest.error)}`;
  const payload = Object.values(rest).map(shortValue).join(' ');
  return payload ? `${name} ${payload}` : name;
}

/** 'idle —phone.changed "98…"→ idle —code.requested→ sending' */
export function describeSteps(steps: readonly { event: EventObject; state: unknown }[]): string {
  return steps
    .map((s, i) => (i === 0 ? stateLabel(s.state as AnyMachineSnapshot) : ` —${eventLabel(s.event)}→ ${stateLabel(s.state as AnyMachineSnapshot)}`))
    .join('');
}

// ---------------------------------------------------------------------------------------------
// Replay against a system under test (views, e2e)
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Deferred
// ---------------------------------------------------------------------------------------------

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
  readonly settled: boolean;
}

/** A promise the test settles: give it to a fake actor, resolve or reject it when the path says so. */
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  let settled = false;
  const promise = new Promise<T>((res, rej) => {
    resolve = (v) => {
      settled = true;
      res(v);
    };
    reject = (e) => {
      settled = true;
      rej(e);
    };
  });
  return {
    promise,
    resolve,
    reject,
    get settled() {
      return settled;
    },
  };
}

/**
 * The calls of a fake actor (`(signal) => Promise<T>`), one deferred each. Like the real client,
 * a call whose signal aborts rejects (StrictMode aborts the first call of every mount: the screen
 * must not show it). `live()` sets aborted calls aside; `pending()` is the newest unsettled one.
 */
export function fakeCalls<T>() {
  const calls: { d: Deferred<T>; signal: AbortSignal }[] = [];
  const fn = (signal: AbortSignal) => {
    const d = deferred<T>();
    calls.push({ d, signal });
    signal.addEventListener('abort', () => d.reject(new DOMException('The request was cancelled.', 'AbortError')), { once: true });
    return d.promise;
  };
  const live = () => calls.filter((c) => !c.signal.aborted);
  const pending = () => {
    const c = live().filter((x) => !x.d.settled).at(-1);
    if (!c) throw new Error('no request in flight to settle');
    return c.d;
  };
  return { fn, live, pending };
}

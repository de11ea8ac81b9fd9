/**
 * Stepping through a machine in the atlas: the REAL machine, transitioned purely the way the
 * model-based tests replay it (model-testing/edges.ts: an actor scope where nothing is started,
 * scheduled or executed). So an invoked call is answered by sending one of its cases (done with the
 * sample answer, or failed), a delay by sending its `xstate.after…` case, and the events offered
 * are the cases the current snapshot accepts (`snapshot.can`). The cases are the tests' own.
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { machineEdges, recordingScope } from '../../model-testing/edges';

export interface Step {
  /** The case index taken to get here; null for the start. */
  caseIndex: number | null;
  snapshot: AnyMachineSnapshot;
  /** Labels of the edges this step took (eventless ones included). */
  edges: string[];
}

export interface Stepper {
  start(input: unknown): Step;
  /** The next step, or an error naming why the case is not possible here. */
  step(from: AnyMachineSnapshot, caseIndex: number): Step;
  /** The indices of the cases the snapshot accepts. */
  enabled(snapshot: AnyMachineSnapshot): number[];
  /** Replays case indices from the start; stops at the first one that is not possible. */
  replay(input: unknown, indices: readonly number[]): { steps: Step[]; stoppedAt: number | null };
}

/**
 * `edgeLabels`: the labels the builder gave the machine's edges (AtlasMachine.edges), in
 * machineEdges() order. Edges are matched by position, not by label: a label names guards by their
 * function names, which the page's minified bundle renames.
 */
export function createStepper(machine: AnyStateMachine, cases: readonly EventObject[], edgeLabels?: readonly string[]): Stepper {
  const edges = machineEdges(machine);
  if (edgeLabels && edgeLabels.length !== edges.length) {
    throw new Error(`The atlas data has ${edgeLabels.length} transitions for '${machine.id}', the machine ${edges.length}: run npm run flows again.`);
  }
  const byTransition = new Map<unknown, string[]>();
  edges.forEach((e, i) => byTransition.set(e.transition, [...(byTransition.get(e.transition) ?? []), edgeLabels ? edgeLabels[i]! : e.label]));
  const { scope, take } = recordingScope();
  const labels = () => [...new Set(take().flatMap((t) => byTransition.get(t) ?? []))];
  const accepts = (snapshot: AnyMachineSnapshot, event: EventObject) => snapshot.status === 'active' && snapshot.can(event);
  const stepper: Stepper = {
    start(input) {
      take();
      const snapshot = machine.getInitialSnapshot(scope, input);
      return { caseIndex: null, snapshot, edges: labels() };
    },
    step(from, caseIndex) {
      const event = cases[caseIndex];
      if (!event) throw new Error(`no case #${caseIndex}`);
      if (!accepts(from, event)) throw new Error(`'${event.type}' is not possible here`);
      take();
      const snapshot = machine.transition(from, event, scope);
      return { caseIndex, snapshot, edges: labels() };
    },
    enabled(snapshot) {
      return cases.flatMap((event, i) => (accepts(snapshot, event) ? [i] : []));
    },
    replay(input, indices) {
      const steps = [stepper.start(input)];
      for (const [n, i] of indices.entries()) {
        const event = cases[i];
        if (!event || !accepts(steps[steps.length - 1]!.snapshot, event)) return { steps, stoppedAt: n };
        steps.push(stepper.step(steps[steps.length - 1]!.snapshot, i));
      }
      return { steps, stoppedAt: null };
    },
  };
  return stepper;
}

/** The ids of the active state nodes (the root included). */
export function activeIds(snapshot: AnyMachineSnapshot): Set<string> {
  return new Set(snapshot._nodes.map((n: AnyStateNode) => n.id));
}

/** The ids of the active leaves, in document order. */
export function activeLeaves(snapshot: AnyMachineSnapshot): string[] {
  return snapshot._nodes
    .filter((n: AnyStateNode) => n.type === 'atomic' || n.type === 'final')
    .sort((a: AnyStateNode, b: AnyStateNode) => a.order - b.order)
    .map((n: AnyStateNode) => n.id);
}

/** Transition coverage: the edges a set of paths takes, against every edge of the machine. */
import type { AnyStateMachine, EventObject } from 'xstate';
import { machineEdges, runEventsAny, type MachineEdge, type ModelPath } from './edges';

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

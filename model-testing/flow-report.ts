/**
 * The readable side of the model (`npm run flows`): a Mermaid `stateDiagram-v2` drawn from the
 * machine itself, and markdown tables of its states, transitions and generated test paths. Pure
 * string building; no test-runner import.
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import type { TransitionCoverage } from './coverage';
import { machineEdges, type MachineEdge, type ModelPath } from './edges';
import { describeSteps, eventLabel, stateLabel } from './labels';

const RESERVED = new Set(['state', 'note', 'end', 'direction', 'class', 'classDef', 'style', 'click', 'as', 'left', 'right', 'of', 'TB', 'BT', 'LR', 'RL', 'default']);

/** Mermaid ids: the state's key when it is unique in the machine, else its path joined by '_'. */
function mermaidIds(machine: AnyStateMachine): Map<AnyStateNode, string> {
  const nodes: AnyStateNode[] = [];
  const walk = (n: AnyStateNode) => {
    for (const child of Object.values(n.states)) {
      nodes.push(child);
      walk(child);
    }
  };
  walk(machine.root);
  const clean = (s: string) => s.replace(/[^A-Za-z0-9_]/g, '_');
  const countByKey = new Map<string, number>();
  for (const n of nodes) countByKey.set(n.key, (countByKey.get(n.key) ?? 0) + 1);
  const ids = new Map<AnyStateNode, string>();
  const used = new Set<string>();
  for (const n of nodes) {
    let id = countByKey.get(n.key) === 1 ? clean(n.key) : clean(n.path.join('_'));
    if (RESERVED.has(id) || /^\d/.test(id)) id = `s_${id}`;
    while (used.has(id)) id = `${id}_`;
    used.add(id);
    ids.set(n, id);
  }
  return ids;
}

/** Text safe inside a Mermaid label or note (no statement separators, no braces, one line). */
function mermaidText(text: string): string {
  return text
    .replace(/[{]/g, '(')
    .replace(/[}]/g, ')')
    .replace(/;/g, ',')
    .replace(/#/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function edgeText(edge: MachineEdge): string {
  return mermaidText(edge.guard ? `${edge.event} [${edge.guard}]` : edge.event);
}

const isComposite = (n: AnyStateNode) => Object.keys(n.states).length > 0;

/** The machine as a Mermaid stateDiagram-v2 (see the module comment for the conventions). */
export function toMermaid(machine: AnyStateMachine): string {
  const ids = mermaidIds(machine);
  const idOf = (n: AnyStateNode) => (n === machine.root ? null : ids.get(n)!);
  const edges = machineEdges(machine);
  const stays = new Map<AnyStateNode, MachineEdge[]>();
  const lines: string[] = ['stateDiagram-v2'];

  const nodeByPathId = new Map<string, AnyStateNode>();
  const index = (n: AnyStateNode) => {
    nodeByPathId.set(n.id, n);
    Object.values(n.states).forEach(index);
  };
  index(machine.root);
  for (const e of edges) {
    const source = nodeByPathId.get(e.source)!;
    if (e.targetless && isComposite(source)) stays.set(source, [...(stays.get(source) ?? []), e]);
  }

  const noteFor = (n: AnyStateNode): string | null => {
    const parts: string[] = [];
    if (n.description) parts.push(n.description);
    const internal = stays.get(n);
    if (internal?.length) parts.push(`Stays on: ${internal.map(edgeText).join(', ')}.`);
    return parts.length ? mermaidText(parts.join(' ')) : null;
  };

  const renderChildren = (parent: AnyStateNode, indent: string) => {
    const children = Object.values(parent.states);
    if (parent.type === 'parallel') {
      children.forEach((region, i) => {
        if (i > 0) lines.push(`${indent}--`);
        renderNode(region, indent);
      });
      return;
    }
    const initial = parent.initial?.target?.[0];
    if (initial) lines.push(`${indent}[*] --> ${idOf(initial)}`);
    for (const child of children) renderNode(child, indent);
  };

  const renderNode = (n: AnyStateNode, indent: string) => {
    const id = idOf(n)!;
    if (id !== n.key) lines.push(`${indent}state "${mermaidText(n.key)}" as ${id}`);
    if (isComposite(n)) {
      lines.push(`${indent}state ${id} {`);
      renderChildren(n, `${indent}  `);
      lines.push(`${indent}}`);
    } else if (id === n.key) {
      lines.push(`${indent}${id}`);
    }
    if (n.type === 'final') lines.push(`${indent}${id} --> [*]`);
    const note = noteFor(n);
    // The block form: a one-line note (`note right of x : text`) breaks on a second colon in the text.
    if (note) lines.push(`${indent}note right of ${id}`, `${indent}  ${note}`, `${indent}end note`);
  };

  if (machine.root.type === 'parallel') {
    // Mermaid draws regions ('--') only inside a composite state: the root becomes one, named by the machine.
    const rootId = `${mermaidText(machine.id).replace(/[^A-Za-z0-9_]/g, '_')}_machine`;
    lines.push(`  state "${mermaidText(machine.id)}" as ${rootId}`, `  state ${rootId} {`);
    renderChildren(machine.root, '    ');
    lines.push('  }');
  } else renderChildren(machine.root, '  ');
  for (const e of edges) {
    const source = nodeByPathId.get(e.source)!;
    if (e.targetless && isComposite(source)) continue;
    const from = idOf(source);
    const to = idOf(nodeByPathId.get(e.target)!);
    if (from === null || to === null) continue; // transitions on the root are listed in the table
    lines.push(`  ${from} --> ${to} : ${edgeText(e)}`);
  }
  return lines.join('\n');
}

/** A markdown table cell: pipes escaped, newlines as <br>. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, '<br>');
}

/** States with their tags and descriptions. */
export function statesTable(machine: AnyStateMachine): string {
  const rows: string[] = ['| State | Tags | Description |', '|---|---|---|'];
  const walk = (n: AnyStateNode) => {
    for (const child of Object.values(n.states)) {
      const kind = child.type === 'parallel' ? ' (parallel)' : child.type === 'final' ? ' (final)' : '';
      rows.push(`| ${cell(`\`${child.path.join('.')}\`${kind}`)} | ${cell(child.tags.join(', '))} | ${cell(child.description ?? '')} |`);
      walk(child);
    }
  };
  walk(machine.root);
  return rows.join('\n');
}

/** Every edge, whether generated paths take it, and its description. */
export function transitionsTable(coverage: TransitionCoverage): string {
  const rows: string[] = ['| From | Event | Guard | To | Steps taking it | Description |', '|---|---|---|---|---|---|'];
  for (const { edge, count } of coverage.edges) {
    const to = edge.targetless ? '(stays)' : `\`${edge.target}\``;
    rows.push(
      `| \`${cell(edge.source)}\` | ${cell(edge.event)} | ${cell(edge.guard ?? '')} | ${cell(to)} | ${count === 0 ? '**none**' : count} | ${cell(edge.description ?? '')} |`,
    );
  }
  return rows.join('\n');
}

/** The generated paths: number, input, steps 'state —event→ state' one per line, final state. */
export function pathsTable<M extends AnyStateMachine>(paths: readonly ModelPath<M>[]): string {
  const rows: string[] = ['| # | Input | Steps | Final state |', '|---|---|---|---|'];
  for (const p of paths) {
    const steps = p.steps
      .slice(1)
      .map((s, i) => `${stateLabel(p.steps[i]!.state as AnyMachineSnapshot)} —${eventLabel(s.event)}→ ${stateLabel(s.state as AnyMachineSnapshot)}`);
    const body = steps.length ? steps.join('\n') : `(initial) ${describeSteps(p.steps)}`;
    rows.push(`| ${p.id} | ${cell(p.inputName)} | ${cell(body)} | ${cell(stateLabel(p.state as AnyMachineSnapshot))} |`);
  }
  return rows.join('\n');
}

export interface FlowReportSource {
  name: string;
  machineFile: string;
  casesFile: string | null;
}

/** flows/<name>.md */
export function flowReport<M extends AnyStateMachine>(source: FlowReportSource, machine: M, paths: readonly ModelPath<M>[], coverage: TransitionCoverage, notes: readonly string[] = []): string {
  const status = coverage.missing.length ? `**${coverage.covered}/${coverage.total} transitions covered — ${coverage.missing.length} missing**` : `${coverage.covered}/${coverage.total} transitions covered`;
  return [
    `# ${source.name}`,
    '',
    machine.root.description ? `> ${machine.root.description}` : '',
    '',
    `Machine: \`${source.machineFile}\` · cases: ${source.casesFile ? `\`${source.casesFile}\`` : '(none)'} · generated by \`npm run flows\`; do not edit.`,
    '',
    `Transition coverage of the generated paths: ${status}.`,
    ...notes.map((n) => `\n> ${n}`),
    '',
    '## Diagram',
    '',
    '```mermaid',
    toMermaid(machine),
    '```',
    '',
    '## States',
    '',
    statesTable(machine),
    '',
    '## Transitions',
    '',
    transitionsTable(coverage),
    '',
    `## Test paths (${paths.length})`,
    '',
    'Each path starts the machine with its input, then sends the events in order; the tests check the state reached after every step.',
    '',
    pathsTable(paths),
    '',
  ].join('\n');
}

/**
 * One machine's atlas data (atlas/model.ts AtlasMachine), from the machine itself (states, tags,
 * descriptions, invokes, delays, every edge of model-testing/edges.ts machineEdges), its cases and
 * generated paths (the same as the model-based tests'), the JSDoc of its `setup` and the screens.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import type { CasesModule } from '../../machines/shared/cases';
import { rulesOfMeta } from '../../machines/shared/rules';
import type { MachineSentences } from '../../machines/shared/sentences';
import type { TransitionCoverage } from '../../model-testing/coverage';
import { machineEdges, type ModelPath } from '../../model-testing/edges';
import { eventLabel, stateLabel } from '../../model-testing/labels';
import { eventKey } from '../../model-testing/paths';
import { pickSentences } from '../pick';
import type { AtlasCase, AtlasEdge, AtlasMachine, AtlasPath, AtlasState, BoxLine, JourneyId, Screen } from '../model';
import { firstSentence, formatDuration, type SetupDocs } from './docs';
import { layoutMachine } from './layout';
import { edgeSentence } from './sentences';
import type { Sees } from './sees';

export interface MachineSource {
  name: string;
  machine: AnyStateMachine;
  journey: JourneyId;
  sourceFile: string;
  casesFile: string;
  cases: CasesModule<AnyStateMachine>;
  paths: readonly ModelPath<AnyStateMachine>[];
  coverage: TransitionCoverage;
  docs: SetupDocs;
  screens: Screen[];
  sees: Sees;
  /** The machine file's text and its Mermaid diagram (model-testing/flow-report.ts toMermaid). */
  source: string;
  mermaid: string;
  /** The machine's plain sentences; when left out, the `<name>Sentences` export of its module. */
  sentences?: MachineSentences | null;
}

const ROOT = join(import.meta.dirname, '../..');

/** The plain sentences the machine's module exports, or null. */
export async function sentencesOf(src: Pick<MachineSource, 'name' | 'sourceFile' | 'sentences'>): Promise<MachineSentences | null> {
  if (src.sentences !== undefined) return src.sentences;
  return pickSentences((await import(pathToFileURL(join(ROOT, src.sourceFile)).href)) as Record<string, unknown>, src.name);
}

/** Problems the atlas cannot draw around; the builder fails on any. */
export class AtlasError extends Error {}

const MAX_LINE = 52;
const clip = (text: string) => (text.length > MAX_LINE ? `${text.slice(0, MAX_LINE - 1)}…` : text);

/** The payload of a case: an actor's output or error, or the event's own fields. */
function payloadOf(event: EventObject): unknown {
  const { type: _type, actorId: _actorId, ...rest } = event as EventObject & Record<string, unknown>;
  if ('output' in rest) return rest.output;
  if ('error' in rest) return rest.error instanceof Error ? rest.error.message : rest.error;
  return Object.keys(rest).length ? rest : undefined;
}

/** Leaf values of a payload by path, two levels deep ('state', 'order.state'); deeper values whole. */
function flatten(value: unknown, prefix = '', depth = 0, out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && depth < 2) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, depth + 1, out);
  } else out.set(prefix, JSON.stringify(value) ?? 'undefined');
  return out;
}

const short = (text: string, max = 28) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A button's label for each case: `eventLabel` when its type is alone; among cases of one type
 * (eight sample answers of loadOrder), the fields in which it differs from the others, so each
 * button says which answer it gives ('loadOrder done · state: 11').
 */
export function caseLabels(cases: readonly EventObject[]): string[] {
  const byType = new Map<string, number[]>();
  cases.forEach((c, i) => byType.set(c.type, [...(byType.get(c.type) ?? []), i]));
  return cases.map((c) => {
    const group = byType.get(c.type)!;
    const full = eventLabel(c);
    if (group.length < 2) return full;
    const flat = group.map((i) => flatten(payloadOf(cases[i]!)));
    const mine = flatten(payloadOf(c));
    const keys = [...new Set(flat.flatMap((f) => [...f.keys()]))].filter((k) => new Set(flat.map((f) => f.get(k) ?? '—')).size > 1);
    if (!keys.length) return full;
    const name = full.split(' ').slice(0, c.type.startsWith('xstate.') ? 2 : 1).join(' ');
    const parts = keys.slice(0, 3).map((k) => (k ? `${k}: ${short(mine.get(k) ?? '—')}` : short(mine.get(k) ?? '—', 40)));
    return `${name} · ${parts.join(', ')}${keys.length > 3 ? ', …' : ''}`;
  });
}

/** The whole payload, for the button's tooltip. */
function caseDetail(event: EventObject): string {
  const payload = payloadOf(event);
  return payload === undefined ? '' : short(JSON.stringify(payload, null, 1), 1500);
}

/** In a box: an HTTP call by its method and path ('POST /user/v1/login'); anything else as it is. */
export function shortCall(call: string): string {
  const http = /^(GET|POST|PUT|PATCH|DELETE) (\/[^\s?{]*)/.exec(call);
  return http ? `${http[1]} ${http[2]}` : call;
}

/** Actor name → the call it makes: the first sentence of its JSDoc in `setup`. */
export function actorCalls(machine: AnyStateMachine, docs: SetupDocs): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(machine.implementations.actors)) {
    const doc = docs.actors[name];
    if (!doc?.text) throw new AtlasError(`machine '${machine.id}': actor '${name}' has no JSDoc in setup naming the call it makes`);
    out[name] = firstSentence(doc.text).replace(/\.$/, '');
  }
  return out;
}

/** Delay name → its duration: a number of ms, or the `@duration` tag of its JSDoc. */
export function delayDurations(machine: AnyStateMachine, docs: SetupDocs): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(machine.implementations.delays)) {
    if (typeof value === 'number') out[name] = formatDuration(value);
    else {
      const duration = docs.delays[name]?.tags.duration;
      if (!duration) throw new AtlasError(`machine '${machine.id}': delay '${name}' is computed; give its JSDoc in setup a \`@duration\` tag`);
      out[name] = duration;
    }
  }
  return out;
}

function kindOf(node: AnyStateNode): AtlasState['kind'] {
  return node.type as AtlasState['kind'];
}

export async function extractMachine(src: MachineSource): Promise<AtlasMachine> {
  const { machine } = src;
  const actors = actorCalls(machine, src.docs);
  const delays = delayDurations(machine, src.docs);
  const coverageByLabel = new Map(src.coverage.edges.map((e) => [e.label, e.count]));
  const sentences = await sentencesOf(src);

  const edges: AtlasEdge[] = machineEdges(machine).map((e) => {
    const delay = /^after (.+)$/.exec(e.event)?.[1];
    const duration = delay === undefined ? undefined : (delays[delay] ?? (/^\d+$/.test(delay) ? formatDuration(Number(delay)) : undefined));
    const event = duration ? `${e.event} (${duration})` : e.event;
    return {
      label: e.label,
      source: e.source,
      target: e.target,
      event: e.event,
      guard: e.guard,
      text: e.guard ? `${event} [${e.guard}]` : event,
      sentence: edgeSentence({ event: e.event, guard: e.guard, description: e.description ?? null }, sentences, delays).sentence,
      description: e.description ?? null,
      targetless: e.targetless,
      covered: coverageByLabel.get(e.label) ?? 0,
    };
  });

  const states: AtlasState[] = [];
  const walk = (node: AnyStateNode, parent: AnyStateNode | null) => {
    const invokes = node.invoke.map((inv) => {
      const srcName = typeof inv.src === 'string' ? inv.src : inv.id;
      const call = actors[srcName];
      if (!call) throw new AtlasError(`machine '${machine.id}': state '${node.id}' invokes '${srcName}', which setup does not declare`);
      return { id: inv.id, src: srcName, call };
    });
    const lines: BoxLine[] = [];
    if (node.tags.length) lines.push({ kind: 'tags', text: `#${node.tags.join(' #')}` });
    for (const inv of invokes) lines.push({ kind: 'invoke', text: clip(`⇢ ${inv.src}: ${shortCall(inv.call)}`) });
    for (const e of edges) if (e.targetless && e.source === node.id) lines.push({ kind: 'stay', text: clip(`↺ ${e.sentence}`), edge: e.label });
    const leafPath = node.path.join('.');
    states.push({
      id: node.id,
      key: parent ? node.key : machine.id,
      path: node.path,
      parent: parent?.id ?? null,
      kind: kindOf(node),
      initial: parent !== null && parent.type === 'compound' && parent.initial?.target?.[0] === node,
      description: node.description ?? null,
      tags: [...node.tags],
      rules: rulesOfMeta(node.meta),
      sees: src.sees[leafPath] ?? null,
      invokes,
      lines,
    });
    for (const child of Object.values(node.states)) walk(child, node);
  };
  walk(machine.root, null);

  const caseList = src.cases.cases as readonly EventObject[];
  const labels = caseLabels(caseList);
  const cases: AtlasCase[] = caseList.map((c, index) => ({
    index,
    type: c.type,
    label: labels[index]!,
    detail: caseDetail(c),
    kind: c.type.startsWith('xstate.done.actor.') ? 'done' : c.type.startsWith('xstate.error.actor.') ? 'error' : c.type.startsWith('xstate.after.') ? 'delay' : 'event',
  }));
  const caseIndex = new Map((src.cases.cases as readonly EventObject[]).map((c, i) => [eventKey(c), i] as const));
  const paths: AtlasPath[] = src.paths.map((p) => ({
    id: p.id,
    input: p.inputName,
    title: p.title,
    steps: p.steps.slice(1).map((s) => {
      const i = caseIndex.get(eventKey(s.event as EventObject));
      if (i === undefined) throw new AtlasError(`machine '${machine.id}': path #${p.id} takes an event that is not a case (${eventLabel(s.event as EventObject)})`);
      return i;
    }),
    final: stateLabel(p.state),
  }));

  const layout = await layoutMachine(states, edges);
  return {
    name: src.name,
    machineId: machine.id,
    journey: src.journey,
    description: machine.root.description ?? '',
    sourceFile: src.sourceFile,
    casesFile: src.casesFile,
    mermaidFile: `${src.name}.mmd`,
    reportFile: `${src.name}.md`,
    source: src.source,
    mermaid: src.mermaid,
    screens: src.screens,
    counts: { states: states.length - 1, transitions: edges.length },
    coverage: { covered: src.coverage.covered, total: src.coverage.total, missing: src.coverage.missing },
    actors,
    delays,
    states,
    edges,
    layout,
    inputs: src.cases.inputs ? Object.keys(src.cases.inputs) : ['default'],
    cases,
    paths,
  };
}

/**
 * The statechart's layout, computed at build time with elkjs (layered, the whole hierarchy at once
 * so transitions between nested states are routed too). Nested and parallel states are boxes
 * inside boxes; a box's header holds the state's name and its lines (tags, invokes,
 * transitions that stay). Sizes come from a conservative estimate of the page's fonts (atlas/app
 * draws with the same constants, LAYOUT_FONT).
 */
import ELK, { type ElkExtendedEdge, type ElkLabel, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { AtlasEdge, AtlasState, Layout } from '../model';
import { LAYOUT_FONT, wrapLabel } from '../font';

const textWidth = (text: string, perChar: number) => Math.ceil(text.length * perChar);

/** The height of a box's header: the name line and one line per BoxLine. */
export const headerHeight = (state: AtlasState) => LAYOUT_FONT.nameLine + state.lines.length * LAYOUT_FONT.line + LAYOUT_FONT.pad;

function boxWidth(state: AtlasState): number {
  const name = textWidth(state.key, LAYOUT_FONT.nameChar) + (state.initial ? 14 : 0);
  const lines = state.lines.map((l) => textWidth(l.text, LAYOUT_FONT.lineChar));
  return Math.max(LAYOUT_FONT.minWidth, name, ...lines) + 2 * LAYOUT_FONT.pad;
}

/**
 * Laid out top to bottom and left to right; the narrower one is kept, since both a phone and a
 * desktop scroll a tall diagram more easily than a wide one (a machine with many siblings, such
 * as the order's states, reads better left to right).
 */
export async function layoutMachine(states: readonly AtlasState[], edges: readonly AtlasEdge[]): Promise<Layout> {
  const down = await layoutIn('DOWN', states, edges);
  const right = await layoutIn('RIGHT', states, edges);
  return right.width < down.width * 0.8 ? right : down;
}

async function layoutIn(direction: 'DOWN' | 'RIGHT', states: readonly AtlasState[], edges: readonly AtlasEdge[]): Promise<Layout> {
  const root = states[0]!;
  const childrenOf = new Map<string, AtlasState[]>();
  for (const s of states.slice(1)) childrenOf.set(s.parent!, [...(childrenOf.get(s.parent!) ?? []), s]);

  const toElk = (state: AtlasState): ElkNode => {
    const kids = childrenOf.get(state.id) ?? [];
    const header = headerHeight(state);
    if (!kids.length) return { id: state.id, width: boxWidth(state), height: header };
    return {
      id: state.id,
      children: kids.map(toElk),
      layoutOptions: {
        'elk.padding': `[top=${header + 8},left=12,bottom=12,right=12]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${boxWidth(state)}, ${header + 24})`,
      },
    };
  };

  const drawn = edges.filter((e) => !e.targetless);
  const elkEdges: ElkExtendedEdge[] = drawn.map((e, i) => {
    const lines = wrapLabel(e.sentence);
    const longest = Math.max(...lines.map((l) => textWidth(l, LAYOUT_FONT.labelChar)));
    const label: ElkLabel = { id: `l${i}`, text: e.sentence, width: longest + 8, height: lines.length * LAYOUT_FONT.labelLine + 4 };
    return { id: `e${i}`, sources: [e.source], targets: [e.target], labels: [label] };
  });

  // The machine itself is a box too (transitions on the root, a parallel root's regions), inside the graph.
  const graph: ElkNode = {
    id: '__atlas',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': direction,
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '24',
      'elk.spacing.edgeNode': '14',
      'elk.spacing.edgeEdge': '10',
      'elk.spacing.edgeLabel': '3',
      'elk.layered.spacing.edgeNodeBetweenLayers': '14',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.edgeLabels.inline': 'false',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
      'org.eclipse.elk.json.shapeCoords': 'ROOT',
      'org.eclipse.elk.json.edgeCoords': 'ROOT',
    },
    children: [toElk(root)],
    edges: elkEdges,
  };

  const elk = new ELK();
  const out = await elk.layout(graph);
  const layout: Layout = { width: Math.ceil(out.width ?? 0), height: Math.ceil(out.height ?? 0), nodes: {}, edges: {} };
  const byId = new Map(states.map((s) => [s.id, s]));
  const walk = (node: ElkNode) => {
    for (const child of node.children ?? []) {
      layout.nodes[child.id] = {
        x: child.x ?? 0,
        y: child.y ?? 0,
        width: child.width ?? 0,
        height: child.height ?? 0,
        header: headerHeight(byId.get(child.id)!),
      };
      walk(child);
    }
  };
  walk(out);
  const collect = (node: ElkNode) => {
    for (const edge of (node.edges ?? []) as ElkExtendedEdge[]) {
      const i = Number(edge.id.slice(1));
      const section = edge.sections?.[0];
      const points = section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint] : [];
      const l = edge.labels?.[0];
      layout.edges[drawn[i]!.label] = {
        points: points.map((p) => ({ x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 })),
        label: l ? { x: l.x ?? 0, y: l.y ?? 0, width: l.width ?? 0, height: l.height ?? 0 } : null,
      };
    }
    (node.children ?? []).forEach(collect);
  };
  collect(out);
  return layout;
}

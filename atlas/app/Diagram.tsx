/**
 * The statechart as SVG, from the layout the builder computed (atlas/build/layout.ts): boxes
 * inside boxes for nested and parallel states (a parallel state's regions dashed), each box's
 * lines (tags, invoked calls, transitions that stay), edges labelled with their plain sentence
 * (the code name on hover). Active states are filled, the transition just taken is thick, a selected
 * state is outlined, an uncovered transition is red. A state is a button: click or Enter selects it.
 */
import { memo, type KeyboardEvent } from 'react';
import { LAYOUT_FONT, wrapLabel } from '../font';
import type { AtlasEdge, AtlasMachine, AtlasState } from '../model';

export interface DiagramProps {
  data: AtlasMachine;
  active: ReadonlySet<string>;
  /** Edge labels of the last step. */
  taken: ReadonlySet<string>;
  selected: string | null;
  scale: number;
  onSelect: (stateId: string) => void;
}

const depthOf = (s: AtlasState) => s.path.length;

function edgePath(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join(' ');
}

function StateBox({ state, data, active, taken, selected, onSelect }: { state: AtlasState } & Omit<DiagramProps, 'scale'>) {
  const box = data.layout.nodes[state.id];
  if (!box) return null;
  const parent = state.parent ? data.states.find((s) => s.id === state.parent) : undefined;
  const isActive = active.has(state.id);
  const classes = [
    'st',
    `st-${state.kind}`,
    parent?.kind === 'parallel' ? 'st-region' : '',
    isActive ? 'st-active' : '',
    selected === state.id ? 'st-selected' : '',
    state.parent === null ? 'st-root' : '',
  ].filter(Boolean);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(state.id);
    }
  };
  const name = state.parent === null ? data.machineId : state.key;
  const nameX = box.x + LAYOUT_FONT.pad + (state.initial ? 14 : 0);
  return (
    <g
      className={classes.join(' ')}
      data-state={state.id}
      data-active={isActive ? 'true' : undefined}
      role="button"
      tabIndex={0}
      aria-label={`State ${state.path.join('.') || data.machineId}${isActive ? ', active' : ''}${state.kind === 'final' ? ', final' : ''}`}
      aria-pressed={selected === state.id}
      onClick={(e) => {
        e.stopPropagation();
        onSelect(state.id);
      }}
      onKeyDown={onKey}
    >
      <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={8} />
      {state.kind === 'final' && <rect className="st-final-inner" x={box.x + 3} y={box.y + 3} width={box.width - 6} height={box.height - 6} rx={6} />}
      {state.initial && <circle className="st-initial" cx={box.x + LAYOUT_FONT.pad + 4} cy={box.y + 15} r={4} />}
      <text className="st-name" x={nameX} y={box.y + 19}>
        {name}
        {state.kind === 'parallel' ? ' ∥' : ''}
      </text>
      {state.lines.map((line, i) => (
        <text
          key={i}
          className={`st-line st-line-${line.kind}${line.edge && taken.has(line.edge) ? ' st-line-taken' : ''}${line.edge && data.edges.find((e) => e.label === line.edge)?.covered === 0 ? ' uncovered' : ''}`}
          x={box.x + LAYOUT_FONT.pad}
          y={box.y + LAYOUT_FONT.nameLine + i * LAYOUT_FONT.line + 11}
        >
          {line.edge && <title>{edgeTitle(data.edges.find((e) => e.label === line.edge) ?? { sentence: line.text, text: line.text, description: null })}</title>}
          {line.text}
        </text>
      ))}
    </g>
  );
}

/** On hover: the sentence, then the code name QA searches for, then the transition's description. */
export function edgeTitle(edge: Pick<AtlasEdge, 'sentence' | 'text' | 'description'>): string {
  const lines = [edge.sentence, `Code: ${edge.text}`];
  if (edge.description && edge.description !== edge.sentence) lines.push(edge.description);
  return lines.join('\n');
}

function Edge({ edge, data, taken }: { edge: AtlasEdge; data: AtlasMachine; taken: ReadonlySet<string> }) {
  const drawn = data.layout.edges[edge.label];
  if (!drawn || drawn.points.length < 2) return null;
  const classes = ['ed', taken.has(edge.label) ? 'ed-taken' : '', edge.covered === 0 ? 'uncovered' : ''].filter(Boolean).join(' ');
  return (
    <g className={classes} data-edge={edge.label}>
      <title>{edgeTitle(edge)}</title>
      <path d={edgePath(drawn.points)} markerEnd={taken.has(edge.label) ? 'url(#arrow-taken)' : edge.covered === 0 ? 'url(#arrow-red)' : 'url(#arrow)'} />
      {drawn.label && (
        <>
          <rect className="ed-label-bg" x={drawn.label.x} y={drawn.label.y} width={drawn.label.width} height={drawn.label.height} rx={3} />
          <text className="ed-label" x={drawn.label.x + 4} y={drawn.label.y + LAYOUT_FONT.labelLine - 1}>
            {wrapLabel(edge.sentence).map((line, i) => (
              <tspan key={i} x={drawn.label!.x + 4} dy={i ? LAYOUT_FONT.labelLine : 0}>
                {line}
              </tspan>
            ))}
          </text>
        </>
      )}
    </g>
  );
}

export const Diagram = memo(function Diagram(props: DiagramProps) {
  const { data, scale } = props;
  const states = [...data.states].sort((a, b) => depthOf(a) - depthOf(b));
  const { width, height } = data.layout;
  return (
    <svg
      className="diagram"
      width={Math.ceil(width * scale)}
      height={Math.ceil(height * scale)}
      viewBox={`0 0 ${width} ${height}`}
      role="group"
      aria-label={`Statechart of the ${data.name} machine: ${data.counts.states} states, ${data.counts.transitions} transitions`}
    >
      <defs>
        {(['arrow', 'arrow-taken', 'arrow-red'] as const).map((id) => (
          <marker key={id} id={id} className={id} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" />
          </marker>
        ))}
      </defs>
      {states.map((s) => (
        <StateBox key={s.id} state={s} {...props} />
      ))}
      <g className="edges">
        {data.edges
          .filter((e) => !e.targetless)
          .map((e) => (
            <Edge key={e.label} edge={e} data={data} taken={props.taken} />
          ))}
      </g>
    </svg>
  );
});

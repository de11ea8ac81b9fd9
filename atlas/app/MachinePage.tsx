/**
 * One machine: its statechart, and beside it the stepper (the events the current state accepts,
 * the calls to answer, the timers to fire), QA's generated paths to play, the clicked state's
 * details, and the machine's source and Mermaid. Where the machine is — input, steps taken, state
 * clicked, path played — lives in the address, so every view is a link to share.
 */
import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { AnyMachineSnapshot } from 'xstate';
import { stateLabel } from '../../model-testing/labels';
import { MIN_SCALE } from '../font';
import type { AtlasCase, AtlasMachine, AtlasState } from '../model';
import { Diagram } from './Diagram';
import { machineHash, RULES_HASH, type AtlasRoute, type Tab } from './route';
import { runtimeFor } from './registry';
import { activeIds, activeLeaves, createStepper, type Step } from './stepper';

type MachineRoute = Extract<AtlasRoute, { page: 'machine' }>;
type Go = (hash: string, how?: 'push' | 'replace') => void;

const TAB_NAMES: Record<Tab, string> = { step: 'Step through', paths: 'QA paths', state: 'State', source: 'Source', mermaid: 'Mermaid' };

function contextText(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify(snapshot.context, (_k, v: unknown) => (v instanceof Error ? `Error: ${v.message}` : typeof v === 'function' ? '(function)' : v), 2) ?? '';
}

function CaseButton({ c, data, onTake }: { c: AtlasCase; data: AtlasMachine; onTake: (i: number) => void }) {
  const delay = c.kind === 'delay' ? /^after (\S+)/.exec(c.label)?.[1] : undefined;
  const duration = delay ? data.delays[delay] : undefined;
  return (
    <button type="button" className={`case case-${c.kind}`} onClick={() => onTake(c.index)} data-case={c.index} title={c.detail || undefined}>
      {c.label}
      {duration ? ` (${duration})` : ''}
    </button>
  );
}

function StepPanel({ data, route, steps, stoppedAt, enabled, go }: { data: AtlasMachine; route: MachineRoute; steps: Step[]; stoppedAt: number | null; enabled: number[]; go: Go }) {
  const current = steps[steps.length - 1]!;
  const byKind = (kind: AtlasCase['kind']) => enabled.map((i) => data.cases[i]!).filter((c) => c.kind === kind);
  const take = (i: number) => go(machineHash({ ...route, steps: [...route.steps.slice(0, steps.length - 1), i], path: route.path }));
  const input = route.input ?? data.inputs[0]!;
  const last = current.caseIndex === null ? null : data.cases[current.caseIndex];
  const groups: [AtlasCase['kind'], string][] = [
    ['event', 'What the borrower or the page does'],
    ['done', 'Answer a call: done, with the sample answer'],
    ['error', 'Answer a call: failed'],
    ['delay', 'Fire a timer'],
  ];
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(window.location.href).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="panel-body">
      {data.inputs.length > 1 && (
        <label className="field">
          Start with the input{' '}
          <select value={input} onChange={(e) => go(machineHash({ name: data.name, input: e.target.value }))}>
            {data.inputs.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
      )}
      <p className="now" aria-live="polite">
        <span className="muted">Now in </span>
        <strong data-testid="current-state">{stateLabel(current.snapshot)}</strong>
        {current.snapshot.status !== 'active' && <span className="muted"> — the machine has finished</span>}
      </p>
      {last && (
        <p className="last">
          <span className="muted">Last step: </span>
          {last.label} <span className="muted">({current.edges.length ? current.edges.map((e) => e.replace(/^.*?—/, '—')).join(', ') : 'no transition'})</span>
        </p>
      )}
      {stoppedAt !== null && <p className="bad">The link's step {stoppedAt + 1} is not possible here (the machine or its cases changed): it stops before it.</p>}
      <div className="controls">
        <button type="button" onClick={() => go(machineHash({ ...route, steps: route.steps.slice(0, steps.length - 2) }))} disabled={steps.length < 2}>
          ← Back
        </button>
        <button type="button" onClick={() => go(machineHash({ name: data.name, input: route.input }))} disabled={steps.length < 2}>
          Reset
        </button>
        <button type="button" onClick={copy}>
          {copied ? 'Link copied' : 'Copy link'}
        </button>
      </div>
      {groups.map(([kind, title]) => {
        const list = byKind(kind);
        if (!list.length) return null;
        return (
          <section key={kind} className="case-group" aria-label={title}>
            <h3>{title}</h3>
            <div className="cases">
              {list.map((c) => (
                <CaseButton key={c.index} c={c} data={data} onTake={take} />
              ))}
            </div>
          </section>
        );
      })}
      {enabled.length === 0 && current.snapshot.status === 'active' && <p className="muted">No case of the tests is possible here.</p>}
      <details className="context">
        <summary>Context</summary>
        <pre>{contextText(current.snapshot)}</pre>
      </details>
    </div>
  );
}

function PathsPanel({ data, route, steps, go }: { data: AtlasMachine; route: MachineRoute; steps: Step[]; go: Go }) {
  const path = route.path ? data.paths.find((p) => p.id === route.path) : undefined;
  const [playing, setPlaying] = useState(false);
  const taken = route.steps.slice(0, steps.length - 1);
  const onPath = path ? (route.input ?? data.inputs[0]) === path.input && taken.every((c, i) => path.steps[i] === c) : false;
  const done = path ? onPath && taken.length >= path.steps.length : false;
  const next = () => {
    if (!path || !onPath || done) return;
    go(machineHash({ ...route, input: path.input, steps: path.steps.slice(0, taken.length + 1), path: path.id, tab: 'paths' }));
  };
  const advance = useEffectEvent(next);
  const position = taken.length;
  useEffect(() => {
    if (!playing) return;
    if (done || !onPath) {
      setPlaying(false);
      return;
    }
    const t = window.setTimeout(advance, 700);
    return () => window.clearTimeout(t);
  }, [playing, done, onPath, position]);
  const uncovered = data.edges.filter((e) => e.covered === 0);
  return (
    <div className="panel-body">
      <p>
        {data.paths.length} paths generated from the machine and its cases; together they take {data.coverage.covered} of its {data.coverage.total} transitions.
      </p>
      {uncovered.length === 0 ? (
        <p className="ok">Uncovered transitions: none.</p>
      ) : (
        <div className="bad">
          <p>Uncovered transitions (red in the diagram):</p>
          <ul>
            {uncovered.map((e) => (
              <li key={e.label}>{e.label}</li>
            ))}
          </ul>
        </div>
      )}
      {path && (
        <section className="player" aria-label={`Path ${path.id}`}>
          <h3>
            Path #{path.id} <span className="muted">({path.input})</span>
          </h3>
          {onPath ? (
            <p>
              Step {taken.length} of {path.steps.length}
              {done ? ` — done, in ${path.final}` : `; next: ${data.cases[path.steps[taken.length]!]!.label}`}
            </p>
          ) : (
            <p className="bad">The machine has left this path.</p>
          )}
          <div className="controls">
            <button type="button" onClick={next} disabled={!onPath || done}>
              Next step
            </button>
            <button type="button" onClick={() => setPlaying((p) => !p)} disabled={!onPath || done}>
              {playing ? 'Pause' : 'Play to the end'}
            </button>
            <button type="button" onClick={() => go(machineHash({ name: data.name, input: path.input, path: path.id, tab: 'paths' }))}>
              Restart path
            </button>
          </div>
        </section>
      )}
      <ol className="paths">
        {data.paths.map((p) => (
          <li key={p.id} className={p.id === route.path ? 'path-current' : undefined}>
            <button type="button" className="link" onClick={() => go(machineHash({ name: data.name, input: p.input, path: p.id, tab: 'paths' }))}>
              #{p.id}
            </button>{' '}
            <span className="muted">
              {p.input} · {p.steps.length} {p.steps.length === 1 ? 'step' : 'steps'} → {p.final}
            </span>
            <div className="path-title">{p.title.replace(/^#\d+ [^:]+: /, '')}</div>
          </li>
        ))}
      </ol>
    </div>
  );
}

function StatePanel({ data, state, active, onSelect }: { data: AtlasMachine; state: AtlasState | undefined; active: ReadonlySet<string>; onSelect: (id: string) => void }) {
  if (!state) return <div className="panel-body muted">Click a state in the diagram (or focus it and press Enter) to see what it means, its tags and what the borrower sees in it.</div>;
  const children = data.states.filter((s) => s.parent === state.id);
  const outgoing = data.edges.filter((e) => e.source === state.id);
  const leaves = data.states.filter((s) => s.sees && (s.id === state.id || s.id.startsWith(`${state.id}.`)));
  return (
    <div className="panel-body" data-testid="state-details">
      <h3>
        {state.parent === null ? data.machineId : state.path.join('.')} <span className="muted">({state.kind}{active.has(state.id) ? ', active now' : ''})</span>
      </h3>
      {state.description && <p>{state.description}</p>}
      <p>
        <span className="muted">Tags: </span>
        {state.tags.length ? state.tags.map((t) => <code key={t}>{t}</code>) : <span className="muted">none</span>}
      </p>
      {state.rules.length > 0 && (
        <p>
          <span className="muted">Enforces: </span>
          {state.rules.map((r) => (
            <a key={r} href={RULES_HASH} className="rule-link" aria-label={`${r}, on the Rules page`}>
              <code>{r}</code>
            </a>
          ))}
        </p>
      )}
      <h4>What the borrower sees</h4>
      {state.sees ? (
        <p className="sees">{state.sees}</p>
      ) : leaves.length ? (
        <ul className="sees">
          {leaves.map((l) => (
            <li key={l.id}>
              <button type="button" className="link" onClick={() => onSelect(l.id)}>
                {l.path.slice(state.path.length).join('.')}
              </button>
              : {l.sees}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">The screens the machine's states draw.</p>
      )}
      {state.invokes.length > 0 && (
        <>
          <h4>Calls made here</h4>
          <ul>
            {state.invokes.map((inv) => (
              <li key={inv.id}>
                <code>{inv.src}</code>: {inv.call}
              </li>
            ))}
          </ul>
        </>
      )}
      {children.length > 0 && (
        <>
          <h4>{state.kind === 'parallel' ? 'Regions (all active at once)' : 'States inside'}</h4>
          <p>
            {children.map((c, i) => (
              <span key={c.id}>
                {i > 0 && ', '}
                <button type="button" className="link" onClick={() => onSelect(c.id)}>
                  {c.key}
                </button>
              </span>
            ))}
          </p>
        </>
      )}
      {outgoing.length > 0 && (
        <>
          <h4>Transitions from here</h4>
          <ul className="transitions">
            {outgoing.map((e) => (
              <li key={e.label} className={e.covered === 0 ? 'bad' : undefined}>
                <strong>{e.sentence}</strong> → {e.targetless ? 'stays' : data.states.find((s) => s.id === e.target)?.path.join('.') || data.machineId}
                {e.description && e.description !== e.sentence ? ` — ${e.description}` : ''}{' '}
                <code className="code-name" title="The code name">
                  {e.text}
                </code>{' '}
                <span className="muted">({e.covered ? `taken by ${e.covered} test steps` : 'not covered'})</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function TextPanel({ title, text, href }: { title: string; text: string; href: string }) {
  return (
    <div className="panel-body">
      <p>
        <code>{title}</code> · <a href={href}>open the file</a>
      </p>
      <pre className="source">{text}</pre>
    </div>
  );
}

export function MachinePage({ data, route, go }: { data: AtlasMachine; route: MachineRoute; go: Go }) {
  const runtime = useMemo(() => runtimeFor(data.sourceFile, data.casesFile), [data]);
  const stepper = useMemo(() => createStepper(runtime.machine, runtime.cases, data.edges.map((e) => e.label)), [runtime, data]);
  const inputName = route.input && route.input in runtime.inputs ? route.input : data.inputs[0]!;
  const stepsKey = route.steps.join('.');
  const { steps, stoppedAt } = useMemo(() => stepper.replay(runtime.inputs[inputName], route.steps), [stepper, runtime, inputName, stepsKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const current = steps[steps.length - 1]!;
  const active = useMemo(() => activeIds(current.snapshot), [current]);
  const taken = useMemo(() => new Set(current.edges), [current]);
  const enabled = useMemo(() => stepper.enabled(current.snapshot), [stepper, current]);
  const selected = route.state ? data.states.find((s) => s.id === route.state) : undefined;
  const select = (id: string) => go(machineHash({ ...route, state: id, tab: 'state' }), 'replace');
  const setTab = (tab: Tab) => go(machineHash({ ...route, tab }), 'replace');

  const scroller = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState<number | null>(null);
  // Fit shrinks a wide chart only down to MIN_SCALE, where its smallest text is still 11 px on
  // screen; past that the frame scrolls both ways instead, so no label becomes unreadable.
  const fitScale = () => (scroller.current ? Math.max(MIN_SCALE, (scroller.current.clientWidth - 8) / data.layout.width) : 1);
  useLayoutEffect(() => {
    if (scale !== null || !scroller.current) return;
    setScale(Math.min(1, fitScale()));
  }, [scale, data]); // eslint-disable-line react-hooks/exhaustive-deps
  const s = scale ?? 1;
  // Keep the active leaf in view after a step.
  useEffect(() => {
    const el = scroller.current;
    const leaf = activeLeaves(current.snapshot)[0];
    const box = leaf ? data.layout.nodes[leaf] : undefined;
    if (!el || !box) return;
    const [x, y, w, h] = [box.x * s, box.y * s, box.width * s, box.height * s];
    const visible = x >= el.scrollLeft && y >= el.scrollTop && x + w <= el.scrollLeft + el.clientWidth && y + h <= el.scrollTop + el.clientHeight;
    if (!visible) el.scrollTo?.({ left: Math.max(0, x - el.clientWidth / 3), top: Math.max(0, y - el.clientHeight / 3), behavior: 'smooth' });
  }, [current, data, s]);

  const tab = route.tab;
  return (
    <main className="machine">
      <header className="machine-head">
        <a href="#/" className="back">
          ← All machines
        </a>
        <h1>{data.name}</h1>
        <p className="machine-desc">{data.description}</p>
        <p className="muted">
          {data.counts.states} states · {data.counts.transitions} transitions ·{' '}
          <span className={data.coverage.missing.length ? 'bad' : undefined}>
            {data.coverage.covered}/{data.coverage.total} covered
          </span>{' '}
          · {data.screens.length ? data.screens.map((sc) => `${sc.title} (${sc.path})`).join(', ') : 'inside other screens'} ·{' '}
          <button type="button" className="link" onClick={() => setTab('source')}>
            source
          </button>{' '}
          ·{' '}
          <button type="button" className="link" onClick={() => setTab('mermaid')}>
            Mermaid
          </button>{' '}
          · <a href={data.reportFile}>report</a>
        </p>
      </header>
      <div className="machine-body">
        <section className="diagram-pane" aria-label="Statechart">
          <div className="zoom" role="toolbar" aria-label="Zoom">
            <button type="button" onClick={() => setScale(Math.max(MIN_SCALE, s / 1.25))} disabled={s <= MIN_SCALE} aria-label="Zoom out">
              −
            </button>
            <button type="button" onClick={() => setScale(Math.min(2.5, s * 1.25))} aria-label="Zoom in">
              +
            </button>
            <button type="button" onClick={() => setScale(fitScale())}>
              Fit
            </button>
            <span className="muted">{Math.round(s * 100)}%</span>
          </div>
          <div className="diagram-scroll" ref={scroller}>
            <Diagram data={data} active={active} taken={taken} selected={selected?.id ?? null} scale={s} onSelect={select} />
          </div>
        </section>
        <section className="side" aria-label="Inspector">
          <div className="tabs" role="tablist">
            {(Object.keys(TAB_NAMES) as Tab[]).map((t) => (
              <button key={t} type="button" role="tab" aria-selected={tab === t} className={tab === t ? 'tab tab-on' : 'tab'} onClick={() => setTab(t)}>
                {TAB_NAMES[t]}
              </button>
            ))}
          </div>
          <div role="tabpanel" aria-label={TAB_NAMES[tab]}>
            {tab === 'step' && <StepPanel data={data} route={route} steps={steps} stoppedAt={stoppedAt} enabled={enabled} go={go} />}
            {tab === 'paths' && <PathsPanel data={data} route={route} steps={steps} go={go} />}
            {tab === 'state' && <StatePanel data={data} state={selected} active={active} onSelect={select} />}
            {tab === 'source' && <TextPanel title={data.sourceFile} text={data.source} href={`source/${data.sourceFile}.txt`} />}
            {tab === 'mermaid' && <TextPanel title={`flows/${data.mermaidFile}`} text={data.mermaid} href={data.mermaidFile} />}
          </div>
        </section>
      </div>
    </main>
  );
}

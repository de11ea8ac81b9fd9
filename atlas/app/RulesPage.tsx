/**
 * The rules map: each rule of machines/shared/rules.ts with its source, the machines' states whose
 * meta names it (each linking to its machine's diagram, the state selected), where else it is held,
 * and the proof's result over the generated paths (atlas/build/proof.ts).
 */
import type { AtlasRule, AtlasRules } from '../model';
import { machineHash } from './route';
import { builtAt } from './time';

function Check({ check }: { check: AtlasRule['checks'][number] }) {
  return (
    <li className={check.holds ? 'check check-ok' : 'check check-bad'}>
      <span className={check.holds ? 'badge badge-ok' : 'badge badge-fail'}>{check.holds ? 'holds' : 'fails'}</span> {check.text}
      {check.gaps.length > 0 && (
        <ul className="gaps">
          {check.gaps.map((g) => (
            <li key={g}>{g}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

function RuleCard({ rule }: { rule: AtlasRule }) {
  const nowhere = rule.states.length === 0 && rule.heldIn.length === 0;
  return (
    <li className="rule" id={`rule-${rule.id}`} data-rule={rule.id}>
      <h2>{rule.name}</h2>
      <p className="rule-summary">{rule.summary}</p>
      <p className="rule-id muted">
        <code>{rule.id}</code>
      </p>
      <h3>Source</h3>
      <ul className="rule-list">
        {rule.sources.map((s) => (
          <li key={`${s.circular} ${s.where}`}>
            {s.circular}, {new Date(`${s.date}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}
            {s.reference ? ` (${s.reference})` : ''}: {s.where}
            {s.confirmed ? '' : ' (section; paragraph number not confirmed)'}
          </li>
        ))}
      </ul>
      <h3>Enforced by</h3>
      {nowhere ? (
        <p className="bad">No state names this rule yet, and no view or server module is named for it.</p>
      ) : (
        <ul className="rule-list">
          {rule.states.map((s) => (
            <li key={s.state}>
              <a href={machineHash({ name: s.machine, state: s.state, tab: 'state' })}>
                {s.machine} · {s.path}
              </a>
              {s.description ? <span className="muted"> — {s.description}</span> : null}
            </li>
          ))}
          {rule.heldIn.map((h) => (
            <li key={h.file}>
              <code>{h.file}</code> {h.what}
            </li>
          ))}
        </ul>
      )}
      {rule.checks.length > 0 && (
        <>
          <h3>Proof</h3>
          <ul className="rule-list">
            {rule.checks.map((c) => (
              <Check key={c.text} check={c} />
            ))}
          </ul>
        </>
      )}
    </li>
  );
}

export function RulesPage({ rules }: { rules: AtlasRules | null }) {
  if (!rules)
    return (
      <main className="index">
        <p className="bad" role="alert">
          atlas/data/rules.js is empty: run npm run flows.
        </p>
        <a href="#/">← All machines</a>
      </main>
    );
  const failing = rules.rules.flatMap((r) => r.checks).filter((c) => !c.holds).length;
  return (
    <main className="index rules">
      <header className="index-head">
        <a className="back" href="#/">
          ← All machines
        </a>
        <h1>Rules</h1>
        <p>
          What RBI&apos;s digital lending rules give the borrower, where each comes from, and which states of the flows enforce it. A state enforces a rule when its
          meta names it; the proof walks every path the model tests generate.
        </p>
        <p role="status" className={rules.ok ? 'proof proof-ok' : 'proof proof-bad'}>
          {rules.ok ? 'The proof holds: every path to money passes its KFS, and every reminder states the penal charge.' : `The proof fails: ${failing} check${failing === 1 ? '' : 's'} below.`}{' '}
          <span className="muted">
            Built {builtAt(rules.generatedAt)}.
          </span>
        </p>
      </header>
      <ol className="rule-cards">
        {rules.rules.map((r) => (
          <RuleCard key={r.id} rule={r} />
        ))}
      </ol>
    </main>
  );
}

/** The index: every machine by journey, with its description, size, coverage and screens. */
import type { AtlasIndex, AtlasRules, AtlasSummary } from '../model';
import { machineHash, RULES_HASH } from './route';
import { builtAt } from './time';

function Coverage({ m }: { m: AtlasSummary }) {
  const full = m.coverage.missing.length === 0;
  return (
    <span className={full ? 'badge badge-ok' : 'badge badge-bad'}>
      {m.coverage.covered}/{m.coverage.total} transitions covered{full ? '' : ` — ${m.coverage.missing.length} not`}
    </span>
  );
}

function MachineCard({ m }: { m: AtlasSummary }) {
  return (
    <li className="card" data-machine={m.name}>
      <h3>
        <a href={machineHash({ name: m.name })}>{m.name}</a>
      </h3>
      <p className="card-desc">{m.description}</p>
      <p className="card-figures">
        {m.counts.states} states · {m.counts.transitions} transitions · {m.paths} test paths · <Coverage m={m} />
      </p>
      <p className="card-screens">
        {m.screens.length === 0 ? (
          <span className="muted">Rendered inside other screens</span>
        ) : (
          <>
            <span className="muted">Screens: </span>
            {m.screens.map((s, i) => (
              <span key={s.path}>
                {i > 0 && ', '}
                {s.title} <code>{s.path}</code>
              </span>
            ))}
          </>
        )}
      </p>
    </li>
  );
}

export function IndexPage({ index, rules }: { index: AtlasIndex; rules: AtlasRules | null }) {
  const total = index.machines.reduce((a, m) => ({ states: a.states + m.counts.states, transitions: a.transitions + m.counts.transitions }), { states: 0, transitions: 0 });
  const uncovered = index.machines.filter((m) => m.coverage.missing.length > 0);
  return (
    <main className="index">
      <header className="index-head">
        <h1>Flow atlas</h1>
        <p>
          Every flow of the borrower app is a state machine. Here each one is drawn from the machine itself and runs in the page: pick a machine, then step through
          it, answer its calls, fire its timers, or play the paths QA's tests take.
        </p>
        <p className="muted">
          {index.machines.length} machines · {total.states} states · {total.transitions} transitions ·{' '}
          {uncovered.length ? <span className="bad">{uncovered.length} with uncovered transitions</span> : 'every transition covered by the generated test paths'} · built{' '}
          {builtAt(index.generatedAt)}
        </p>
        <p className="index-rules">
          <a href={RULES_HASH}>Rules</a>: the borrower&apos;s rights under RBI&apos;s rules, the states that enforce them, and the proof over the paths
          {rules ? (
            <>
              {' '}
              · <span className={rules.ok ? 'badge badge-ok' : 'badge badge-fail'}>{rules.ok ? 'the proof holds' : 'the proof fails'}</span>
            </>
          ) : null}
        </p>
      </header>
      {index.journeys.map((j) => {
        const machines = index.machines.filter((m) => m.journey === j.id);
        if (!machines.length) return null;
        return (
          <section key={j.id} className="journey" aria-labelledby={`j-${j.id}`}>
            <h2 id={`j-${j.id}`}>{j.title}</h2>
            <p className="muted">{j.blurb}</p>
            <ul className="cards">
              {machines.map((m) => (
                <MachineCard key={m.name} m={m} />
              ))}
            </ul>
          </section>
        );
      })}
    </main>
  );
}

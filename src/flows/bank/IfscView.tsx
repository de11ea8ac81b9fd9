/**
 * The IFSC finder: one level at a time (bank, state, city, branch), each a searchable list of buttons
 * under a labelled search field, with the choices made so far and a way back up a level. Renders the
 * ifsc machine's state; the filter is in machines/bank/ifsc.rules.ts, the texts in i18n/en/bank.ts.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ifscMachine } from '../../../machines/bank/ifsc.machine';
import { bankLabel, branchLabel, filterBanks, filterBranches, filterPlaces, IFSC_LEVELS, type IfscLevel } from '../../../machines/bank/ifsc.rules';
import { bankText } from '../../../i18n/en/bank';
import { paths } from '../../../machines/shared/paths';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { LoadError, Loading } from '../../ui/Status';
import { TextField } from '../../ui/TextField';
import { useText } from '../../ui/text';
import './bank.css';

export type IfscActor = ActorRefFrom<typeof ifscMachine>;
type Snapshot = SnapshotFrom<typeof ifscMachine>;

const LEVELS: readonly IfscLevel[] = ['bank', 'state', 'city', 'branch'];
const levelOf = (s: Snapshot): IfscLevel | null => LEVELS.find((l) => s.hasTag(`${l}Level`)) ?? null;

interface Item {
  id: string;
  label: string;
  detail?: string;
  event: { type: 'bank.chosen' | 'state.chosen' | 'city.chosen' | 'branch.chosen'; id: string };
}

/** The items of the level shown, filtered by the search, and how many there are in all. */
function itemsOf(s: Snapshot, level: IfscLevel): { items: Item[]; total: number } {
  const { query } = s.context;
  switch (level) {
    case 'bank':
      return { total: s.context.banks.length, items: filterBanks(s.context.banks, query).map((b) => ({ id: b.id, label: bankLabel(b), event: { type: 'bank.chosen', id: b.id } })) };
    case 'state':
      return { total: s.context.states.length, items: filterPlaces(s.context.states, query).map((p) => ({ id: p.id, label: p.name, event: { type: 'state.chosen', id: p.id } })) };
    case 'city':
      return { total: s.context.cities.length, items: filterPlaces(s.context.cities, query).map((p) => ({ id: p.id, label: p.name, event: { type: 'city.chosen', id: p.id } })) };
    case 'branch':
      return {
        total: s.context.branches.length,
        items: filterBranches(s.context.branches, query).map((b) => ({ id: b.id, label: branchLabel(b), detail: b.ifsc, event: { type: 'branch.chosen', id: b.id } })),
      };
  }
}

export function IfscView({ actor, pid }: { actor: IfscActor; pid: string }) {
  const t = useText(bankText);
  const level = useSelector(actor, levelOf) ?? 'branch';
  const phase = useSelector(actor, (s) => (s.hasTag('failed') ? 'failed' : s.hasTag('choosing') ? 'choosing' : 'loading'));
  const error = useSelector(actor, (s) => s.context.error);
  const trail = useSelector(actor, (s) => s.context, (a, b) => a.bank === b.bank && a.state === b.state && a.city === b.city);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // After a choice (or a step back up), focus goes to the new level's heading.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [level]);
  const back = IFSC_LEVELS[level].back;
  return (
    <Screen title={t('ifscTitle')} backTo={paths.bankAdd.href(pid)} className="ifsc">
      {/* The choices made above the level shown: after 'Change bank', no bank is listed as chosen. */}
      {trail.bank && level !== 'bank' && (
        <dl className="ifsc-trail">
          {trail.bank && (
            <div>
              <dt>{t('trailBank')}</dt>
              <dd>{bankLabel(trail.bank)}</dd>
            </div>
          )}
          {trail.state && level !== 'state' && (
            <div>
              <dt>{t('trailState')}</dt>
              <dd>{trail.state.name}</dd>
            </div>
          )}
          {trail.city && level === 'branch' && (
            <div>
              <dt>{t('trailCity')}</dt>
              <dd>{trail.city.name}</dd>
            </div>
          )}
        </dl>
      )}
      <div className="ifsc-level-head">
        <h2 ref={heading} tabIndex={-1}>
          {t(IFSC_LEVELS[level].heading)}
        </h2>
        {back && (
          <Button variant="link" onClick={() => actor.send({ type: 'level.back' })}>
            {t(back)}
          </Button>
        )}
      </div>
      {phase === 'loading' && <Loading />}
      {phase === 'failed' && <LoadError message={error ? t.said(error) : t('listFailed')} onRetry={() => actor.send({ type: 'list.retried' })} />}
      {phase === 'choosing' && <IfscList actor={actor} level={level} />}
    </Screen>
  );
}

function IfscList({ actor, level }: { actor: IfscActor; level: IfscLevel }) {
  const t = useText(bankText);
  const query = useSelector(actor, (s) => s.context.query);
  const { items, total } = useSelector(actor, (s) => itemsOf(s, level), (a, b) => a.total === b.total && a.items.length === b.items.length && a.items.every((x, i) => x.id === b.items[i]?.id));
  if (total === 0) return <p className="empty">{t(IFSC_LEVELS[level].empty)}</p>;
  const listId = `ifsc-${level}-list`;
  const { hint } = IFSC_LEVELS[level];
  return (
    <>
      <TextField
        id={`ifsc-${level}-search`}
        type="search"
        label={t(IFSC_LEVELS[level].search)}
        hint={hint ? t(hint) : undefined}
        value={query}
        onValueChange={(value) => actor.send({ type: 'search.changed', value })}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        aria-controls={listId}
      />
      <p className="muted ifsc-count" role="status" aria-live="polite">
        {query.trim() ? (items.length ? t('shown', { shown: items.length, total }) : t('noMatch', { query: query.trim() })) : ''}
      </p>
      <ul id={listId} className="ifsc-list" aria-label={t(IFSC_LEVELS[level].heading)}>
        {items.map((item) => (
          <li key={item.id}>
            <button type="button" className="list-row ifsc-item" onClick={() => actor.send(item.event)}>
              <span>
                {item.label}
                {item.detail && item.detail !== item.label && <span className="ifsc-item-detail"> {item.detail}</span>}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

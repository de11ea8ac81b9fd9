import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ifscMachine } from '../../machines/bank/ifsc.machine';
import { BANKS, BRANCHES, CITIES, cases, inputs, serialize, STATES } from '../../machines/bank/ifsc.cases';
import { filterBanks, filterBranches, matches } from '../../machines/bank/ifsc.rules';
import { formatCoverage, transitionCoverage } from '../support/coverage';
import { generatePaths } from '../support/paths';

const paths = generatePaths(ifscMachine, { cases, inputs, serialize });

describe('IFSC finder rules', () => {
  it('filters by every word typed, any case, any order; a branch also by its IFSC', () => {
    expect(matches('', 'anything')).toBe(true);
    expect(filterBanks(BANKS, 'india state').map((b) => b.bankName)).toEqual(['State Bank of India']);
    expect(filterBanks(BANKS, '  hdfc ')).toHaveLength(1);
    expect(filterBanks(BANKS, 'axis')).toEqual([]);
    expect(filterBranches(BRANCHES, 'sbin0005778').map((b) => b.name)).toEqual(['Koramangala']);
  });
});

describe('IFSC finder machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(ifscMachine, paths);
    expect(coverage.missing, formatCoverage('ifsc', coverage)).toEqual([]);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    let previous = path.steps[0]!.state;
    for (const { state, event } of path.steps) {
      if (state.hasTag('failed')) expect(state.context.error).toBeTruthy();
      else expect(state.context.error).toBeNull();
      if (state.matches('state') || state.matches('city') || state.matches('branch')) expect(state.context.bank?.id).toBe('1');
      if (state.matches('city') || state.matches('branch')) expect(state.context.state?.id).toBe('11');
      if (state.matches('branch')) expect(state.context.city?.id).toBe('111');
      // A new level (down or back up) starts with an empty search.
      if (event.type !== 'search.changed' && !state.matches('done') && JSON.stringify(Object.keys(state.value as object)) !== JSON.stringify(Object.keys(previous.value as object)))
        expect(state.context.query).toBe('');
      previous = state;
    }
  });

  it('runs with provided effects: each list once, back up keeps lists, the branch IFSC replaces the finder', async () => {
    const calls: string[] = [];
    const navigations: string[] = [];
    const tick = () => new Promise((r) => setTimeout(r, 0));
    const actor = createActor(
      ifscMachine.provide({
        actors: {
          loadBanks: fromPromise(async () => (calls.push('banks'), BANKS)),
          loadStates: fromPromise(async ({ input }) => (calls.push(`states ${input.bankId}`), STATES)),
          loadCities: fromPromise(async ({ input }) => (calls.push(`cities ${input.stateId}`), CITIES)),
          loadBranches: fromPromise(async ({ input }) => (calls.push(`branches ${input.cityId}`), BRANCHES)),
        },
        actions: { navigate: (_, { to, replace }) => navigations.push(`${replace ? 'replace' : 'push'} ${to}`) },
      }),
      { input: { pid: '3' } },
    ).start();
    await tick();
    actor.send({ type: 'bank.chosen', id: '1' });
    await tick();
    actor.send({ type: 'state.chosen', id: '11' });
    await tick();
    actor.send({ type: 'level.back' });
    expect(actor.getSnapshot().matches({ state: 'choosing' })).toBe(true);
    actor.send({ type: 'state.chosen', id: '11' });
    await tick();
    actor.send({ type: 'city.chosen', id: '111' });
    await tick();
    actor.send({ type: 'branch.chosen', id: 'not-listed' });
    expect(navigations).toEqual([]);
    actor.send({ type: 'branch.chosen', id: '1112' });
    expect(calls).toEqual(['banks', 'states 1', 'cities 11', 'cities 11', 'branches 111']);
    expect(navigations).toEqual(['replace /bank/add?pid=3&ifsc_code=SBIN0005778']);
  });
});

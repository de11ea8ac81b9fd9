/**
 * Self-tests of the model-based testing harness (model-testing/): the coverage check must
 * report every edge no path takes, count `always` and `after` edges, and reject cases that name
 * nothing; the replay runner must act, assert and say where it failed.
 */
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { actorDone, actorError, delayElapsed, type CaseList } from '../../machines/shared/cases';
import { transitionCoverage } from '../../model-testing/coverage';
import { machineEdges, runEvents } from '../../model-testing/edges';
import { deferred } from '../support/fakes';
import { eventLabel, stateLabel } from '../../model-testing/labels';
import { checkCases, generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

/** a → b → c, a guarded shortcut that never passes, and a state nothing leads to. */
const gapMachine = setup({
  types: { context: {} as { n: number }, events: {} as { type: 'next' } | { type: 'skip' } | { type: 'back' } },
  guards: { never: () => false },
}).createMachine({
  id: 'gap',
  context: { n: 0 },
  initial: 'a',
  states: {
    a: { on: { next: 'b', skip: { guard: 'never', target: 'c' } } },
    b: { on: { next: 'c', back: 'a' } },
    c: { type: 'final' },
    orphan: { on: { next: 'a' } },
  },
});

/** An invoke, an after delay, and eventless transitions. */
const fullMachine = setup({
  types: { context: {} as { ok: boolean; tries: number }, events: {} as { type: 'go' } | { type: 'reset' } },
  actors: { work: fromPromise<string, { tries: number }>(() => Promise.reject(new Error('not provided'))) },
  delays: { pause: 500 },
  guards: { tooMany: ({ context }) => context.tries >= 2 },
}).createMachine({
  id: 'full',
  context: { ok: false, tries: 0 },
  initial: 'idle',
  states: {
    idle: { on: { go: 'working' } },
    working: {
      invoke: {
        id: 'work',
        src: 'work',
        input: ({ context }) => ({ tries: context.tries }),
        onDone: { target: 'done', actions: assign({ ok: true }) },
        onError: { target: 'check', actions: assign({ tries: ({ context }) => context.tries + 1 }) },
      },
    },
    check: { always: [{ guard: 'tooMany', target: 'gaveUp' }, { target: 'waiting' }] },
    waiting: { after: { pause: 'working' } },
    gaveUp: { on: { reset: { target: 'idle', actions: assign({ tries: 0 }) } } },
    done: { type: 'final' },
  },
});

const fullCases = [
  { type: 'go' },
  { type: 'reset' },
  actorDone('work', 'result'),
  actorError('work', new Error('busy')),
  delayElapsed(fullMachine, 'pause', 'full.waiting'),
] satisfies CaseList<typeof fullMachine>;

describe('transitionCoverage', () => {
  it('reports edges no path takes: a case left out, a guard that never passes, an unreachable state', () => {
    const paths = generatePaths(gapMachine, { cases: [{ type: 'next' }, { type: 'skip' }] });
    const coverage = transitionCoverage(gapMachine, paths);
    expect(coverage.total).toBe(5);
    expect(coverage.missing).toEqual(['gap.a —skip [never]→ gap.c', 'gap.b —back→ gap.a', 'gap.orphan —next→ gap.a']);
    expect(coverage.covered).toBe(2);
  });

  it('fails the usual assertion when an edge is left out', () => {
    const paths = generatePaths(gapMachine, { cases: [{ type: 'next' }, { type: 'back' }] });
    expect(() => expect(transitionCoverage(gapMachine, paths).missing).toEqual([])).toThrow();
  });

  it('counts invoke results, after delays and always transitions', () => {
    const paths = generatePaths(fullMachine, { cases: fullCases });
    const coverage = transitionCoverage(fullMachine, paths);
    expect(coverage.missing).toEqual([]);
    expect(coverage.edges.map((e) => e.label)).toEqual([
      'full.idle —go→ full.working',
      'full.working —work done→ full.done',
      'full.working —work error→ full.check',
      'full.check —always [tooMany]→ full.gaveUp',
      'full.check —always→ full.waiting',
      'full.waiting —after pause→ full.working',
      'full.gaveUp —reset→ full.idle',
    ]);
  });

  it('misses the delayed edge, and what only it leads to, when the delay is not a case', () => {
    const paths = generatePaths(fullMachine, { cases: fullCases.slice(0, 4) });
    expect(transitionCoverage(fullMachine, paths).missing).toEqual([
      'full.check —always [tooMany]→ full.gaveUp',
      'full.waiting —after pause→ full.working',
      'full.gaveUp —reset→ full.idle',
    ]);
  });

  it("'shortest' can leave an edge out that the default strategy adds", () => {
    const shortest = generatePaths(gapMachine, { cases: [{ type: 'next' }, { type: 'back' }], strategy: 'shortest' });
    expect(transitionCoverage(gapMachine, shortest).missing).toContain('gap.b —back→ gap.a');
    const all = generatePaths(gapMachine, { cases: [{ type: 'next' }, { type: 'back' }] });
    expect(transitionCoverage(gapMachine, all).missing).not.toContain('gap.b —back→ gap.a');
  });
});

describe('generatePaths', () => {
  it('starts each path with xstate.init, drops prefixes, numbers and names them', () => {
    const paths = generatePaths(fullMachine, { cases: fullCases });
    for (const p of paths) expect(p.steps[0]!.event.type).toBe('xstate.init');
    const keys = paths.map((p) => p.steps.map((s) => JSON.stringify(s.event)).join('>'));
    for (const k of keys) expect(keys.filter((o) => o !== k && o.startsWith(k)).length).toBe(0);
    expect(paths.map((p) => p.id)).toEqual(paths.map((_, i) => i + 1));
    expect(paths[0]!.title).toMatch(/^#1 default: idle/);
  });

  it('names the delay event the way xstate does, and refuses a wrong one', () => {
    expect(delayElapsed(fullMachine, 'pause', '#full.waiting')).toEqual({ type: 'xstate.after.pause.full.waiting' });
    expect(() => delayElapsed(fullMachine, 'pause', 'full.idle')).toThrow(/has no 'after' delay 'pause'/);
    expect(() => delayElapsed(fullMachine, 'pause', 'full.nowhere')).toThrow(/no state/);
  });

  it('refuses cases that no state handles (a typo or a renamed event)', () => {
    expect(() => checkCases(fullMachine, [{ type: 'go' }, { type: 'xstate.done.actor.wrok', output: 1, actorId: 'wrok' }])).toThrow(/xstate.done.actor.wrok/);
  });

  it('explores one node per serialized state: serialize decides what makes states differ', () => {
    const counter = setup({ types: { context: {} as { n: number }, events: {} as { type: 'inc' } } }).createMachine({
      context: { n: 0 },
      on: { inc: { actions: assign({ n: ({ context }) => Math.min(context.n + 1, 5) }) } },
    });
    expect(generatePaths(counter, { cases: [{ type: 'inc' }] })[0]!.steps).toHaveLength(6);
    expect(generatePaths(counter, { cases: [{ type: 'inc' }], serialize: (s) => s.context.n > 0 })[0]!.steps).toHaveLength(2);
  });

  it('adds bounded simple paths on request', () => {
    const paths = generatePaths(gapMachine, { cases: [{ type: 'next' }, { type: 'back' }], simple: { limit: 10 } });
    expect(paths.length).toBeGreaterThan(0);
  });

  it('counts invocations of an actor along a path', () => {
    const steps = runEvents(fullMachine, undefined, [{ type: 'go' }, actorError('work', new Error('x')), delayElapsed(fullMachine, 'pause', 'full.waiting')]);
    expect(invocations(steps, 'work')).toBe(2);
    expect(steps[2]!.edges).toEqual(['full.working —work error→ full.check', 'full.check —always→ full.waiting']);
  });
});

describe('machineEdges and labels', () => {
  it('lists targetless transitions as loops and names guards', () => {
    const m = setup({ types: { events: {} as { type: 'tick' } }, guards: { a: () => true, b: () => true } }).createMachine({
      id: 'm',
      initial: 'x',
      states: { x: { on: { tick: [{ guard: 'a', actions: [] }, { guard: { type: 'b' }, target: 'y' }] } }, y: {} },
    });
    expect(machineEdges(m).map((e) => [e.label, e.targetless])).toEqual([
      ['m.x —tick [a]→ m.x', true],
      ['m.x —tick [b]→ m.y', false],
    ]);
  });

  it('labels events and parallel states readably', () => {
    expect(eventLabel({ type: 'xstate.done.actor.work', output: 'ok' } as never)).toBe('work done "ok"');
    expect(eventLabel({ type: 'xstate.error.actor.work', error: new Error('busy') } as never)).toBe('work error "busy"');
    expect(eventLabel({ type: 'xstate.after.pause.full.waiting' })).toBe('after pause');
    expect(eventLabel({ type: 'phone.changed', value: '98' } as never)).toBe('phone.changed "98"');
    const par = setup({}).createMachine({ id: 'p', type: 'parallel', states: { r1: { initial: 'a', states: { a: {} } }, r2: { initial: 'b', states: { b: { initial: 'c', states: { c: {} } } } } } });
    expect(stateLabel(runEvents(par, undefined, [])[0]!.state)).toBe('a + b.c');
  });
});

describe('replayPath', () => {
  const [path] = generatePaths(fullMachine, { cases: [{ type: 'go' }, actorDone('work', 'result')] });

  it('acts for each event and asserts each state reached', async () => {
    const log: string[] = [];
    await replayPath(path!, {
      act: {
        'xstate.init': () => void log.push('render'),
        go: () => void log.push('tap go'),
        reset: () => void log.push('tap reset'),
        'xstate.done.actor.work': (e) => void log.push(`resolve ${JSON.stringify(e.output)}`),
      },
      assert: (s) => void log.push(`see ${JSON.stringify(s.value)}`),
    });
    expect(log).toEqual(['render', 'see "idle"', 'tap go', 'see "working"', 'resolve "result"', 'see "done"']);
  });

  it('names the path and the step when an assertion fails, and requires a handler per event', async () => {
    const act = { go: () => {}, reset: () => {} };
    await expect(
      replayPath(path!, { act: { ...act, 'xstate.done.actor.work': () => {} }, assert: (s) => expect(s.value).not.toBe('working') }),
    ).rejects.toThrow(/step 1 \(go → working\) of path #1/);
    await expect(replayPath(path!, { act, assert: () => {} })).rejects.toThrow(/no act handler for 'xstate.done.actor.work'/);
  });

  it('deferred: settles once, reports it', async () => {
    const d = deferred<number>();
    expect(d.settled).toBe(false);
    d.resolve(3);
    expect(d.settled).toBe(true);
    await expect(d.promise).resolves.toBe(3);
  });
});

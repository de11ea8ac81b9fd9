/**
 * The rules map's proof (atlas/build/proof.ts), on small machines first (a path that skips the KFS
 * fails it, one that passes the KFS holds it), then on the reminder texts and on every real machine.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromPromise, setup, type AnyStateMachine } from 'xstate';
import { callHolds, checkPaths, checkReminders, enforcingStates, proveRules, SAMPLE_FIGURES, type ProofMachine } from '../../atlas/build/proof';
import { rulesAtlas } from '../../atlas/build/rules';
import { actorDone, actorError } from '../../machines/shared/cases';
import { enforces, MONEY_CALLS, RULE_IDS, RULES, rulesOfMeta } from '../../machines/shared/rules';
import { formatRupees, reminderText } from '../../server/src/domain/reminders';
import { analyseMachine, findMachineFiles, proofMachines, reportNames, type Result } from '../../scripts/flows';
import { generatePaths } from '../../model-testing/paths';

/** The small machines' source, as the proof reads it: the first sentence of each actor's JSDoc names its call. */
const SOURCE = `setup({
  actors: {
    /** POST /order/v1/loan {orderId} with the intent's Idempotency-Key (Get Money). */
    confirmLoan: placeholder,
  },
})`;

type Shape = 'skips' | 'passes' | 'self-tagged' | 'ancestor' | 'stale';

/**
 * Get Money in five shapes: straight from idle ('skips'); only through the KFS state ('passes'); the
 * sending state naming the rule itself ('self-tagged'); sending inside a state that names it
 * ('ancestor'); a KFS acknowledged once, then Get Money again straight from idle after a failure ('stale').
 */
function getMoneyMachine(shape: Shape): AnyStateMachine {
  const kfs = enforces('kfs-valid-at-disbursal');
  const confirming = {
    description: 'POST /order/v1/loan.',
    ...(shape === 'self-tagged' ? { meta: kfs } : {}),
    invoke: { id: 'confirmLoan', src: 'confirmLoan' as const, onDone: '#m.done', onError: '#m.idle' },
  };
  const throughKfs = shape === 'passes' || shape === 'ancestor';
  const afterKfs = shape === 'ancestor' ? 'acknowledged' : shape === 'passes' || shape === 'stale' ? 'confirming' : 'idle';
  return setup({
    types: { events: {} as { type: 'getMoney.tapped' } | { type: 'kfs.opened' } | { type: 'kfs.acknowledged' } },
    actors: { confirmLoan: fromPromise<void>(() => Promise.resolve()) },
  }).createMachine({
    id: 'm',
    initial: 'idle',
    states: {
      idle: { description: 'The loan to confirm.', on: { 'getMoney.tapped': throughKfs ? 'kfs' : 'confirming', 'kfs.opened': 'kfs' } },
      kfs: { description: 'The KFS, read and acknowledged.', meta: kfs, on: { 'kfs.acknowledged': afterKfs } },
      acknowledged: { description: 'Acknowledged: Get Money inside.', meta: kfs, initial: 'confirming', states: { confirming } },
      confirming,
      done: { type: 'final', description: 'Confirmed.' },
    },
  });
}

const cases = [
  { type: 'getMoney.tapped' },
  { type: 'kfs.opened' },
  { type: 'kfs.acknowledged' },
  actorDone('confirmLoan', undefined),
  actorError('confirmLoan', new Error('Service busy')),
] as const;

const small = (shape: Shape): ProofMachine => {
  const machine = getMoneyMachine(shape);
  return { name: `get-money-${shape}`, machine, sourceFile: 'small.machine.ts', source: SOURCE, paths: generatePaths(machine, { cases }) };
};
const getMoney = MONEY_CALLS.find((c) => c.requires === 'kfs-valid-at-disbursal')!;

describe('the proof on small machines', () => {
  it('fails a machine whose path sends Get Money without passing a KFS state, and names the path and the state', () => {
    const { sent, gaps, senders } = checkPaths(small('skips'), getMoney);
    expect(senders).toEqual([{ actor: 'confirmLoan', states: ['m.acknowledged.confirming', 'm.confirming'] }]);
    expect(sent).toBeGreaterThan(0);
    expect(gaps.length).toBeGreaterThan(0);
    expect(gaps[0]).toMatchObject({ machine: 'get-money-skips', state: 'm.confirming', step: 1 });
  });

  it('holds for the same call sent only from the KFS state', () => {
    const { sent, gaps } = checkPaths(small('passes'), getMoney);
    expect(sent).toBeGreaterThan(0);
    expect(gaps).toEqual([]);
  });

  it('holds when the sending state is inside a state that enforces the rule', () => {
    const { sent, gaps } = checkPaths(small('ancestor'), getMoney);
    expect(sent).toBeGreaterThan(0);
    expect(gaps).toEqual([]);
  });

  it('does not let the sending state vouch for itself', () => {
    expect(checkPaths(small('self-tagged'), getMoney).gaps.length).toBeGreaterThan(0);
  });

  it('asks for the KFS again for each send: one acknowledged before a failed send does not cover a send straight from idle', () => {
    const { gaps } = checkPaths(small('stale'), getMoney);
    expect(gaps.length).toBeGreaterThan(0);
  });

  it('fails the whole proof when a declared call is sent by no machine', () => {
    const proof = proveRules([small('passes')]);
    expect(proof.ok).toBe(false);
    const apply = proof.calls.find((c) => c.call === 'POST /order/v1/apply')!;
    expect(apply.senders).toEqual([]);
    expect(callHolds(apply)).toBe(false);
    expect(callHolds(proof.calls.find((c) => c.requires === 'kfs-valid-at-disbursal')!)).toBe(true);
  });
});

describe('the penal charge in reminders', () => {
  it('every kind of reminder, in every language, states the penal charge a day, its cap, and so far when overdue', () => {
    expect(checkReminders()).toEqual({ checked: 8, gaps: [] });
    expect(reminderText('overdue', SAMPLE_FIGURES, 'hi')).toContain(formatRupees(SAMPLE_FIGURES.penalTotal));
  });

  it('fails on a reminder that leaves the cap out', () => {
    const withoutCap: typeof reminderText = (kind, f, lang) => reminderText(kind, f, lang).replaceAll(formatRupees(f.penalCap), '');
    const { gaps } = checkReminders(withoutCap);
    expect(gaps).toHaveLength(8);
    expect(gaps[0]).toMatch(/no ₹2,100 \(the penal charge the cap\)/);
  });
});

describe('the rules module', () => {
  it('names every rule once, with a one-line summary and at least one source', () => {
    expect(Object.keys(RULES).sort()).toEqual([...RULE_IDS].sort());
    for (const id of RULE_IDS) {
      const rule = RULES[id];
      expect(rule.id).toBe(id);
      expect(rule.name.length).toBeGreaterThan(3);
      expect(rule.summary).not.toMatch(/\n/);
      expect(rule.sources.length).toBeGreaterThan(0);
    }
    expect(rulesOfMeta(enforces('pre-closure', 'cooling-off-exit'))).toEqual(['pre-closure', 'cooling-off-exit']);
    expect(rulesOfMeta({ rules: ['no-such-rule'] })).toEqual([]);
    expect(rulesOfMeta(undefined)).toEqual([]);
  });
});

describe('the proof over the real machines', () => {
  const root = join(import.meta.dirname, '../..');
  const files = findMachineFiles(join(root, 'machines'));
  const names = reportNames(files, join(root, 'machines'));
  let machines: ProofMachine[] = [];

  beforeAll(async () => {
    const results: Result[] = [];
    for (const file of files) results.push((await analyseMachine(file, names.get(file)!)).result);
    machines = proofMachines(results);
  }, 120_000);

  it("finds the application's KFS state from its meta", () => {
    expect(enforcingStates(machines)).toContainEqual(expect.objectContaining({ machine: 'application', state: 'application.confirming.submission.editing', rules: ['kfs-before-apply'] }));
  });

  // Each money call on its own, so a red one names its flow. Get Money and the scheduled application
  // fail until their flows have a state that enforces their KFS rule: keep these assertions as they are.
  for (const money of MONEY_CALLS) {
    it(`every generated path that sends ${money.call} (${money.what}) passes a state enforcing ${money.requires} first`, () => {
      const call = proveRules(machines).calls.find((c) => c.call === money.call)!;
      expect(call.senders.flatMap((s) => s.states).length, `a machine sends ${money.call}`).toBeGreaterThan(0);
      expect(call.paths, `generated paths send ${money.call}`).toBeGreaterThan(0);
      expect(call.gaps.map((g) => `${g.machine} #${g.path}: ${g.state} at step ${g.step}`)).toEqual([]);
    });
  }

  it("gives the atlas's Rules page every rule, its sources, the states found from meta and the proof's checks", () => {
    const page = rulesAtlas(machines, proveRules(machines), '2026-01-01T00:00:00.000Z');
    expect(page.rules.map((r) => r.id)).toEqual([...RULE_IDS]);
    const apply = page.rules.find((r) => r.id === 'kfs-before-apply')!;
    expect(apply.states).toEqual([
      { machine: 'application', state: 'application.confirming.submission.editing', path: 'confirming.submission.editing', description: expect.stringContaining('KFS') },
    ]);
    expect(apply.sources[0]).toMatchObject({ circular: 'Key Facts Statement (KFS) for Loans & Advances', date: '2024-04-15' });
    expect(apply.checks).toEqual([expect.objectContaining({ holds: true, gaps: [] })]);
    const penal = page.rules.find((r) => r.id === 'penal-charge-in-reminders')!;
    expect(penal.sources[0]).toMatchObject({ where: expect.stringContaining('para 3(vii)'), confirmed: true });
    expect(penal.heldIn.map((h) => h.file)).toEqual(['server/src/domain/reminders.ts']);
    expect(penal.checks).toEqual([expect.objectContaining({ holds: true })]);
    expect(page.rules.find((r) => r.id === 'grievance-officer-shown')!.heldIn.map((h) => h.file)).toContain('src/flows/personal/HelpView.tsx');
  });
});

/**
 * The rules map's proof, built from the machines' generated paths as the model tests are
 * (machines/shared/rules.ts names the rules and the money calls):
 * - every path that sends a money call (apply, Get Money, a scheduled application) has passed, since
 *   the start or its previous money call, a state whose meta names the rule that call requires;
 * - every payment reminder, of every kind and in every language, states the penal charge's figures.
 * `npm run flows` shows the result on the atlas's Rules page; tests/tools/rules-proof.test.ts fails on
 * it. Node only: it reads the machines' sources and the sandbox's reminder texts.
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { MONEY_CALLS, rulesOfMeta, type MoneyCall, type RuleId } from '../../machines/shared/rules';
import { formatRupees, reminderText, type ReminderFigures, type ReminderKind } from '../../server/src/domain/reminders';
import type { Lang } from '../../server/src/language';
import type { ModelPath } from '../../model-testing/edges';
import { firstSentence, setupDocs } from './docs';

/** What the proof reads of one machine: the machine, its source (for its actors' calls) and its paths. */
export interface ProofMachine {
  name: string;
  machine: AnyStateMachine;
  sourceFile: string;
  source: string;
  paths: readonly ModelPath<AnyStateMachine>[];
}

/** A state whose meta names rules (`meta: enforces(...)`). */
export interface EnforcingState {
  machine: string;
  /** The xstate node id, 'application.page.submission.editing'. */
  state: string;
  description: string | null;
  rules: RuleId[];
}

/** A path that sends a money call without having passed the rule's state. */
export interface PathGap {
  machine: string;
  path: number;
  title: string;
  /** The state that sends the call, entered at `step` (0 is the start). */
  state: string;
  step: number;
}

export interface MoneyCallProof {
  call: string;
  what: string;
  requires: RuleId;
  /** Where it is sent: the machine, its actor and the states that invoke it. */
  senders: { machine: string; actor: string; states: string[] }[];
  /** Generated paths that send it, and those of them that skip the rule. */
  paths: number;
  gaps: PathGap[];
}

export interface ReminderProof {
  /** Reminder texts checked: every kind × every language. */
  checked: number;
  /** 'overdue/hi: no ₹2,100 (the cap)'. */
  gaps: string[];
}

export interface RulesProof {
  ok: boolean;
  calls: MoneyCallProof[];
  reminders: ReminderProof;
}

/** Every state of every machine whose meta names a rule. */
export function enforcingStates(machines: readonly Pick<ProofMachine, 'name' | 'machine'>[]): EnforcingState[] {
  return machines.flatMap(({ name, machine }) =>
    [machine.root, ...getStateNodes(machine.root)].flatMap((node: AnyStateNode) => {
      const rules = rulesOfMeta(node.meta);
      return rules.length ? [{ machine: name, state: node.id, description: node.description ?? null, rules }] : [];
    }),
  );
}

/** Whether an actor's comment ('POST /order/v1/loan {orderId} with …') names `call`, and not a longer path. */
const namesCall = (doc: string, call: string) => doc === call || (doc.startsWith(call) && /^[\s?{.,]/.test(doc.slice(call.length)));

/** The actors of a machine that make `call` (from their JSDoc in `setup`), and the states that invoke them. */
export function sendersOf(m: Pick<ProofMachine, 'machine' | 'sourceFile' | 'source'>, call: string): { actor: string; states: AnyStateNode[] }[] {
  const docs = setupDocs(m.sourceFile, m.source).actors;
  const actors = Object.entries(docs)
    .filter(([, doc]) => namesCall(firstSentence(doc.text), call))
    .map(([actor]) => actor);
  const nodes = getStateNodes(m.machine.root);
  return actors.map((actor) => ({ actor, states: nodes.filter((n) => n.invoke.some((inv) => inv.src === actor)) }));
}

const activeIds = (snapshot: AnyMachineSnapshot): Set<string> => new Set(snapshot._nodes.map((n: AnyStateNode) => n.id));

/** The rules named by the active states of a snapshot, those of `except` and of its descendants left out. */
function activeRules(snapshot: AnyMachineSnapshot, except?: ReadonlySet<string>): Set<RuleId> {
  const out = new Set<RuleId>();
  for (const node of snapshot._nodes as AnyStateNode[]) {
    if (except && [...except].some((id) => node.id === id || node.id.startsWith(`${id}.`))) continue;
    rulesOfMeta(node.meta).forEach((r) => out.add(r));
  }
  return out;
}

/**
 * The paths of one machine that send `call` without the rule: at every step that enters a state
 * invoking the call, some earlier step since the start (or since the call was last sent) must have
 * been in a state naming the rule. The sending state's own ancestors count at that step; the sending
 * state itself does not (a state cannot vouch for itself).
 */
export function checkPaths(m: ProofMachine, money: MoneyCall): { sent: number; gaps: PathGap[]; senders: { actor: string; states: string[] }[] } {
  const senders = sendersOf(m, money.call);
  const sending = new Set(senders.flatMap((s) => s.states.map((n) => n.id)));
  const gaps: PathGap[] = [];
  let sent = 0;
  if (sending.size) {
    for (const path of m.paths) {
      let passed = false;
      let sentHere = false;
      let before = new Set<string>();
      path.steps.forEach((step, i) => {
        const snapshot = step.state as AnyMachineSnapshot;
        const active = activeIds(snapshot);
        const entered = [...sending].filter((id) => active.has(id) && !before.has(id));
        if (activeRules(snapshot, sending).has(money.requires) && !entered.length) passed = true;
        if (entered.length) {
          sentHere = true;
          const ancestors = activeRules(snapshot, new Set(entered));
          if (!passed && !ancestors.has(money.requires)) gaps.push({ machine: m.name, path: path.id, title: path.title, state: entered[0]!, step: i });
          passed = false;
        }
        before = active;
      });
      if (sentHere) sent += 1;
    }
  }
  return { sent, gaps, senders: senders.map((s) => ({ actor: s.actor, states: s.states.map((n) => n.id) })) };
}

/** Every kind of reminder and every language (a new kind or language must be added here: the compiler says so). */
const KINDS = { 'before-3': true, 'before-1': true, due: true, overdue: true } as const satisfies Record<ReminderKind, true>;
const LANGS = { en: true, hi: true } as const satisfies Record<Lang, true>;

/** Figures told apart in any text: no one is a part of another once formatted. */
export const SAMPLE_FIGURES: ReminderFigures = {
  orderNo: 'PROOF-1',
  dueDate: '2026-01-15',
  amountDue: 10_851,
  overdueDays: 3,
  penalPerDay: 10.5,
  penalTotal: 31.5,
  penalCap: 2_100,
};

/** Each reminder names the daily penal charge and its cap; an overdue one also the charge so far. */
export function checkReminders(text: (kind: ReminderKind, f: ReminderFigures, lang: Lang) => string = reminderText): ReminderProof {
  const gaps: string[] = [];
  let checked = 0;
  for (const kind of Object.keys(KINDS) as ReminderKind[]) {
    for (const lang of Object.keys(LANGS) as Lang[]) {
      checked += 1;
      const said = text(kind, SAMPLE_FIGURES, lang);
      const figures: [number, string][] = [
        [SAMPLE_FIGURES.penalPerDay, 'a day'],
        [SAMPLE_FIGURES.penalCap, 'the cap'],
        ...(kind === 'overdue' ? [[SAMPLE_FIGURES.penalTotal, 'so far'] as [number, string]] : []),
      ];
      for (const [n, what] of figures) if (!said.includes(formatRupees(n))) gaps.push(`${kind}/${lang}: no ${formatRupees(n)} (the penal charge ${what})`);
    }
  }
  return { checked, gaps };
}

/** Whether one call's part of the proof holds: sent somewhere, by generated paths, none of which skips the rule. */
export const callHolds = (c: MoneyCallProof): boolean => c.gaps.length === 0 && c.senders.some((s) => s.states.length > 0) && c.paths > 0;

/** The whole proof over every machine given. A declared money call that no machine sends is a gap too. */
export function proveRules(machines: readonly ProofMachine[], reminders: ReminderProof = checkReminders()): RulesProof {
  const calls = MONEY_CALLS.map((money): MoneyCallProof => {
    const results = machines.map((m) => ({ m, r: checkPaths(m, money) }));
    return {
      call: money.call,
      what: money.what,
      requires: money.requires,
      senders: results.flatMap(({ m, r }) => r.senders.map((s) => ({ machine: m.name, ...s }))),
      paths: results.reduce((a, { r }) => a + r.sent, 0),
      gaps: results.flatMap(({ r }) => r.gaps),
    };
  });
  return { ok: reminders.gaps.length === 0 && calls.every(callHolds), calls, reminders };
}


/**
 * The Rules page's data: each rule of machines/shared/rules.ts with its sources, the states whose
 * meta names it (found in the machines, so a state tagged by anyone appears), where else it is held,
 * and the proof's checks of it (atlas/build/proof.ts).
 */
import { CIRCULARS, RULE_IDS, RULES } from '../../machines/shared/rules';
import type { AtlasRule, AtlasRules } from '../model';
import { callHolds, enforcingStates, type ProofMachine, type RulesProof } from './proof';

export function rulesAtlas(machines: readonly Pick<ProofMachine, 'name' | 'machine'>[], proof: RulesProof, generatedAt = new Date().toISOString()): AtlasRules {
  const tagged = enforcingStates(machines);
  const rootOf = new Map(machines.map((m) => [m.name, m.machine.id]));
  const rules = RULE_IDS.map((id): AtlasRule => {
    const rule = RULES[id];
    const checks: AtlasRule['checks'] = proof.calls
      .filter((c) => c.requires === id)
      .map((c) => ({
        text: `Every generated path that sends ${c.what} (${c.call}) has passed a state enforcing this rule first: ${c.paths} path${c.paths === 1 ? '' : 's'} send it, from ${
          c.senders.map((s) => `${s.machine} (${s.actor})`).join(', ') || 'no machine'
        }.`,
        holds: callHolds(c),
        gaps: c.gaps.map((g) => `${g.machine} path #${g.path} enters ${g.state} without it (step ${g.step})`),
      }));
    if (id === 'penal-charge-in-reminders')
      checks.push({
        text: `Every reminder text, of every kind and in every language (${proof.reminders.checked} texts), states the penal charge a day and its cap, and the charge so far when overdue.`,
        holds: proof.reminders.gaps.length === 0,
        gaps: proof.reminders.gaps,
      });
    return {
      id,
      name: rule.name,
      summary: rule.summary,
      sources: rule.sources.map((s) => {
        const c = CIRCULARS[s.circular];
        return { circular: c.title, date: c.date, reference: c.reference, where: s.where, confirmed: s.confirmed };
      }),
      states: tagged
        .filter((t) => t.rules.includes(id))
        .map((t) => ({ machine: t.machine, state: t.state, path: t.state.slice((rootOf.get(t.machine)?.length ?? 0) + 1), description: t.description })),
      heldIn: rule.heldIn.map((h) => ({ ...h })),
      checks,
    };
  });
  return { generatedAt, ok: proof.ok, rules };
}

/**
 * The lender's rules from RBI's circulars that the flows enforce, each with a name and its source, in
 * one place (docs/borrower-rights.md 'The rules map'). A state that enforces a rule says so in its
 * meta (`meta: enforces('kfs-valid-at-disbursal')`); the flow atlas's Rules page lists each rule with
 * the machines and states that enforce it, and a generated proof walks the machines' paths.
 */

export const RULE_IDS = [
  'kfs-before-apply',
  'kfs-valid-at-disbursal',
  'kfs-for-schedule',
  'kfs-amendment',
  'cooling-off-exit',
  'pre-closure',
  'documents-on-execution',
  'no-dues-certificate',
  'grievance-officer-shown',
  'grievance-escalation',
  'consent-before-collection',
  'consent-withdrawal',
  'penal-charge-in-reminders',
] as const;

export type RuleId = (typeof RULE_IDS)[number];

/** A state's meta naming the rules it enforces. */
export const enforces = (...rules: RuleId[]): { rules: RuleId[] } => ({ rules });

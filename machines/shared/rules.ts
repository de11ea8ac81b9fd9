/**
 * The lender's rules from RBI's circulars that the flows enforce, each with a name and its source, in
 * one place (docs/borrower-rights.md 'The rules map'). A state that enforces a rule says so in its
 * meta (`meta: enforces('kfs-valid-at-disbursal')`); the flow atlas's Rules page lists each rule with
 * the machines and states that enforce it, and a generated proof walks the machines' paths
 * (atlas/build/proof.ts).
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

/** The rules a state's meta names (none when its meta is not `enforces(...)`). */
export function rulesOfMeta(meta: unknown): RuleId[] {
  if (typeof meta !== 'object' || meta === null || !('rules' in meta) || !Array.isArray(meta.rules)) return [];
  return meta.rules.filter((r): r is RuleId => (RULE_IDS as readonly unknown[]).includes(r));
}

/** The three texts the rules come from (a reference only where it was read from the circular's own text). */
export const CIRCULARS = {
  'dl-2025': { title: 'Reserve Bank of India (Digital Lending) Directions, 2025', date: '2025-05-08', reference: null },
  'kfs-2024': { title: 'Key Facts Statement (KFS) for Loans & Advances', date: '2024-04-15', reference: 'RBI/2024-25/18, DOR.STR.REC.13/13.03.00/2024-25' },
  'penal-2023': { title: 'Fair Lending Practice – Penal Charges in Loan Accounts', date: '2023-08-18', reference: 'RBI/2023-24/53, DoR.MCS.REC.28/01.01.001/2023-24' },
} as const;

export type CircularId = keyof typeof CIRCULARS;

export interface RuleSource {
  circular: CircularId;
  /** 'para 3(vii)', or the section's title when its paragraph number could not be confirmed. */
  where: string;
  /** False: `where` is the section's title, its paragraph number not confirmed from the text. */
  confirmed: boolean;
}

/** Where a rule is held outside the machines (a view, a server module), when it is. */
export interface HeldIn {
  file: string;
  what: string;
}

export interface Rule {
  id: RuleId;
  name: string;
  /** One plain line: what the borrower gets. */
  summary: string;
  sources: readonly RuleSource[];
  /** Views and server modules that hold the rule; states that enforce it are found from their meta. */
  heldIn: readonly HeldIn[];
}

const dl = (where: string, confirmed = false): RuleSource => ({ circular: 'dl-2025', where, confirmed });
const kfs = (where: string, confirmed = false): RuleSource => ({ circular: 'kfs-2024', where, confirmed });

export const RULES: Readonly<Record<RuleId, Rule>> = {
  'kfs-before-apply': {
    id: 'kfs-before-apply',
    name: 'Key Fact Statement before APPLY NOW',
    summary: 'The borrower reads and acknowledges the KFS of the figures on screen before the application is sent.',
    sources: [kfs('Instructions on the KFS: provided before the loan contract is executed, explained, and acknowledged'), dl('para 8(i): the KFS before the loan contract is executed', true)],
    heldIn: [],
  },
  'kfs-valid-at-disbursal': {
    id: 'kfs-valid-at-disbursal',
    name: 'A valid KFS at Get Money',
    summary: 'Get Money is sent only after a KFS still within its validity period has been acknowledged.',
    sources: [kfs('Instructions on the KFS: a unique proposal number and a validity period (3 working days, 1 for a tenor under 7 days)')],
    heldIn: [],
  },
  'kfs-for-schedule': {
    id: 'kfs-for-schedule',
    name: 'A KFS for a scheduled application',
    summary: 'A scheduled application is sent only after the borrower has acknowledged the KFS of what is scheduled.',
    sources: [kfs('Instructions on the KFS: provided before the loan contract is executed, and acknowledged')],
    heldIn: [],
  },
  'kfs-amendment': {
    id: 'kfs-amendment',
    name: 'No charge outside the KFS',
    summary: 'A fee the KFS does not name (an extension) is charged only with the borrower’s explicit consent to an amended KFS.',
    sources: [kfs('Instructions on the KFS: fees and charges not mentioned in the KFS cannot be charged without the borrower’s explicit consent')],
    heldIn: [],
  },
  'cooling-off-exit': {
    id: 'cooling-off-exit',
    name: 'Cooling-off exit',
    summary: 'Within the cooling-off period the borrower can exit the loan by repaying the principal and the proportionate APR, with no penalty.',
    sources: [dl('Cooling off / look-up period')],
    heldIn: [],
  },
  'pre-closure': {
    id: 'pre-closure',
    name: 'Pre-closure and part payment',
    summary: 'The borrower can repay early, in full or in part, at no charge beyond the foreclosure charge the KFS states.',
    sources: [kfs('Annex A, Part 1: contingent charges (foreclosure charges)')],
    heldIn: [],
  },
  'documents-on-execution': {
    id: 'documents-on-execution',
    name: 'Documents on execution',
    summary: 'When the loan contract is executed, its documents (KFS, sanction letter, agreement) reach the borrower on their own.',
    sources: [dl('Disclosures to borrowers: digitally signed documents sent automatically to the registered e-mail/SMS on execution')],
    heldIn: [],
  },
  'no-dues-certificate': {
    id: 'no-dues-certificate',
    name: 'No-dues certificate',
    summary: 'A settled loan gets a no-dues certificate the borrower can open and save.',
    sources: [dl('Disclosures to borrowers: the loan’s documents given to the borrower (no paragraph names a no-dues certificate)')],
    heldIn: [],
  },
  'grievance-officer-shown': {
    id: 'grievance-officer-shown',
    name: 'The grievance officer shown',
    summary: 'The app names the lender and its grievance redressal officer (name, phone, e-mail).',
    sources: [dl('Grievance redressal: the nodal grievance redressal officer’s details shown in the app'), kfs('Annex A, Part 2: the grievance redressal officer’s details')],
    heldIn: [
      { file: 'src/ui/LenderIdentity.tsx', what: 'Who lends and the grievance officer, on Help, About us and the money screens' },
      { file: 'src/flows/personal/HelpView.tsx', what: 'Help: the grievance officer’s details open' },
    ],
  },
  'grievance-escalation': {
    id: 'grievance-escalation',
    name: 'Escalation of a complaint',
    summary: 'A complaint not resolved within 30 days can be taken to the RBI’s Complaint Management System (the Integrated Ombudsman).',
    sources: [dl('Grievance redressal: not resolved within 30 days, the borrower may complain under the RBI Integrated Ombudsman Scheme')],
    heldIn: [],
  },
  'consent-before-collection': {
    id: 'consent-before-collection',
    name: 'Consent before collection',
    summary: 'Data (the Aadhaar and PAN images) is collected only for a stated purpose, after the borrower’s explicit consent.',
    sources: [dl('Technology and data requirements: need-based collection with the borrower’s prior, explicit consent')],
    heldIn: [],
  },
  'consent-withdrawal': {
    id: 'consent-withdrawal',
    name: 'Consent withdrawal',
    summary: 'The borrower can withdraw a consent already given and ask for the data to be deleted.',
    sources: [dl('Technology and data requirements: an option to revoke consent and have the data deleted')],
    heldIn: [],
  },
  'penal-charge-in-reminders': {
    id: 'penal-charge-in-reminders',
    name: 'The penal charge in reminders',
    summary: 'Every payment reminder states the penal charge: its daily amount, its cap, and so far when overdue.',
    sources: [
      { circular: 'penal-2023', where: 'para 3(vii): reminders state the applicable penal charges', confirmed: true },
      { circular: 'penal-2023', where: 'para 3(i): a penal charge, never penal interest, and never capitalised', confirmed: true },
    ],
    heldIn: [{ file: 'server/src/domain/reminders.ts', what: 'reminderText: every reminder, in each language' }],
  },
};

/**
 * The calls that move money towards the borrower, each with the rule a path must have passed before
 * it (the proof). An actor makes the call when the first sentence of its JSDoc in `setup` names it,
 * as the atlas names invokes, so a renamed actor is still found.
 */
export const MONEY_CALLS = [
  { call: 'POST /order/v1/apply', what: 'APPLY NOW', requires: 'kfs-before-apply' },
  { call: 'POST /order/v1/loan', what: 'Get Money', requires: 'kfs-valid-at-disbursal' },
  { call: 'POST /order/v1/order-auto-apply', what: 'a scheduled application', requires: 'kfs-for-schedule' },
  { call: 'POST /order-repay-extension/v1/apply-extension', what: 'an extension and its fee', requires: 'kfs-amendment' },
] as const satisfies readonly { call: string; what: string; requires: RuleId }[];

export type MoneyCall = (typeof MONEY_CALLS)[number];

/**
 * The event cases of the loan application (tests/machines/application.machine.test.ts,
 * tests/views/application.paths.test.tsx, `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { SnapshotFrom } from 'xstate';
import type { BankCard } from '../../contract/bank';
import type { ClientConfig } from '../../contract/content';
import type { CalculationResult, Precheck } from '../../contract/loans';
import type { ProductInfo } from '../../contract/products';
import type { LenderKfs } from '../../contract/kfs';
import { actorDone, actorError, delayElapsed, type CaseList } from '../shared/cases';
import { applicationMachine, type ApplicationInput, type ApplicationLoaded } from './application.machine';

export const PID = '1';
/** Rupee Rise as the sandbox has it: ₹3,000–20,000 (a few steps), 91 days, 0.09% a day. */
export const PRODUCT: ProductInfo = {
  amountList: [3000, 5000, 10000, 20000],
  period: 91,
  interestRate: 0.0009,
  loanProcessingTime: '2 hours',
  score: 4.6,
  serviceRate: 0.03,
  slogan: '',
  periodList: [91],
  detail: [],
};
export const CARDS: BankCard[] = [
  { id: 'c1', cardNo: '123456789012', bankCode: 'HDFC0001234' },
  { id: 'c2', cardNo: '998877665544', bankCode: 'SBIN0004321' },
];
export const CONFIG: ClientConfig = {
  customer: { phone: '+91 80 4718 2000', email: 'support@borrower.example' },
  lender: { name: 'Sandbox Finance Private Limited', rbiRegistration: 'N-14.03456', address: '', website: '' },
  grievanceOfficer: { name: 'Priya Raman', phone: '+91 80 4718 2099', email: 'grievance@borrower.example', address: '' },
  penalChargePerDay: 0.001,
  coolingOffDays: 3,
  foreclosureFee: 0,
};
/** A backend that sends only the spec's customer contact: the KFS says what is missing. */
export const BARE_CONFIG: ClientConfig = { customer: CONFIG.customer, lender: null, grievanceOfficer: null, penalChargePerDay: null, coolingOffDays: null };

export const LOADED: ApplicationLoaded = { product: PRODUCT, cards: CARDS, config: CONFIG };
export const LOADED_NO_CARDS: ApplicationLoaded = { product: PRODUCT, cards: [], config: BARE_CONFIG };
export const LOADED_NO_AMOUNTS: ApplicationLoaded = { product: { ...PRODUCT, amountList: [] }, cards: CARDS, config: CONFIG };

export const MAY_APPLY: Precheck = { orderStatus: 1, rejectStatusVO: null };
export const DENIED: Precheck = { orderStatus: 0, rejectStatusVO: { day: 14, hour: 6 } };
export const OPEN_ORDER: Precheck = { orderStatus: 2, rejectStatusVO: null };

/** The calculation of ₹20,000 over 91 days: interest 0.09% a day, a 3% processing fee and 18% GST on it. */
export const FIGURES: CalculationResult = { repaymentAmount: 21638, serviceFee: 600, gstFee: 108, interest: 1638 };
/** The amount the borrower moves to (one other amount keeps the paths few). */
export const OTHER_AMOUNT = 5000;

export const LOAD_FAILURE = new Error('System busy, please try again later');
export const APPLY_FAILURE = new Error('Your bank account could not be verified');

/** The lender's numbered KFS of the figures: issued Friday 27 Nov 2026, valid until Wednesday night. */
export const LENDER_KFS: LenderKfs = {
  kfsNo: 'KFS20261127000007',
  kind: 'application',
  issuedAt: '2026-11-27T06:00:00.000Z',
  validUntil: '2026-12-02T18:29:59.000Z',
  acknowledgedAt: null,
  facts: {},
};

export const cases = [
  actorDone('precheck', MAY_APPLY),
  actorDone('precheck', DENIED),
  actorDone('precheck', OPEN_ORDER),
  actorError('precheck', LOAD_FAILURE),
  actorDone('loadPage', LOADED),
  actorDone('loadPage', LOADED_NO_CARDS),
  actorDone('loadPage', LOADED_NO_AMOUNTS),
  actorError('loadPage', LOAD_FAILURE),
  { type: 'page.retried' },
  { type: 'amount.changed', amount: OTHER_AMOUNT },
  delayElapsed(applicationMachine, 'calculateDebounce', 'application.confirming.calculation.debouncing'),
  actorDone('calculate', FIGURES),
  actorError('calculate', LOAD_FAILURE),
  actorDone('issueKfs', { offered: true, value: LENDER_KFS }),
  actorDone('issueKfs', { offered: false }),
  actorError('issueKfs', LOAD_FAILURE),
  actorDone('acknowledgeKfs', { ...LENDER_KFS, acknowledgedAt: '2026-11-27T06:01:00.000Z' }),
  actorError('acknowledgeKfs', APPLY_FAILURE),
  { type: 'calculation.retried' },
  { type: 'card.selected', cardId: 'c2' },
  { type: 'autoGetMoney.toggled' },
  { type: 'kfs.toggled', accepted: true },
  { type: 'kfs.toggled', accepted: false },
  { type: 'apply.tapped' },
  actorDone('apply', undefined),
  actorError('apply', APPLY_FAILURE),
  delayElapsed(applicationMachine, 'leaveAfterApply', 'application.confirming.submission.applied'),
] satisfies CaseList<typeof applicationMachine>;

/** The key of an apply a reload left unanswered. */
export const DRAFT_KEY = 'draft-key-apply-0001';
export const TODAY = Date.UTC(2025, 0, 10, 6, 30);

/**
 * A first visit; the return from /bank with a card picked (?bank_id=c2); a reload while the apply
 * was in flight (the draft's intent and key: the same key goes again).
 */
export const inputs = {
  fresh: { pid: PID, bankId: null, draft: null, today: TODAY },
  cardPicked: { pid: PID, bankId: 'c2', draft: { amount: OTHER_AMOUNT, cardId: 'c1', autoGetMoney: 0, idempotencyKey: DRAFT_KEY }, today: TODAY },
  reloadedWhileApplying: { pid: PID, bankId: null, draft: { amount: 20000, cardId: 'c1', autoGetMoney: 1, idempotencyKey: DRAFT_KEY }, today: TODAY },
} satisfies Record<string, ApplicationInput>;

/** What decides what can happen next: the state, a card or none, the acknowledgement and a key (amounts and cards themselves do not). */
export function serialize(snapshot: SnapshotFrom<typeof applicationMachine>) {
  const c = snapshot.context;
  const lender = c.lenderKfs === null ? null : c.lenderKfs.acknowledgedAt ? 'acknowledged' : 'issued';
  return { value: snapshot.value, hasCard: c.cardId !== null, acknowledged: c.acknowledged, keyed: c.idempotencyKey !== null, lender };
}

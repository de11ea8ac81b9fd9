/**
 * The event cases of scheduling an application (tests/machines/schedule.machine.test.ts, the view
 * tests and `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { SnapshotFrom } from 'xstate';
import type { BankCard } from '../../contract/bank';
import type { Precheck } from '../../contract/loans';
import type { ProductInfo } from '../../contract/products';
import type { LenderKfs } from '../../contract/kfs';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import { scheduled } from './schedule-list.cases';
import type { ScheduleApplyInput, ScheduleApplyLoaded, scheduleApplyMachine } from './schedule-apply.machine';

export const PID = '1';
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
export const OPEN_ORDER: Precheck = { orderStatus: 2, rejectStatusVO: null };
export const MAY_APPLY: Precheck = { orderStatus: 1, rejectStatusVO: null };

/** Reached from the confirmation: an open loan blocks applying now. */
export const LOADED: ScheduleApplyLoaded = { product: PRODUCT, cards: CARDS, precheck: OPEN_ORDER };
/** No bank account yet, and the precheck could not be asked. */
export const LOADED_NO_CARDS: ScheduleApplyLoaded = { product: PRODUCT, cards: [], precheck: null };
export const LOADED_NO_AMOUNTS: ScheduleApplyLoaded = { product: { ...PRODUCT, amountList: [] }, cards: CARDS, precheck: MAY_APPLY };

export const OTHER_AMOUNT = 5000;
/** What the lender answers: the new scheduled order. */
export const CREATED = scheduled('41', 0, { expectBorrowAmount: 20000, cardId: 'c1' });
export const LOAD_FAILURE = new Error('System busy, please try again later');
/** The sandbox's rule: one scheduled application per product at a time. */
export const REFUSAL = new Error('You already have a scheduled application for this product');

/** The lender's KFS for the expected amount: issued Friday 27 Nov 2026, valid until Wednesday night. */
export const SCHEDULE_KFS: LenderKfs = {
  kfsNo: 'KFS20261127000011',
  kind: 'schedule',
  issuedAt: '2026-11-27T06:00:00.000Z',
  validUntil: '2026-12-02T18:29:59.000Z',
  acknowledgedAt: null,
  facts: { sanctioned: 20000, tenureDays: 91, interest: 1638, dailyRate: 0.0009, processingFee: 1600, gst: 288, netDisbursed: 18112, totalRepayable: 21638, dueDate: '2027-02-26' },
};

export const cases = [
  actorDone('loadPage', LOADED),
  actorDone('loadPage', LOADED_NO_CARDS),
  actorDone('loadPage', LOADED_NO_AMOUNTS),
  actorError('loadPage', LOAD_FAILURE),
  { type: 'page.retried' },
  { type: 'amount.changed', amount: OTHER_AMOUNT },
  { type: 'card.selected', cardId: 'c2' },
  { type: 'schedule.tapped' },
  actorDone('scheduleApply', CREATED),
  actorError('scheduleApply', REFUSAL),
  actorDone('issueKfs', { offered: true, value: SCHEDULE_KFS }),
  actorDone('issueKfs', { offered: false }),
  actorError('issueKfs', LOAD_FAILURE),
  actorDone('acknowledgeKfs', { ...SCHEDULE_KFS, acknowledgedAt: '2026-11-27T06:01:00.000Z' }),
  actorError('acknowledgeKfs', REFUSAL),
  { type: 'kfs.ticked', checked: true },
  { type: 'kfs.ticked', checked: false },
] satisfies CaseList<typeof scheduleApplyMachine>;

export const DRAFT_KEY = 'draft-key-schedule-0001';

/** A first visit; a reload while the request was in flight (the draft's intent and key: the same key goes again). */
export const inputs = {
  fresh: { pid: PID, draft: null },
  reloadedWhileSubmitting: { pid: PID, draft: { amount: 20000, cardId: 'c1', idempotencyKey: DRAFT_KEY } },
} satisfies Record<string, ScheduleApplyInput>;

/** What decides what can happen next: the state, a card or none, a key, a notice. */
export function serialize(snapshot: SnapshotFrom<typeof scheduleApplyMachine>) {
  const c = snapshot.context;
  const kfs = c.scheduleKfs === null ? null : c.scheduleKfs.acknowledgedAt ? 'acknowledged' : 'issued';
  return { value: snapshot.value, hasCard: c.cardId !== null, keyed: c.idempotencyKey !== null, notice: c.notice !== null, amount: c.amount, cardId: c.cardId, kfs, ticked: c.kfsTicked };
}

/**
 * The rules of scheduled applications (spec §2 'Schedule List and scheduled order detail', §3
 * 'Scheduled order', §4 'Scheduled order states'): the states' names, the links of a list
 * item, and what the page that schedules one chooses. Pure. The texts are in i18n/en/schedule.ts.
 */
import type { ScheduleKey } from '../../i18n/en/schedule';
import type { BankCard } from '../../contract/bank';
import type { Precheck } from '../../contract/loans';
import type { CancelScheduledOrderPayload, ScheduleApplyPayload, ScheduledOrder } from '../../contract/schedule';
import { chooseCard as chooseAnyCard, PRECHECK_OPEN_ORDER } from '../shared/loan-choice';
import { paths } from '../shared/paths';

/** Spec §4 'Scheduled order states' (contract/schedule.ts SCHEDULE_STATE: machines read the contract's types only). */
export const SCHEDULED = 0;
export const APPLIED = 2;
export const CANCELED = 3;

/** Spec §4's names (by key); a state the spec does not name is shown by its number ('stateOther' with { state }). */
const SCHEDULE_STATE_KEYS: Readonly<Record<number, ScheduleKey>> = { [SCHEDULED]: 'stateScheduled', [APPLIED]: 'stateApplied', [CANCELED]: 'stateCanceled' };
export const scheduleStateKey = (state: number): ScheduleKey => SCHEDULE_STATE_KEYS[state] ?? 'stateOther';

/** Only a scheduled (0) application can be cancelled (and has 'View Detail' on the list). */
export const isCancellable = (order: Pick<ScheduledOrder, 'state'>): boolean => order.state === SCHEDULED;

/** Spec §4: 'View Detail' on a scheduled (0) item only: /schedule/{oid}?pid=. */
export function detailLink(order: Pick<ScheduledOrder, 'id' | 'productId' | 'state'>): string | null {
  return order.state === SCHEDULED ? paths.scheduledOrder.href(order.id, order.productId) : null;
}

/** POST /order/v1/cancel-auto-apply: the scheduled order's id and number ('' while scheduled). */
export const cancelPayload = (order: Pick<ScheduledOrder, 'id' | 'orderNo'>): CancelScheduledOrderPayload => ({ id: order.id, orderNo: order.orderNo });

/** POST /order/v1/order-auto-apply. */
/** The lender's KFS acknowledged for it, where there is one: an extra field a backend following the spec ignores. */
export const scheduleApplyPayload = (pid: string, amount: number, cardId: string, kfsNo: string | null = null): ScheduleApplyPayload =>
  kfsNo === null ? { productId: pid, expectBorrowAmount: amount, cardId } : { productId: pid, expectBorrowAmount: amount, cardId, kfsNo };

export { defaultAmount, restoreAmount } from '../shared/loan-choice';
export const openOrderBlocks = (precheck: Precheck | null): boolean => precheck?.orderStatus === PRECHECK_OPEN_ORDER;

/** The card chosen before (draft) if the borrower still has it, else the first; null when there is none. */
export const chooseCard = (cards: readonly BankCard[], restored: string | null | undefined): string | null => chooseAnyCard(cards, null, restored);

/** What makes one scheduling intent: any change is a new one (a new idempotency key). */
export interface ScheduleIntent {
  amount: number | null;
  cardId: string | null;
}
export const sameIntent = (a: ScheduleIntent, b: ScheduleIntent): boolean => a.amount === b.amount && a.cardId === b.cardId;

/**
 * The event cases of the Schedule List (tests/machines/schedule.machine.test.ts, the view tests and
 * `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { ScheduledOrder } from '../../contract/schedule';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import type { scheduleListMachine } from './schedule-list.machine';

/** A scheduled order of Rupee Rise in `state`, with what each state has (the order number once applied). */
export function scheduled(id: string, state: number, extra: Partial<ScheduledOrder> = {}): ScheduledOrder {
  return {
    id,
    productId: '1',
    productName: 'Rupee Rise',
    state,
    expectBorrowAmount: 20000,
    bankNo: '123456789012',
    createTime: '2025-06-10 09:05:00',
    cardId: 'c1',
    orderNo: state === 2 ? `BW2025061000${id}` : '',
    ...extra,
  };
}

/** One in each state the spec names. */
export const SCHEDULES: ScheduledOrder[] = [scheduled('31', 0), scheduled('32', 2), scheduled('33', 3)];
export const FAILURE = new Error('Service busy, please try again');

export const cases = [
  actorDone('loadSchedules', SCHEDULES),
  actorDone('loadSchedules', []),
  actorError('loadSchedules', FAILURE),
  { type: 'list.retried' },
] satisfies CaseList<typeof scheduleListMachine>;

/** What decides what can happen next: the state (the list itself does not). */
export function serialize(snapshot: { value: unknown; context: { schedules: ScheduledOrder[] | null } }) {
  return { value: snapshot.value, count: snapshot.context.schedules?.length ?? null };
}

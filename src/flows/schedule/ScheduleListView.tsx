/**
 * Schedule List: each scheduled application's product, expected amount, masked bank account,
 * created time and state (spec §4: 0 Scheduled with 'View Detail', 2 Applied with its order number,
 * 3 Canceled), or the spec's empty text. Renders the list machine's state.
 */
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { ScheduledOrder } from '../../../contract/schedule';
import type { scheduleListMachine } from '../../../machines/schedule/schedule-list.machine';
import { APPLIED, detailLink, formatTime, SCHEDULE_MESSAGES, scheduleStateName } from '../../../machines/schedule/schedule.rules';
import { paths } from '../../../machines/shared/paths';
import { formatINR } from '../../lib/money';
import { Screen } from '../../ui/Screen';
import { LoadError, Loading } from '../../ui/Status';
import { AccountNumber } from './AccountNumber';
import './schedule.css';

export type ScheduleListActor = ActorRefFrom<typeof scheduleListMachine>;

export function ScheduleListView({ actor }: { actor: ScheduleListActor }) {
  const schedules = useSelector(actor, (s) => s.context.schedules);
  const failed = useSelector(actor, (s) => (s.hasTag('failed') ? (s.context.error ?? SCHEDULE_MESSAGES.listFailed) : null));
  return (
    <Screen title="Schedule List" backTo={paths.personal.href()} className="schedule">
      {failed !== null ? (
        <LoadError message={failed} onRetry={() => actor.send({ type: 'list.retried' })} homeLink />
      ) : schedules === null ? (
        <Loading label="Loading your scheduled applications…" />
      ) : schedules.length === 0 ? (
        <p className="empty">{SCHEDULE_MESSAGES.empty}</p>
      ) : (
        <ul className="schedule-list">
          {schedules.map((s) => (
            <li key={s.id}>
              <ScheduleCard schedule={s} />
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}

function ScheduleCard({ schedule }: { schedule: ScheduledOrder }) {
  const to = detailLink(schedule);
  return (
    <article className="card schedule-card" aria-label={`${schedule.productName || 'Scheduled application'}, ${scheduleStateName(schedule.state)}`}>
      <div className="schedule-head">
        <h2 className="schedule-product">{schedule.productName || '—'}</h2>
        <span className={`schedule-state schedule-state-${schedule.state}`}>{scheduleStateName(schedule.state)}</span>
      </div>
      <dl className="schedule-facts">
        <div>
          <dt>Expected amount</dt>
          <dd>{formatINR(schedule.expectBorrowAmount)}</dd>
        </div>
        <div>
          <dt>Bank account</dt>
          <dd>
            <AccountNumber cardNo={schedule.bankNo} />
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatTime(schedule.createTime)}</dd>
        </div>
        {schedule.state === APPLIED && (
          <div>
            <dt>Order number</dt>
            <dd className="schedule-order-no">{schedule.orderNo || '—'}</dd>
          </div>
        )}
      </dl>
      {to && (
        <Link href={to} className="btn btn-secondary btn-block schedule-view">
          {SCHEDULE_MESSAGES.viewDetail}
        </Link>
      )}
    </article>
  );
}

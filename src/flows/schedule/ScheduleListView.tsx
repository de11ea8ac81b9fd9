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
import { scheduleText } from '../../../i18n/en/schedule';
import { APPLIED, detailLink, scheduleStateKey } from '../../../machines/schedule/schedule.rules';
import { paths } from '../../../machines/shared/paths';
import { formatINR } from '../../lib/money';
import { Screen } from '../../ui/Screen';
import { LoadError, Loading } from '../../ui/Status';
import { formatTime } from '../../ui/dates';
import { useText } from '../../ui/text';
import { AccountNumber } from './AccountNumber';
import './schedule.css';

export type ScheduleListActor = ActorRefFrom<typeof scheduleListMachine>;

export function ScheduleListView({ actor }: { actor: ScheduleListActor }) {
  const t = useText(scheduleText);
  const schedules = useSelector(actor, (s) => s.context.schedules);
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <Screen title={t('listTitle')} backTo={paths.personal.href()} className="schedule">
      {failed ? (
        <LoadError message={t.said(error ?? { key: 'listFailed' })} onRetry={() => actor.send({ type: 'list.retried' })} homeLink />
      ) : schedules === null ? (
        <Loading label={t('loadingList')} />
      ) : schedules.length === 0 ? (
        <p className="empty">{t('empty')}</p>
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
  const t = useText(scheduleText);
  const to = detailLink(schedule);
  const state = t(scheduleStateKey(schedule.state), { state: schedule.state });
  return (
    <article className="card schedule-card" aria-label={`${schedule.productName || t('scheduledApplication')}, ${state}`}>
      <div className="schedule-head">
        <h2 className="schedule-product">{schedule.productName || '—'}</h2>
        <span className={`schedule-state schedule-state-${schedule.state}`}>{state}</span>
      </div>
      <dl className="schedule-facts">
        <div>
          <dt>{t('expectedAmount')}</dt>
          <dd>{formatINR(schedule.expectBorrowAmount)}</dd>
        </div>
        <div>
          <dt>{t('bankAccount')}</dt>
          <dd>
            <AccountNumber cardNo={schedule.bankNo} />
          </dd>
        </div>
        <div>
          <dt>{t('created')}</dt>
          <dd>{formatTime(schedule.createTime)}</dd>
        </div>
        {schedule.state === APPLIED && (
          <div>
            <dt>{t('orderNumber')}</dt>
            <dd className="schedule-order-no">{schedule.orderNo || '—'}</dd>
          </div>
        )}
      </dl>
      {to && (
        <Link href={to} className="btn btn-secondary btn-block schedule-view">
          {t('viewDetail')}
        </Link>
      )}
    </article>
  );
}

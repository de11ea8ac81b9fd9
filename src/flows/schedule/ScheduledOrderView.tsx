/**
 * A scheduled application (spec §2 'Schedule List and scheduled order detail'): its product,
 * expected amount, bank account, created time and state; while scheduled, Cancel and the spec's
 * question 'Are you confirm cancel this schedule order ?' with Yes and No.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { scheduledOrderMachine } from '../../../machines/schedule/scheduled-order.machine';
import { scheduleText } from '../../../i18n/en/schedule';
import { APPLIED, scheduleStateKey } from '../../../machines/schedule/schedule.rules';
import { paths } from '../../../machines/shared/paths';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Screen } from '../../ui/Screen';
import { LoadError, Loading } from '../../ui/Status';
import { formatTime } from '../../ui/dates';
import { useText } from '../../ui/text';
import { AccountNumber } from './AccountNumber';
import './schedule.css';

export type ScheduledOrderActor = ActorRefFrom<typeof scheduledOrderMachine>;

export function ScheduledOrderView({ actor }: { actor: ScheduledOrderActor }) {
  const phase = useSelector(actor, (s) => (s.hasTag('failed') ? 'failed' : s.hasTag('shown') ? 'shown' : s.hasTag('leaving') ? 'leaving' : 'loading'));
  const error = useSelector(actor, (s) => s.context.error);
  const t = useText(scheduleText);
  return (
    <Screen title={t('detailTitle')} backTo={paths.schedule.href()} className="schedule scheduled-order">
      {phase === 'loading' && <Loading label={t('loadingDetail')} />}
      {phase === 'leaving' && <Loading label={t('openingList')} />}
      {phase === 'failed' && <LoadError message={t.said(error ?? { key: 'detailFailed' })} onRetry={() => actor.send({ type: 'page.retried' })} homeLink />}
      {phase === 'shown' && <Details actor={actor} />}
    </Screen>
  );
}

function Details({ actor }: { actor: ScheduledOrderActor }) {
  const order = useSelector(actor, (s) => s.context.order);
  const cancellable = useSelector(actor, (s) => s.hasTag('cancellable'));
  const asking = useSelector(actor, (s) => s.hasTag('asking'));
  const cancelling = useSelector(actor, (s) => s.hasTag('cancelling'));
  const notice = useSelector(actor, (s) => s.context.notice);
  const noticeId = useId();
  const t = useText(scheduleText);
  if (!order) return null;
  const decline = () => actor.send({ type: 'cancel.declined' });
  return (
    <>
      <section className="card schedule-card" aria-label={t('scheduledApplication')}>
        <div className="schedule-head">
          <h2 className="schedule-product">{order.productName || '—'}</h2>
          <span className={`schedule-state schedule-state-${order.state}`}>{t(scheduleStateKey(order.state), { state: order.state })}</span>
        </div>
        <dl className="schedule-facts">
          <div>
            <dt>{t('expectedAmount')}</dt>
            <dd>{formatINR(order.expectBorrowAmount)}</dd>
          </div>
          <div>
            <dt>{t('bankAccount')}</dt>
            <dd>
              <AccountNumber cardNo={order.bankNo} />
            </dd>
          </div>
          <div>
            <dt>{t('created')}</dt>
            <dd>{formatTime(order.createTime)}</dd>
          </div>
          {order.state === APPLIED && (
            <div>
              <dt>{t('orderNumber')}</dt>
              <dd className="schedule-order-no">{order.orderNo || '—'}</dd>
            </div>
          )}
        </dl>
      </section>
      {cancellable && <p className="muted schedule-note">{t('explanation')}</p>}
      {order.state === APPLIED && (
        <Link href={paths.orders.href()} className="btn btn-link">
          {t('myLoans')}
        </Link>
      )}
      {cancellable && (
        <div className="schedule-action">
          {notice && (
            <p className="schedule-notice" role="alert" id={noticeId}>
              {t.said(notice)}
            </p>
          )}
          <Button variant="secondary" block aria-describedby={notice ? noticeId : undefined} onClick={() => actor.send({ type: 'cancel.tapped' })}>
            {t('cancel')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title={t('cancelQuestion')}
        keepLabel={t('no')}
        onKeep={decline}
        actLabel={t('yes')}
        onAct={() => actor.send({ type: 'cancel.confirmed' })}
        busy={cancelling}
      >
        <p>{t('cancelConsequence')}</p>
      </ConfirmDialog>
    </>
  );
}

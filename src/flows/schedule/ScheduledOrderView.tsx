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
import { APPLIED, formatTime, SCHEDULE_MESSAGES, scheduleStateName } from '../../../machines/schedule/schedule.rules';
import { paths } from '../../../machines/shared/paths';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Screen } from '../../ui/Screen';
import { LoadError, Loading } from '../../ui/Status';
import { AccountNumber } from './AccountNumber';
import './schedule.css';

export type ScheduledOrderActor = ActorRefFrom<typeof scheduledOrderMachine>;

export function ScheduledOrderView({ actor }: { actor: ScheduledOrderActor }) {
  const phase = useSelector(actor, (s) => (s.hasTag('failed') ? 'failed' : s.hasTag('shown') ? 'shown' : s.hasTag('leaving') ? 'leaving' : 'loading'));
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <Screen title="Scheduled order" backTo={paths.schedule.href()} className="schedule scheduled-order">
      {phase === 'loading' && <Loading label="Loading your scheduled application…" />}
      {phase === 'leaving' && <Loading label="Opening your scheduled applications…" />}
      {phase === 'failed' && <LoadError message={error ?? SCHEDULE_MESSAGES.detailFailed} onRetry={() => actor.send({ type: 'page.retried' })} homeLink />}
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
  if (!order) return null;
  const decline = () => actor.send({ type: 'cancel.declined' });
  return (
    <>
      <section className="card schedule-card" aria-label="Scheduled application">
        <div className="schedule-head">
          <h2 className="schedule-product">{order.productName || '—'}</h2>
          <span className={`schedule-state schedule-state-${order.state}`}>{scheduleStateName(order.state)}</span>
        </div>
        <dl className="schedule-facts">
          <div>
            <dt>Expected amount</dt>
            <dd>{formatINR(order.expectBorrowAmount)}</dd>
          </div>
          <div>
            <dt>Bank account</dt>
            <dd>
              <AccountNumber cardNo={order.bankNo} />
            </dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{formatTime(order.createTime)}</dd>
          </div>
          {order.state === APPLIED && (
            <div>
              <dt>Order number</dt>
              <dd className="schedule-order-no">{order.orderNo || '—'}</dd>
            </div>
          )}
        </dl>
      </section>
      {cancellable && <p className="muted schedule-note">{SCHEDULE_MESSAGES.explanation}</p>}
      {order.state === APPLIED && (
        <Link href={paths.orders.href()} className="btn btn-link">
          My loans
        </Link>
      )}
      {cancellable && (
        <div className="schedule-action">
          {notice && (
            <p className="schedule-notice" role="alert" id={noticeId}>
              {notice}
            </p>
          )}
          <Button variant="secondary" block aria-describedby={notice ? noticeId : undefined} onClick={() => actor.send({ type: 'cancel.tapped' })}>
            {SCHEDULE_MESSAGES.cancel}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title={SCHEDULE_MESSAGES.cancelQuestion}
        keepLabel={SCHEDULE_MESSAGES.no}
        onKeep={decline}
        actLabel={SCHEDULE_MESSAGES.yes}
        onAct={() => actor.send({ type: 'cancel.confirmed' })}
        busy={cancelling}
      >
        <p>{SCHEDULE_MESSAGES.cancelConsequence}</p>
      </ConfirmDialog>
    </>
  );
}

/**
 * Coming back from the payment page (the order's detail page): what the lender says happened to the
 * payment this tab started. Received (how much, when, its reference, what is left or the new due
 * date, its receipt), waiting for the bank (not to pay again meanwhile, when it will be known; the
 * page checks by itself), not received (nothing was taken; Pay again), or not confirmed yet (Check
 * again, Pay again). Every figure is the lender's: the payment's record, else the order read again.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import { closureText } from '../../../i18n/en/closure';
import { orderText } from '../../../i18n/en/order';
import { canPayAgain, heldByPending, startedRecord } from '../../../machines/order/order.rules';
import { ORDER_STATE } from '../../../machines/shared/order-states';
import { paths } from '../../../machines/shared/paths';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { formatDay, formatTime } from '../../ui/dates';
import { useText } from '../../ui/text';
import { Notice, type OrderActor } from './OrderFrame';

type Outcome = 'received' | 'pending' | 'notReceived' | 'unconfirmed';

const TITLES = { pending: 'pendingTitle', notReceived: 'notReceivedTitle', unconfirmed: 'unconfirmedTitle' } as const;

export function PaymentOutcomeView({ actor }: { actor: OrderActor }) {
  const t = useText(orderText);
  const outcome = useSelector(actor, (s): Outcome => (s.hasTag('received') ? 'received' : s.hasTag('pending') ? 'pending' : s.hasTag('notReceived') ? 'notReceived' : 'unconfirmed'));
  const order = useSelector(actor, (s) => s.context.order);
  const fee = useSelector(actor, (s) => s.context.started?.purpose === 'extensionFee');
  const closing = useSelector(actor, (s) => s.context.started?.purpose === 'closure');
  const tc = useText(closureText);
  const record = useSelector(actor, (s) => startedRecord(s.context));
  const payAgain = useSelector(actor, (s) => canPayAgain(s.context));
  const held = useSelector(actor, (s) => heldByPending(s.context));
  const refreshing = useSelector(actor, (s) => s.hasTag('refreshing'));
  const notice = useSelector(actor, (s) => s.context.notice);
  const titleId = useId();
  const noticeId = useId();
  if (!order) return null;
  const title = outcome === 'received' ? t(fee ? 'feeReceivedTitle' : 'receivedTitle') : t(TITLES[outcome]);
  const newDueDate = record?.newDueDate || (fee ? order.repaymentDate : '');
  const send = (type: 'outcome.closed' | 'pay.again' | 'refresh.tapped') => actor.send({ type });

  return (
    <section className={`card payment-outcome payment-outcome-${outcome}`} aria-labelledby={titleId}>
      <div role="status" className="payment-outcome-told">
        <h2 id={titleId} className="payment-outcome-title">
          {title}
        </h2>
        {outcome === 'received' && <p className="payment-outcome-lead">{record?.paidAmount != null ? t('receivedLead', { amount: formatINR(record.paidAmount) }) : t('receivedUpdated')}</p>}
        {outcome === 'pending' && <p className="payment-outcome-lead">{t('pendingLead')}</p>}
        {outcome === 'notReceived' && <p className="payment-outcome-lead">{t('notReceivedLead')}</p>}
        {outcome === 'unconfirmed' && <p className="payment-outcome-lead">{t('unconfirmedLead')}</p>}
      </div>
      <dl className="order-facts payment-outcome-facts">
        <div>
          <dt>{t('orderNumber')}</dt>
          <dd>{order.orderNo}</dd>
        </div>
        {outcome === 'received' && record?.paidAt && (
          <div>
            <dt>{t('receivedOn')}</dt>
            <dd>{formatTime(record.paidAt)}</dd>
          </div>
        )}
        {record?.reference && (
          <div>
            <dt>{t('reference')}</dt>
            <dd className="payment-outcome-ref">{record.reference}</dd>
          </div>
        )}
        {outcome === 'received' && !newDueDate && order.orderState !== ORDER_STATE.settled && order.repaymentAmount != null && (
          <div>
            <dt>{t('leftToPay')}</dt>
            <dd>{formatINR(order.repaymentAmount)}</dd>
          </div>
        )}
      </dl>
      {outcome === 'received' && newDueDate && <p className="payment-outcome-after">{t('dueDateNow', { date: formatDay(newDueDate) })}</p>}
      {outcome === 'received' && !newDueDate && order.orderState === ORDER_STATE.settled && <p className="payment-outcome-after">{closing ? tc('loanClosed') : t('settled')}</p>}
      {outcome === 'pending' && (
        <>
          <p className="payment-outcome-warn">{t('pendingDontPay')}</p>
          <p>{record?.knownBy ? t('pendingKnownBy', { time: formatTime(record.knownBy) }) : t('pendingKnownSoon')}</p>
          <p className="muted">{t('pendingAuto')}</p>
        </>
      )}
      {outcome === 'notReceived' && payAgain && <p>{t('notReceivedTry')}</p>}
      {outcome === 'unconfirmed' && <p>{t('unconfirmedNext')}</p>}
      {(outcome === 'notReceived' || outcome === 'unconfirmed') && held && <p className="payment-outcome-warn">{t('otherPending')}</p>}
      <Notice id={noticeId} said={notice} />
      <div className="payment-outcome-actions">
        {outcome === 'received' && record?.status === 'received' && (
          <Link href={paths.orderReceipt.href(order.orderId, record.id)} className="btn btn-primary btn-block">
            {t('viewReceipt')}
          </Link>
        )}
        {(outcome === 'pending' || outcome === 'unconfirmed') && (
          <Button block variant={outcome === 'pending' ? 'secondary' : 'primary'} busy={refreshing} aria-describedby={notice ? noticeId : undefined} onClick={() => send('refresh.tapped')}>
            {t('checkAgain')}
          </Button>
        )}
        {(outcome === 'notReceived' || outcome === 'unconfirmed') && payAgain && (
          <Button block variant={outcome === 'notReceived' ? 'primary' : 'secondary'} onClick={() => send('pay.again')}>
            {t('payAgain')}
          </Button>
        )}
        {outcome !== 'pending' && (
          <Button block variant={outcome !== 'received' ? 'link' : record?.status === 'received' ? 'secondary' : 'primary'} onClick={() => send('outcome.closed')}>
            {t('backToLoan')}
          </Button>
        )}
      </div>
    </section>
  );
}

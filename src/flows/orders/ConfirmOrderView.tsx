/**
 * The confirm page (spec §2 'Confirm'): loan amount, repayment amount, apply date, interest fee, the
 * bank account (masked), the two sums of what reaches the account and what is repaid (order.rules.ts
 * disbursal, repayable), the KFS acknowledgement and Get Money. Renders the order machine's state.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { Order } from '../../../contract/orders';
import { orderText } from '../../../i18n/en/order';
import { disbursal, repayable } from '../../../machines/order/order.rules';
import { lastDigits, maskedAccount } from '../../../machines/shared/bank-account';
import { paths } from '../../../machines/shared/paths';
import { Button } from '../../ui/Button';
import { formatDay, formatMoment } from '../../ui/dates';
import { kfsText } from '../../../i18n/en/kfs';
import { kfsPrompt } from '../../../machines/shared/kfs-ack';
import { signOf, Sum, SumLine, SumNote, type SumLineProps } from '../../ui/Sum';
import { useText } from '../../ui/text';
import { Notice, OrderFrame, type OrderActor } from './OrderFrame';

export function ConfirmOrderView({ actor }: { actor: OrderActor }) {
  const t = useText(orderText);
  const order = useSelector(actor, (s) => s.context.order);
  const confirming = useSelector(actor, (s) => s.hasTag('confirming'));
  const notice = useSelector(actor, (s) => s.context.notice);
  const mayGetMoney = useSelector(actor, (s) => s.can({ type: 'getMoney.tapped' }));
  const noticeId = useId();
  const kfsId = useId();
  return (
    <OrderFrame actor={actor} title={t('confirmTitle')} className="confirm-order">
      {order && (
        <>
          <p className="order-lead">{t('confirmLead')}</p>
          <Figures order={order} />
          <KfsAcknowledgement actor={actor} id={kfsId} />
          <div className="order-action">
            <Notice id={noticeId} said={notice} />
            <Button
              block
              busy={confirming}
              disabled={!confirming && !mayGetMoney}
              aria-describedby={[notice ? noticeId : '', mayGetMoney ? '' : kfsId].filter(Boolean).join(' ') || undefined}
              onClick={() => actor.send({ type: 'getMoney.tapped' })}
            >
              {t('getMoney')}
            </Button>
          </div>
        </>
      )}
    </OrderFrame>
  );
}

function Figures({ order }: { order: Order }) {
  const t = useText(orderText);
  const received = disbursal(order);
  const repaid = repayable(order);
  const missing = t('notProvided');
  const line = (props: SumLineProps) => <SumLine missing={missing} signWord={props.sign ? t(props.sign) : undefined} {...props} />;
  return (
    <>
      <Sum title={t('receiveTitle')}>
        {line({ label: t('loanAmount'), amount: received.loan })}
        {line({ label: t('processingFee'), sign: 'minus', amount: received.fee })}
        {line({ label: t('gst'), sign: 'minus', amount: received.gst })}
        {received.other !== null && line({ label: t('notItemised'), sign: signOf(received.other), amount: received.other })}
        {line({ label: t('willReceive'), amount: received.received, total: true })}
        <SumNote label={t('bankAccount')}>
          <span aria-hidden="true">{order.bankNo ? maskedAccount(order.bankNo) : '—'}</span>
          {order.bankNo && <span className="visually-hidden">{t('accountEnding', { digits: lastDigits(order.bankNo) })}</span>}
        </SumNote>
      </Sum>
      <Sum title={t('repayTitle')}>
        {line({ label: t('loanAmount'), amount: repaid.loan })}
        {line({ label: t('interestFee'), sign: 'plus', amount: repaid.interest })}
        {repaid.other !== null && line({ label: t('notItemised'), sign: signOf(repaid.other), amount: repaid.other })}
        {line({ label: t('repaymentAmount'), amount: repaid.repayment, total: true })}
        <SumNote label={t('dueOn')}>{order.repaymentDate ? formatDay(order.repaymentDate) : <span className="sum-missing">{missing}</span>}</SumNote>
      </Sum>
      <p className="order-note muted">{t('dueNote', { days: order.period })}</p>
      <dl className="order-facts card">
        <div>
          <dt>{t('applyDate')}</dt>
          <dd>{formatDay(order.applyTime)}</dd>
        </div>
      </dl>
      <p className="order-kfs-link">
        <Link href={paths.orderKfs.href(order.orderId)}>{t('kfsLink')}</Link>
      </p>
    </>
  );
}

/**
 * The KFS Get Money is sent under (machines/shared/kfs-ack.ts): the one acknowledged that still binds,
 * or the current one (the lender's numbered one, or the app's own) to read and acknowledge with a tick.
 */
function KfsAcknowledgement({ actor, id }: { actor: OrderActor; id: string }) {
  const t = useText(kfsText);
  const prompt = useSelector(actor, (s) => kfsPrompt(s.context.kfs, s.context.kfsTickedAt), (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const busy = useSelector(actor, (s) => s.hasTag('confirming'));
  const checkId = useId();
  if (prompt.kind === 'reading') return <p className="order-kfs-ack muted" id={id}>{t('reading')}</p>;
  if (prompt.kind === 'binds')
    return (
      <p className="order-kfs-ack" id={id}>
        {t('binds', { kfsNo: prompt.kfsNo, time: formatMoment(Date.parse(prompt.validUntil)) })}
      </p>
    );
  return (
    <div className="order-kfs-ack card">
      <p id={id}>
        {prompt.kfsNo !== null && prompt.validUntil !== null
          ? t('current', { kfsNo: prompt.kfsNo, time: formatMoment(Date.parse(prompt.validUntil)) })
          : t('currentApp')}
      </p>
      <div className="checkbox">
        <input id={checkId} type="checkbox" checked={prompt.ticked} disabled={busy} onChange={(e) => actor.send({ type: 'kfs.ticked', checked: e.currentTarget.checked })} />
        <label htmlFor={checkId}>{t('acknowledge')}</label>
      </div>
    </div>
  );
}

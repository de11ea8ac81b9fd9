/**
 * The confirm page (spec §2 'Confirm'): loan amount, repayment amount, apply date, interest fee and
 * the bank account (masked), and Get Money. Before the tap the borrower sees what they will get and
 * what they will owe, as two sums of the lender's figures (order.rules.ts disbursal, repayable):
 * loan − processing fee − GST = what reaches the account; loan + interest = the repayment amount, with
 * the due date. A figure the order lacks reads "Not provided by the lender". The Key Fact Statement of
 * the order is a page of its own (OrderKfsRoute).
 */
import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Order } from '../../../contract/orders';
import { orderText } from '../../../i18n/en/order';
import { disbursal, repayable } from '../../../machines/order/order.rules';
import { lastDigits, maskedAccount } from '../../../machines/shared/bank-account';
import { paths } from '../../../machines/shared/paths';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { formatDay } from '../../ui/dates';
import { useText } from '../../ui/text';
import { Notice, OrderFrame, type OrderActor } from './OrderFrame';

type Sign = 'minus' | 'plus';

/** One line of a sum: its label, its sign (read out, drawn as − / +) and the lender's figure, or that it was not given. */
function Line({ label, sign, amount, total = false }: { label: string; sign?: Sign; amount: number | null; total?: boolean }) {
  const t = useText(orderText);
  return (
    <div className={total ? 'order-sum-total' : undefined}>
      <dt>{label}</dt>
      <dd>
        {amount === null ? (
          <span className="order-missing">{t('notProvided')}</span>
        ) : (
          <>
            {sign && (
              <>
                <span aria-hidden="true">{sign === 'minus' ? '− ' : '+ '}</span>
                <span className="visually-hidden">{t(sign)} </span>
              </>
            )}
            {formatINR(Math.abs(amount))}
          </>
        )}
      </dd>
    </div>
  );
}

/** A difference the lender's figures leave: a line of its own, signed, so the sum on screen holds. */
const signOf = (n: number): Sign => (n < 0 ? 'minus' : 'plus');

function Sum({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card order-sum" aria-labelledby={titleId}>
      <h2 id={titleId} className="order-subtitle">
        {title}
      </h2>
      <dl className="order-facts">{children}</dl>
    </section>
  );
}

export function ConfirmOrderView({ actor }: { actor: OrderActor }) {
  const t = useText(orderText);
  const order = useSelector(actor, (s) => s.context.order);
  const confirming = useSelector(actor, (s) => s.hasTag('confirming'));
  const notice = useSelector(actor, (s) => s.context.notice);
  const noticeId = useId();
  return (
    <OrderFrame actor={actor} title={t('confirmTitle')} className="confirm-order">
      {order && (
        <>
          <p className="order-lead">{t('confirmLead')}</p>
          <Figures order={order} />
          <div className="order-action">
            <Notice id={noticeId} said={notice} />
            <Button block busy={confirming} aria-describedby={notice ? noticeId : undefined} onClick={() => actor.send({ type: 'getMoney.tapped' })}>
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
  return (
    <>
      <Sum title={t('receiveTitle')}>
        <Line label={t('loanAmount')} amount={received.loan} />
        <Line label={t('processingFee')} sign="minus" amount={received.fee} />
        <Line label={t('gst')} sign="minus" amount={received.gst} />
        {received.other !== null && <Line label={t('notItemised')} sign={signOf(received.other)} amount={received.other} />}
        <Line label={t('willReceive')} amount={received.received} total />
        <div>
          <dt>{t('bankAccount')}</dt>
          <dd>
            <span aria-hidden="true">{order.bankNo ? maskedAccount(order.bankNo) : '—'}</span>
            {order.bankNo && <span className="visually-hidden">{t('accountEnding', { digits: lastDigits(order.bankNo) })}</span>}
          </dd>
        </div>
      </Sum>
      <Sum title={t('repayTitle')}>
        <Line label={t('loanAmount')} amount={repaid.loan} />
        <Line label={t('interestFee')} sign="plus" amount={repaid.interest} />
        {repaid.other !== null && <Line label={t('notItemised')} sign={signOf(repaid.other)} amount={repaid.other} />}
        <Line label={t('repaymentAmount')} amount={repaid.repayment} total />
        <div>
          <dt>{t('dueOn')}</dt>
          <dd>{order.repaymentDate ? formatDay(order.repaymentDate) : <span className="order-missing">{t('notProvided')}</span>}</dd>
        </div>
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

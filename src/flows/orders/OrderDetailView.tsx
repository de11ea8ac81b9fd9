/**
 * The order detail page (spec §2 'Order detail'): the order number, the overdue days and fee, the
 * amounts and fees, the application date; beyond the spec, the due date, the days left, a timeline
 * and the lender's payments, each opening its receipt. A payment's outcome comes first
 * (PaymentOutcomeView.tsx). Renders the order machine's state.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { Offered } from '../../../contract/offered';
import type { Order } from '../../../contract/orders';
import type { PaymentRecord } from '../../../contract/payments';
import { orderText, type OrderKey } from '../../../i18n/en/order';
import { canExtend, dueText, gstOf, isOverdue, listedPayments, timeline } from '../../../machines/order/order.rules';
import { paths } from '../../../machines/shared/paths';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { formatDay } from '../../ui/dates';
import { useText } from '../../ui/text';
import { Notice, OrderFrame, type OrderActor } from './OrderFrame';
import { PaymentOutcomeView } from './PaymentOutcomeView';
import { ClosureOffer } from './ClosureOffer';
import type { closureMachine } from '../../../machines/closure/closure.machine';
import { closureText } from '../../../i18n/en/closure';

const money = (n: number | null | undefined) => (n == null ? '—' : formatINR(n));

export function OrderDetailView({ actor, closure = null }: { actor: OrderActor; closure?: typeof closureMachine | null }) {
  const t = useText(orderText);
  const order = useSelector(actor, (s) => s.context.order);
  const today = useSelector(actor, (s) => s.context.today);
  const payable = useSelector(actor, (s) => s.hasTag('payable'));
  const settled = useSelector(actor, (s) => s.hasTag('settled'));
  const busy = useSelector(actor, (s) => s.hasTag('repaying') || s.hasTag('redirecting'));
  const redirecting = useSelector(actor, (s) => s.hasTag('redirecting'));
  const notice = useSelector(actor, (s) => s.context.notice);
  const payments = useSelector(actor, (s) => s.context.payments);
  const outcome = useSelector(actor, (s) => s.hasTag('outcome'));
  const origin = useSelector(actor, (s) => s.context.origin);
  const paymentHosts = useSelector(actor, (s) => s.context.paymentHosts);
  const now = useSelector(actor, (s) => s.context.now);
  const noticeId = useId();
  if (outcome)
    return (
      <OrderFrame actor={actor} title={t('detailTitle')} className="order-detail">
        <PaymentOutcomeView actor={actor} />
      </OrderFrame>
    );
  return (
    <OrderFrame actor={actor} title={t('detailTitle')} className="order-detail">
      {order && (
        <>
          <Summary order={order} today={today} settled={settled} />
          {payable && !busy && closure && <ClosureOffer machine={closure} order={order} origin={origin} paymentHosts={paymentHosts} now={now} />}
          <Facts order={order} />
          <Payments orderId={order.orderId} payments={payments} />
          <Timeline order={order} today={today} payments={payments} />
          {payable && canExtend(order) && (
            <p className="order-extension">
              <span>{t('extensionAsk')}</span>
              <Link href={paths.orderExtension.href(order.orderId)} className="btn btn-link">
                {t('extensionLink')}
              </Link>
            </p>
          )}
          {payable && (
            <div className="order-action">
              <Notice id={noticeId} said={notice} />
              {redirecting && (
                <p className="order-redirecting" role="status">
                  {t('redirecting')}
                </p>
              )}
              <Button
                block
                busy={busy}
                className={isOverdue(order) ? 'btn-overdue' : undefined}
                aria-describedby={notice ? noticeId : undefined}
                onClick={() => actor.send({ type: 'repay.tapped' })}
              >
                {t('repayment', { amount: money(order.repaymentAmount) })}
              </Button>
            </div>
          )}
        </>
      )}
    </OrderFrame>
  );
}

function Summary({ order, today, settled }: { order: Order; today: number; settled: boolean }) {
  const t = useText(orderText);
  const daysOverdue = (order.overdueDays ?? 0) > 0;
  const due = dueText(order, today);
  return (
    <section className={`card order-summary${isOverdue(order) ? ' order-summary-overdue' : ''}`} aria-label={t('summary')}>
      <p className="order-number">
        {t('orderNumber')} <strong>{order.orderNo}</strong>
      </p>
      {settled ? (
        <p className="order-settled">{t('settled')}</p>
      ) : (
        <>
          <p className="order-due-amount">{money(order.repaymentAmount)}</p>
          <p className="order-due">
            {due && <span className="order-due-left">{t.said(due)}</span>}
            {order.repaymentDate && <span> · {t('dueDate', { date: formatDay(order.repaymentDate) })}</span>}
          </p>
        </>
      )}
      {daysOverdue && (
        <dl className="order-facts order-overdue">
          <div>
            <dt>{t('daysOverdue')}</dt>
            <dd>{order.overdueDays}</dd>
          </div>
          <div>
            <dt>{t('overdueFee')}</dt>
            <dd>{money(order.overdueFee)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function Facts({ order }: { order: Order }) {
  const t = useText(orderText);
  const rows: [OrderKey, string][] = [
    ['loanAmount', money(order.loanAmount)],
    ['period', t('periodDays', { days: order.period })],
    ['amountReceived', money(order.arriveAmount)],
    ['repaymentAmount', money(order.repaymentAmount)],
    ...((order.paidAmount ?? 0) > 0 ? ([['repaidSoFar', money(order.paidAmount)]] as [OrderKey, string][]) : []),
    ['processingFee', money(order.serviceFee)],
    ['gst', money(gstOf(order))],
    ['interestFee', money(order.interest)],
    ['applicationDate', formatDay(order.applyTime)],
  ];
  return (
    <dl className="order-facts card" aria-label={t('loanDetails')}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The order's payments, newest first (only where the lender offers the call): each received one opens its receipt. */
function Payments({ orderId, payments }: { orderId: string; payments: Offered<PaymentRecord[]> | null }) {
  const t = useText(orderText);
  const tc = useText(closureText);
  const listed = listedPayments(payments);
  if (listed.length === 0) return null;
  const STATUS = { received: 'paymentReceived', pending: 'paymentPending', failed: 'paymentFailed' } as const;
  return (
    <section className="card" aria-labelledby="order-payments">
      <h2 id="order-payments" className="order-subtitle">
        {t('paymentsTitle')}
      </h2>
      <ul className="order-payments">
        {listed.map((p) => {
          const amount = money(p.status === 'received' ? p.paidAmount : p.amount);
          const date = formatDay(p.paidAt || p.createdAt);
          return (
            <li key={p.id} className={`order-payment order-payment-${p.status ?? 'other'}`}>
              <span className="order-payment-what">
                <span>{p.purpose === 'closure' ? tc('paymentClosure') : t(p.purpose === 'extensionFee' ? 'paymentExtensionFee' : 'paymentRepayment')}</span>
                <span className="order-payment-status">{p.status ? t(STATUS[p.status as keyof typeof STATUS]) : ''}</span>
              </span>
              <span className="order-payment-amount">
                <span>{amount}</span>
                <span className="order-payment-date">{date}</span>
              </span>
              {p.status === 'received' && (
                <Link href={paths.orderReceipt.href(orderId, p.id)} className="order-payment-receipt" aria-label={t('receiptOf', { amount, date })}>
                  {t('receipt')}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Timeline({ order, today, payments }: { order: Order; today: number; payments: Offered<PaymentRecord[]> | null }) {
  const t = useText(orderText);
  return (
    <section className="card" aria-labelledby="order-timeline">
      <h2 id="order-timeline" className="order-subtitle">
        {t('timeline')}
      </h2>
      <ol className="order-timeline">
        {timeline(order, today, payments).map((step, i) => (
          <li key={`${step.label}-${i}`} className={step.status === 'pending' ? undefined : step.status}>
            <span className="order-timeline-label">
              {t(step.label, { amount: money(step.amount), date: formatDay(step.newDueDate ?? '') })}
              {step.status !== 'pending' && <span className="visually-hidden"> {t(step.status === 'done' ? 'stepDone' : 'stepOverdue')}</span>}
            </span>
            {step.date && <span className="order-timeline-date">{formatDay(step.date)}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The order detail page (spec §2 'Order detail'): the order number, days overdue and the overdue fee
 * (only when overdue), the amounts and fees, the application date; beyond the spec, the due date,
 * the days left and a short timeline. Repayment shows the amount (red when overdue); the extension
 * prompt only when isExtension is set.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { Order } from '../../../contract/orders';
import { canExtend, dueText, formatDay, gstOf, isOverdue, ORDER_MESSAGES, timeline } from '../../../machines/order/order.rules';
import { paths } from '../../../machines/shared/paths';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Notice, OrderFrame, type OrderActor } from './OrderFrame';

const money = (n: number | null | undefined) => (n == null ? '—' : formatINR(n));

export function OrderDetailView({ actor }: { actor: OrderActor }) {
  const order = useSelector(actor, (s) => s.context.order);
  const today = useSelector(actor, (s) => s.context.today);
  const payable = useSelector(actor, (s) => s.hasTag('payable'));
  const settled = useSelector(actor, (s) => s.hasTag('settled'));
  const busy = useSelector(actor, (s) => s.hasTag('repaying') || s.hasTag('redirecting'));
  const redirecting = useSelector(actor, (s) => s.hasTag('redirecting'));
  const notice = useSelector(actor, (s) => s.context.notice);
  const noticeId = useId();
  return (
    <OrderFrame actor={actor} title="Order detail" className="order-detail">
      {order && (
        <>
          <Summary order={order} today={today} settled={settled} />
          <Facts order={order} />
          <Timeline order={order} />
          {payable && canExtend(order) && (
            <p className="order-extension">
              <span>{ORDER_MESSAGES.extensionAsk}</span>
              <Link href={paths.orderExtension.href(order.orderId)} className="btn btn-link">
                {ORDER_MESSAGES.extensionLink}
              </Link>
            </p>
          )}
          {payable && (
            <div className="order-action">
              <Notice id={noticeId} text={notice} />
              {redirecting && (
                <p className="order-redirecting" role="status">
                  {ORDER_MESSAGES.redirecting}
                </p>
              )}
              <Button
                block
                busy={busy}
                className={isOverdue(order) ? 'btn-overdue' : undefined}
                aria-describedby={notice ? noticeId : undefined}
                onClick={() => actor.send({ type: 'repay.tapped' })}
              >
                Repayment {money(order.repaymentAmount)}
              </Button>
            </div>
          )}
        </>
      )}
    </OrderFrame>
  );
}

function Summary({ order, today, settled }: { order: Order; today: number; settled: boolean }) {
  const overdue = (order.overdueDays ?? 0) > 0;
  const due = dueText(order, today);
  return (
    <section className={`card order-summary${overdue ? ' order-summary-overdue' : ''}`} aria-label="Summary">
      <p className="order-number">
        Order number <strong>{order.orderNo}</strong>
      </p>
      {settled ? (
        <p className="order-settled">{ORDER_MESSAGES.settled}</p>
      ) : (
        <>
          <p className="order-due-amount">{money(order.repaymentAmount)}</p>
          <p className="order-due">
            {due && <span className="order-due-left">{due}</span>}
            {order.repaymentDate && <span> · Due date {formatDay(order.repaymentDate)}</span>}
          </p>
        </>
      )}
      {overdue && (
        <dl className="order-facts order-overdue">
          <div>
            <dt>Days overdue</dt>
            <dd>{order.overdueDays}</dd>
          </div>
          <div>
            <dt>Overdue fee</dt>
            <dd>{money(order.overdueFee)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function Facts({ order }: { order: Order }) {
  const rows: [string, string][] = [
    ['Loan amount', money(order.loanAmount)],
    ['Period', `${order.period} days`],
    ['Amount received', money(order.arriveAmount)],
    ['Repayment amount', money(order.repaymentAmount)],
    ...((order.paidAmount ?? 0) > 0 ? ([['Repaid so far', money(order.paidAmount)]] as [string, string][]) : []),
    ['Processing fee', money(order.serviceFee)],
    ['GST (18% of the processing fee)', money(gstOf(order))],
    ['Interest fee', money(order.interest)],
    ['Application date', formatDay(order.applyTime)],
  ];
  return (
    <dl className="order-facts card" aria-label="Loan details">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Timeline({ order }: { order: Order }) {
  return (
    <section className="card" aria-labelledby="order-timeline">
      <h2 id="order-timeline" className="order-subtitle">
        Timeline
      </h2>
      <ol className="order-timeline">
        {timeline(order).map((step) => (
          <li key={step.label} className={step.done ? 'done' : undefined}>
            <span className="order-timeline-label">
              {step.label}
              {step.done && <span className="visually-hidden"> (done)</span>}
            </span>
            {step.date && <span className="order-timeline-date">{formatDay(step.date)}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

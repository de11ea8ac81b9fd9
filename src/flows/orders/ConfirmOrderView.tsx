/**
 * The confirm page (spec §2 'Confirm'): loan amount, repayment amount, apply date, interest fee and
 * the bank account (masked), and Get Money.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { formatDay, ORDER_MESSAGES } from '../../../machines/order/order.rules';
import { lastDigits, maskedAccount } from '../../../machines/shared/bank-account';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Notice, OrderFrame, type OrderActor } from './OrderFrame';

const money = (n: number | null | undefined) => (n == null ? '—' : formatINR(n));

export function ConfirmOrderView({ actor }: { actor: OrderActor }) {
  const order = useSelector(actor, (s) => s.context.order);
  const confirming = useSelector(actor, (s) => s.hasTag('confirming'));
  const notice = useSelector(actor, (s) => s.context.notice);
  const noticeId = useId();
  return (
    <OrderFrame actor={actor} title="Confirm loan" className="confirm-order">
      {order && (
        <>
          <p className="order-lead">Your loan is approved. Confirm to receive the money in your bank account.</p>
          <dl className="order-facts card">
            <div>
              <dt>Loan amount</dt>
              <dd>{money(order.loanAmount)}</dd>
            </div>
            <div>
              <dt>Repayment amount</dt>
              <dd>{money(order.repaymentAmount)}</dd>
            </div>
            <div>
              <dt>Apply date</dt>
              <dd>{formatDay(order.applyTime)}</dd>
            </div>
            <div>
              <dt>Interest fee</dt>
              <dd>{money(order.interest)}</dd>
            </div>
            <div>
              <dt>Bank account</dt>
              <dd>
                <span aria-hidden="true">{order.bankNo ? maskedAccount(order.bankNo) : '—'}</span>
                {order.bankNo && <span className="visually-hidden">Account ending {lastDigits(order.bankNo)}</span>}
              </dd>
            </div>
          </dl>
          <div className="order-action">
            <Notice id={noticeId} text={notice} />
            <Button block busy={confirming} aria-describedby={notice ? noticeId : undefined} onClick={() => actor.send({ type: 'getMoney.tapped' })}>
              {ORDER_MESSAGES.getMoney}
            </Button>
          </div>
        </>
      )}
    </OrderFrame>
  );
}

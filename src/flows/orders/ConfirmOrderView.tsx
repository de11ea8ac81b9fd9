/**
 * The confirm page (spec §2 'Confirm'): loan amount, repayment amount, apply date, interest fee and
 * the bank account (masked), and Get Money.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { orderText } from '../../../i18n/en/order';
import { lastDigits, maskedAccount } from '../../../machines/shared/bank-account';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { formatDay } from '../../ui/dates';
import { useText } from '../../ui/text';
import { Notice, OrderFrame, type OrderActor } from './OrderFrame';

const money = (n: number | null | undefined) => (n == null ? '—' : formatINR(n));

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
          <dl className="order-facts card">
            <div>
              <dt>{t('loanAmount')}</dt>
              <dd>{money(order.loanAmount)}</dd>
            </div>
            <div>
              <dt>{t('repaymentAmount')}</dt>
              <dd>{money(order.repaymentAmount)}</dd>
            </div>
            <div>
              <dt>{t('applyDate')}</dt>
              <dd>{formatDay(order.applyTime)}</dd>
            </div>
            <div>
              <dt>{t('interestFee')}</dt>
              <dd>{money(order.interest)}</dd>
            </div>
            <div>
              <dt>{t('bankAccount')}</dt>
              <dd>
                <span aria-hidden="true">{order.bankNo ? maskedAccount(order.bankNo) : '—'}</span>
                {order.bankNo && <span className="visually-hidden">{t('accountEnding', { digits: lastDigits(order.bankNo) })}</span>}
              </dd>
            </div>
          </dl>
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

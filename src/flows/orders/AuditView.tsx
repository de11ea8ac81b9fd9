/**
 * The audit page (spec §2 'Audit'): 'In Auditing', the note that it takes a few minutes and an SMS
 * will follow, and Refresh. The machine re-checks by itself while the page is visible.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { ORDER_MESSAGES } from '../../../machines/order/order.rules';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Notice, OrderFrame, type OrderActor } from './OrderFrame';

export function AuditView({ actor }: { actor: OrderActor }) {
  const lending = useSelector(actor, (s) => s.hasTag('lending'));
  const refreshing = useSelector(actor, (s) => s.hasTag('refreshing'));
  const order = useSelector(actor, (s) => s.context.order);
  const notice = useSelector(actor, (s) => s.context.notice);
  const noticeId = useId();
  return (
    <OrderFrame actor={actor} title={ORDER_MESSAGES.auditTitle} className="audit">
      <div className="audit-body" aria-busy={refreshing || undefined}>
        <span className={`audit-mark${lending ? ' audit-mark-done' : ''}`} aria-hidden="true" />
        {lending ? (
          <p className="audit-lead">{ORDER_MESSAGES.lendingNote}</p>
        ) : (
          <>
            <p className="audit-lead">{ORDER_MESSAGES.auditNote}</p>
            <p className="muted">{ORDER_MESSAGES.auditCredit}</p>
          </>
        )}
        {order && (
          <dl className="order-facts audit-facts">
            <div>
              <dt>Order number</dt>
              <dd>{order.orderNo}</dd>
            </div>
            <div>
              <dt>Loan amount</dt>
              <dd>{formatINR(order.loanAmount)}</dd>
            </div>
          </dl>
        )}
        <p className="muted audit-auto">This page checks again by itself while it is open.</p>
        <Notice id={noticeId} text={notice} />
        <Button variant="secondary" busy={refreshing} aria-describedby={notice ? noticeId : undefined} onClick={() => actor.send({ type: 'refresh.tapped' })}>
          {ORDER_MESSAGES.refresh}
        </Button>
      </div>
    </OrderFrame>
  );
}

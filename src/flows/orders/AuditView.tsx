/**
 * The audit page (spec §2 'Audit'): 'In Auditing', the note that it takes a few minutes and an SMS
 * will follow, and Refresh. The machine re-checks by itself while the page is visible.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { orderText } from '../../../i18n/en/order';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { useText } from '../../ui/text';
import { Notice, OrderFrame, type OrderActor } from './OrderFrame';

export function AuditView({ actor }: { actor: OrderActor }) {
  const t = useText(orderText);
  const lending = useSelector(actor, (s) => s.hasTag('lending'));
  const refreshing = useSelector(actor, (s) => s.hasTag('refreshing'));
  const order = useSelector(actor, (s) => s.context.order);
  const notice = useSelector(actor, (s) => s.context.notice);
  const noticeId = useId();
  return (
    <OrderFrame actor={actor} title={t('auditTitle')} className="audit">
      <div className="audit-body" aria-busy={refreshing || undefined}>
        <span className={`audit-mark${lending ? ' audit-mark-done' : ''}`} aria-hidden="true" />
        {lending ? (
          <p className="audit-lead">{t('lendingNote')}</p>
        ) : (
          <>
            <p className="audit-lead">{t('auditNote')}</p>
            <p className="muted">{t('auditCredit')}</p>
          </>
        )}
        {order && (
          <dl className="order-facts audit-facts">
            <div>
              <dt>{t('orderNumber')}</dt>
              <dd>{order.orderNo}</dd>
            </div>
            <div>
              <dt>{t('loanAmount')}</dt>
              <dd>{formatINR(order.loanAmount)}</dd>
            </div>
          </dl>
        )}
        <p className="muted audit-auto">{t('autoRecheck')}</p>
        <Notice id={noticeId} said={notice} />
        <Button variant="secondary" busy={refreshing} aria-describedby={notice ? noticeId : undefined} onClick={() => actor.send({ type: 'refresh.tapped' })}>
          {t('refresh')}
        </Button>
      </div>
    </OrderFrame>
  );
}

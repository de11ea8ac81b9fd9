/**
 * A payment's receipt (beyond the spec): a document, in the borrower's language, with its number and
 * date, who lends (name, RBI registration), the borrower's phone, the loan, the payment, its reference
 * and what it paid off, parts that add up to the amount received. 'Print or save as PDF' opens the
 * browser's print dialog; the print stylesheet prints the receipt alone (receipt.css). The browser
 * draws Devanagari itself: no PDF library.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { PaymentRecord } from '../../../contract/payments';
import { receiptText } from '../../../i18n/en/receipt';
import type { Lender, receiptMachine } from '../../../machines/receipt/receipt.machine';
import { paidOffParts, receivedAmount } from '../../../machines/receipt/receipt.rules';
import { paths } from '../../../machines/shared/paths';
import { formatPhone } from '../../../machines/shared/phone';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { formatDay, formatTime } from '../../ui/dates';
import { Screen } from '../../ui/Screen';
import { LoadError, Loading } from '../../ui/Status';
import { useText } from '../../ui/text';
import './receipt.css';

export type ReceiptActor = ActorRefFrom<typeof receiptMachine>;

export function ReceiptView({ actor, phone }: { actor: ReceiptActor; phone: string | null }) {
  const t = useText(receiptText);
  const orderId = useSelector(actor, (s) => s.context.orderId);
  const phase = useSelector(actor, (s) => (s.hasTag('shown') ? 'shown' : s.hasTag('failed') ? 'failed' : s.hasTag('notOffered') ? 'notOffered' : s.hasTag('missing') ? 'missing' : 'loading'));
  const error = useSelector(actor, (s) => s.context.error);
  const record = useSelector(actor, (s) => s.context.record);
  const lender = useSelector(actor, (s) => s.context.lender);
  const back = (
    <Link href={paths.orderDetail.href(orderId)} className="btn btn-link btn-block">
      {t('backToLoan')}
    </Link>
  );
  return (
    <Screen title={t('title')} backTo={paths.orderDetail.href(orderId)} className="receipt-page">
      {phase === 'loading' && <Loading label={t('loading')} />}
      {phase === 'failed' && <LoadError message={error ? t.said(error) : t('loadFailed')} onRetry={() => actor.send({ type: 'page.retried' })} homeLink />}
      {(phase === 'notOffered' || phase === 'missing') && (
        <div className="card receipt-none">
          <p role="status">{t(phase)}</p>
          {back}
        </div>
      )}
      {phase === 'shown' && record && (
        <>
          <Receipt record={record} lender={lender} phone={phone} />
          <div className="receipt-actions">
            <Button block onClick={() => actor.send({ type: 'print.tapped' })}>
              {t('print')}
            </Button>
            {back}
          </div>
        </>
      )}
    </Screen>
  );
}

function Receipt({ record, lender, phone }: { record: PaymentRecord; lender: Lender | null; phone: string | null }) {
  const t = useText(receiptText);
  const titleId = useId();
  const parts = paidOffParts(record);
  const amount = receivedAmount(record);
  const local = phone?.replace(/^91(?=\d{10}$)/, '') ?? null;
  const rows: [string, string][] = [
    [t('receiptNo'), record.receiptNo || '—'],
    [t('date'), formatTime(record.paidAt)],
    [t('borrower'), local ? formatPhone(local) : '—'],
    [t('orderNo'), record.orderNo || '—'],
    [t('purpose'), t(record.purpose === 'extensionFee' ? 'purposeExtensionFee' : 'purposeRepayment')],
    [t('reference'), record.reference || '—'],
  ];
  return (
    <article className="card receipt-doc" aria-labelledby={titleId}>
      <header className="receipt-head">
        <p className="receipt-lender">{lender?.name || t('notProvided')}</p>
        <p className="receipt-registration">
          {t('rbiRegistration')} {lender?.rbiRegistration || t('notProvided')}
        </p>
        <h2 id={titleId} className="receipt-title">
          {t('document', { number: record.receiptNo || '—' })}
        </h2>
      </header>
      <dl className="receipt-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="receipt-amount">
        <span>{t('amount')}</span>
        <strong>{formatINR(amount)}</strong>
      </p>
      {parts ? (
        <table className="receipt-parts">
          <caption>{t('paidOff')}</caption>
          <tbody>
            {parts.map(({ part, amount: value }) => (
              <tr key={part}>
                <th scope="row">{t(part)}</th>
                <td>{formatINR(value)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('total')}</th>
              <td>{formatINR(amount)}</td>
            </tr>
          </tfoot>
        </table>
      ) : (
        <p className="receipt-note">{t('notItemised')}</p>
      )}
      <dl className="receipt-facts">
        {record.newDueDate ? (
          <div>
            <dt>{t('newDueDate')}</dt>
            <dd>{formatDay(record.newDueDate)}</dd>
          </div>
        ) : (
          record.dueAfter != null && (
            <div>
              <dt>{t('leftAfter')}</dt>
              <dd>{formatINR(record.dueAfter)}</dd>
            </div>
          )
        )}
      </dl>
      <p className="receipt-note">{t('issued')}</p>
    </article>
  );
}

/**
 * The borrower's documents (beyond the spec). The list: per loan, each document with its number and
 * date, opening its page (a receipt, its receipt page). A document: who issued it (name, RBI
 * registration, address), its number and date, the borrower, the loan and what it states, in the
 * borrower's language; 'Print or save as PDF' opens the browser's print dialog and the print
 * stylesheet prints the document alone (documents.css). Without the lender's documents call, the page
 * says the lender provides none here and gives the grievance officer's contact.
 */
import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { DocumentDetail, LoanTerms } from '../../../contract/documents';
import { documentsText } from '../../../i18n/en/documents';
import type { documentsMachine, GrievanceOfficer } from '../../../machines/documents/documents.machine';
import { byLoan, documentHref, termLines, termSums, type TermLine } from '../../../machines/documents/documents.rules';
import { paths } from '../../../machines/shared/paths';
import { formatPhone } from '../../../machines/shared/phone';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { formatDay, formatTime } from '../../ui/dates';
import { Rate } from '../../ui/Rate';
import { Screen } from '../../ui/Screen';
import { LoadError, Loading } from '../../ui/Status';
import { useText } from '../../ui/text';
import './documents.css';

export type DocumentsActor = ActorRefFrom<typeof documentsMachine>;

type Phase = 'loading' | 'failed' | 'notOffered' | 'empty' | 'list' | 'shown';
const PHASES: readonly Phase[] = ['failed', 'notOffered', 'empty', 'list', 'shown'];

export function DocumentsView({ actor }: { actor: DocumentsActor }) {
  const t = useText(documentsText);
  const isDocument = useSelector(actor, (s) => s.context.docId !== null);
  const phase = useSelector(actor, (s): Phase => PHASES.find((p) => s.hasTag(p)) ?? 'loading');
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <Screen title={t('title')} backTo={isDocument ? paths.documents.href() : paths.personal.href()} className="documents-page">
      {phase === 'loading' && <Loading label={t('loading')} />}
      {phase === 'failed' && <LoadError message={error ? t.said(error) : t('loadFailed')} onRetry={() => actor.send({ type: 'page.retried' })} homeLink />}
      {phase === 'notOffered' && <NotOffered actor={actor} />}
      {phase === 'empty' && (
        <p className="card documents-empty" role="status">
          {t('empty')}
        </p>
      )}
      {phase === 'list' && <DocumentList actor={actor} />}
      {phase === 'shown' && <Shown actor={actor} />}
    </Screen>
  );
}

function NotOffered({ actor }: { actor: DocumentsActor }) {
  const t = useText(documentsText);
  const officer = useSelector(actor, (s) => s.context.officer);
  return (
    <div className="card documents-none">
      <p role="status">{t('notOffered')}</p>
      {officer && (officer.name || officer.phone || officer.email) ? <Officer officer={officer} /> : <p>{t('askLender')}</p>}
    </div>
  );
}

function Officer({ officer }: { officer: GrievanceOfficer }) {
  const t = useText(documentsText);
  return (
    <>
      <p>{t('askOfficer')}</p>
      <address className="documents-officer">
        {officer.name && <strong>{officer.name}</strong>}
        {officer.phone && (
          <span>
            {t('phone')}: <a href={`tel:${officer.phone.replace(/[^\d+]/g, '')}`}>{officer.phone}</a>
          </span>
        )}
        {officer.email && (
          <span>
            {t('email')}: <a href={`mailto:${officer.email}`}>{officer.email}</a>
          </span>
        )}
      </address>
    </>
  );
}

function DocumentList({ actor }: { actor: DocumentsActor }) {
  const t = useText(documentsText);
  const documents = useSelector(actor, (s) => s.context.documents);
  return (
    <>
      <p className="documents-intro">{t('intro')}</p>
      {byLoan(documents).map((loan) => (
        <section key={loan.orderId} className="documents-loan" aria-labelledby={`loan-${loan.orderId}`}>
          <h2 id={`loan-${loan.orderId}`}>{t('loanHeading', { orderNo: loan.orderNo })}</h2>
          <ul className="list card">
            {loan.documents.map((d) => (
              <li key={`${d.kind}-${d.id}`}>
                <Link href={documentHref(d)} className="list-row documents-row">
                  {/* The space keeps the two lines apart in the link's name ('Sanction letter No. …'); the grid drops it on screen. */}
                  <span className="documents-text">
                    <span className="documents-kind">{t(d.kind)}</span>{' '}
                    <span className="documents-meta">{t('numberAndDate', { number: d.number || '—', date: d.issuedAt ? formatDay(d.issuedAt) : '—' })}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function Shown({ actor }: { actor: DocumentsActor }) {
  const t = useText(documentsText);
  const document = useSelector(actor, (s) => s.context.document);
  if (!document) return null;
  return (
    <>
      <Paper document={document} />
      <div className="documents-actions">
        <Button block onClick={() => actor.send({ type: 'print.tapped' })}>
          {t('print')}
        </Button>
        <Link href={paths.documents.href()} className="btn btn-link btn-block">
          {t('backToDocuments')}
        </Link>
      </div>
    </>
  );
}

/** Rows of a definition list, label then value. */
function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="documents-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Paper({ document: d }: { document: DocumentDetail }) {
  const t = useText(documentsText);
  const titleId = useId();
  const phone = d.borrower?.phone.replace(/^91(?=\d{10}$)/, '') ?? '';
  return (
    <article className="card documents-paper" aria-labelledby={titleId}>
      <header className="documents-head">
        <p className="documents-lender">{d.lender?.name || t('notProvided')}</p>
        <p className="documents-small">
          {t('rbiRegistration')} {d.lender?.rbiRegistration || t('notProvided')}
        </p>
        {d.lender?.address && <p className="documents-small">{d.lender.address}</p>}
        <h2 id={titleId} className="documents-title">
          {t(d.kind)}
        </h2>
      </header>
      <Facts
        rows={[
          [t('documentNo'), d.number || '—'],
          [t('issuedOn'), d.issuedAt ? formatTime(d.issuedAt) : '—'],
          [t('borrower'), d.borrower?.name || '—'],
          [t('mobile'), /^\d{10}$/.test(phone) ? formatPhone(phone) : phone || '—'],
          [t('orderNo'), d.orderNo || '—'],
        ]}
      />
      {d.kind === 'kfs' && (
        <>
          <p className="documents-lead">{t('kfsLead')}</p>
          {d.kfs && (
            <Facts
              rows={[
                [t('kfsNo'), d.kfs.number || '—'],
                [t('kfsIssued'), d.kfs.issuedAt ? formatTime(d.kfs.issuedAt) : '—'],
                [t('kfsAccepted'), d.kfs.acknowledgedAt ? formatTime(d.kfs.acknowledgedAt) : '—'],
              ]}
            />
          )}
          {d.terms && <Terms terms={d.terms} />}
        </>
      )}
      {d.kind === 'sanctionLetter' && (
        <>
          <p className="documents-lead">{t('sanctionLead')}</p>
          {d.terms && <Terms terms={d.terms} />}
        </>
      )}
      {d.kind === 'noDues' && (
        <>
          <p className="documents-lead">{t('noDuesLead')}</p>
          {d.settlement?.amountRepaid != null && (
            <p className="documents-amount">
              <span>{t('amountRepaid')}</span>
              <strong>{formatINR(d.settlement.amountRepaid)}</strong>
            </p>
          )}
          <Facts rows={[[t('closedOn'), d.settlement?.closedOn ? formatDay(d.settlement.closedOn) : '—']]} />
          <p className="documents-statement">{t('noDuesStatement')}</p>
        </>
      )}
      <p className="documents-small">{t('issuedNote')}</p>
    </article>
  );
}

function Line({ line }: { line: TermLine }) {
  if ('rupees' in line) return <>{line.minus ? `− ${formatINR(line.rupees)}` : formatINR(line.rupees)}</>;
  if ('ratePerDay' in line) return <Rate perDay={line.ratePerDay} />;
  if ('time' in line) return <>{line.key === 'dueDate' ? formatDay(line.time) : formatTime(line.time)}</>;
  return <DaysText days={line.days} />;
}

function DaysText({ days }: { days: number }) {
  const t = useText(documentsText);
  return <>{t('days', { days })}</>;
}

/** A sum: its parts, then the total under a rule; the parts add up to it (documents.rules.ts termSums). */
function SumTable({ lines, label }: { lines: TermLine[]; label: string }) {
  const t = useText(documentsText);
  const parts = lines.slice(0, -1);
  const total = lines.at(-1)!;
  return (
    <table className="documents-sum" aria-label={label}>
      <tbody>
        {parts.map((line) => (
          <tr key={line.key}>
            <th scope="row">{t(line.key)}</th>
            <td>
              <Line line={line} />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t(total.key)}</th>
          <td>
            <Line line={total} />
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

function Terms({ terms }: { terms: LoanTerms }) {
  const t = useText(documentsText);
  const sums = termSums(terms);
  const lines = termLines(terms, { money: sums === null });
  return (
    <section className="documents-terms" aria-label={t('terms')}>
      <h3>{t('terms')}</h3>
      {sums && (
        <>
          <SumTable lines={sums.disbursal} label={t('disbursedAmount')} />
          <SumTable lines={sums.repayment} label={t('repaymentAmount')} />
        </>
      )}
      <Facts rows={lines.map((line) => [t(line.key), <Line key={line.key} line={line} />] as const)} />
    </section>
  );
}

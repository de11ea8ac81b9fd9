/**
 * The Key Fact Statement of a loan (RBI KFS circular, April 2024, Annex A/B; Digital Lending
 * Directions 2025): one table, from the lender's figures, on the loan confirmation (the amount and
 * tenure applied for) and on an order's KFS page (the order's own figures). What the lender did not
 * send is said to be missing, never made up. Its texts are the 'kfs' catalogue (i18n/en/kfs.ts),
 * complete in Hindi: the RBI expects the KFS in a language the borrower understands.
 */
import type { ReactNode } from 'react';
import { GST_RATE, percent, type KeyFacts } from '../../../machines/shared/kfs';
import { formatDay, formatMoment } from '../../ui/dates';
import { kfsText } from '../../../i18n/en/kfs';
import { formatDailyRate, formatINR } from '../../lib/money';
import { useText } from '../../ui/text';
import './kfs.css';

/** The lender's number and validity of a KFS it issued (contract/kfs.ts LenderKfs). */
export interface KfsIssued {
  kfsNo: string;
  validUntil: string;
  acknowledgedAt?: string | null;
}

export function KeyFactStatement({ facts, issued = null }: { facts: KeyFacts; issued?: KfsIssued | null }) {
  const t = useText(kfsText);
  const missing = <span className="kfs-missing">{t('notProvided')}</span>;
  const orMissing = (value: string | null) => (value === null ? missing : value);
  const money = (value: number | null) => (value === null ? missing : formatINR(value));
  const interest = facts.interest === null ? missing : facts.dailyRate === null ? formatINR(facts.interest) : `${formatINR(facts.interest)} (${formatDailyRate(facts.dailyRate)})`;
  const rows: [string, ReactNode][] = [
    ...issuedRows(issued, t),
    [t('sanctioned'), formatINR(facts.sanctioned)],
    [t('term'), t('termValue', { days: facts.tenureDays })],
    [t('interest'), interest],
    [t('processingFee'), money(facts.processingFee)],
    [t('gst', { rate: percent(GST_RATE, 0) }), money(facts.gst)],
    [t('netDisbursed'), facts.netDisbursed === null ? missing : t('netDisbursedValue', { amount: formatINR(facts.netDisbursed) })],
    [t('totalRepayable'), money(facts.totalRepayable)],
    [
      t('dueDate'),
      facts.dueDate === null ? missing : facts.dueIfDisbursedToday ? t('dueDateValue', { date: formatDay(facts.dueDate) }) : formatDay(facts.dueDate),
    ],
    [t('apr'), facts.apr === null ? missing : percent(facts.apr)],
    [
      t('penal'),
      facts.penalChargePerDay === null || facts.penalChargePerDayAmount === null
        ? missing
        : t('penalValue', { rate: percent(facts.penalChargePerDay, 3), amount: formatINR(facts.penalChargePerDayAmount) }),
    ],
    [
      t('coolingOff'),
      facts.coolingOffDays === null ? missing : t(facts.coolingOffDays === 1 ? 'coolingOffOne' : 'coolingOffOther', { days: facts.coolingOffDays }),
    ],
    [
      t('preClosure'),
      facts.foreclosureFee === null ? missing : facts.foreclosureFee === 0 ? t('preClosureFree') : t('preClosureFee', { rate: percent(facts.foreclosureFee) }),
    ],
    [
      t('lender'),
      <>
        {orMissing(facts.lender.name)}
        <br />
        {t('rbiRegistration')} {orMissing(facts.lender.rbiRegistration)}
      </>,
    ],
    [
      t('grievanceOfficer'),
      <>
        {orMissing(facts.grievanceOfficer.name)}
        <br />
        {t('phone')} {facts.grievanceOfficer.phone === null ? missing : <a href={`tel:${facts.grievanceOfficer.phone.replace(/[^\d+]/g, '')}`}>{facts.grievanceOfficer.phone}</a>}
        <br />
        {t('email')} {facts.grievanceOfficer.email === null ? missing : <a href={`mailto:${facts.grievanceOfficer.email}`}>{facts.grievanceOfficer.email}</a>}
      </>,
    ],
  ];
  return (
    <table className="kfs">
      <caption className="visually-hidden">{t('title')}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The lender's number and validity head the statement, where the lender issued one. */
export function issuedRows(issued: KfsIssued | null, t: (key: 'number' | 'validUntil' | 'acknowledgedOn') => string): [string, ReactNode][] {
  if (issued === null) return [];
  const rows: [string, ReactNode][] = [
    [t('number'), issued.kfsNo],
    [t('validUntil'), formatMoment(Date.parse(issued.validUntil))],
  ];
  if (issued.acknowledgedAt) rows.push([t('acknowledgedOn'), formatMoment(Date.parse(issued.acknowledgedAt))]);
  return rows;
}

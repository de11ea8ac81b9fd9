/**
 * The Key Fact Statement of one application (RBI KFS circular, April 2024, Annex A/B; Digital Lending
 * Directions 2025): one table, figures for the exact amount and tenure applied for. What the lender
 * did not send is said to be missing, never made up.
 */
import type { ReactNode } from 'react';
import { APPLICATION_MESSAGES, GST_RATE, percent, type KeyFacts } from '../../../machines/application/application.rules';
import { formatDailyRate, formatINR } from '../../lib/money';

const calendar = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** 'YYYY-MM-DD' → '10 Apr 2025'. */
const formatDay = (day: string) => calendar.format(new Date(`${day}T00:00:00Z`));

const missing = <span className="kfs-missing">{APPLICATION_MESSAGES.notProvided}</span>;
const orMissing = (value: string | null) => (value === null ? missing : value);

export function KeyFactStatement({ facts }: { facts: KeyFacts }) {
  const rows: [string, ReactNode][] = [
    ['Sanctioned loan amount', formatINR(facts.sanctioned)],
    ['Loan term', `${facts.tenureDays} days, repaid in one instalment`],
    ['Interest', `${formatINR(facts.interest)} (${formatDailyRate(facts.dailyRate)})`],
    ['Processing fee', formatINR(facts.processingFee)],
    [`GST on the processing fee (${percent(GST_RATE, 0)})`, formatINR(facts.gst)],
    ['Net disbursed amount', `${formatINR(facts.netDisbursed)} (sanctioned amount less fees)`],
    ['Total amount to be repaid', formatINR(facts.totalRepayable)],
    ['Due date', `${formatDay(facts.dueDate)} (if disbursed today)`],
    ['Annual Percentage Rate (APR)', facts.apr === null ? missing : percent(facts.apr)],
    [
      'Penal charges for late payment',
      facts.penalChargePerDay === null || facts.penalChargePerDayAmount === null ? (
        missing
      ) : (
        <>
          {percent(facts.penalChargePerDay, 3)} of the overdue principal per day ({formatINR(facts.penalChargePerDayAmount)} a day on this loan). A charge, not
          interest: no interest is charged on it.
        </>
      ),
    ],
    [
      'Cooling-off period',
      facts.coolingOffDays === null ? (
        missing
      ) : (
        <>
          {facts.coolingOffDays} {facts.coolingOffDays === 1 ? 'day' : 'days'}: you may exit the loan by repaying the principal and the proportionate APR,
          with no penalty.
        </>
      ),
    ],
    [
      'Lender',
      <>
        {orMissing(facts.lender.name)}
        <br />
        RBI registration: {orMissing(facts.lender.rbiRegistration)}
      </>,
    ],
    [
      'Grievance redressal officer',
      <>
        {orMissing(facts.grievanceOfficer.name)}
        <br />
        Phone: {facts.grievanceOfficer.phone === null ? missing : <a href={`tel:${facts.grievanceOfficer.phone.replace(/[^\d+]/g, '')}`}>{facts.grievanceOfficer.phone}</a>}
        <br />
        E-mail: {facts.grievanceOfficer.email === null ? missing : <a href={`mailto:${facts.grievanceOfficer.email}`}>{facts.grievanceOfficer.email}</a>}
      </>,
    ],
  ];
  return (
    <table className="kfs">
      <caption className="visually-hidden">Key Fact Statement</caption>
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

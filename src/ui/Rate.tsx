/**
 * An interest rate as the spec shows it, in % per day, with the annual rate beside it
 * ('0.09% / day (32.85% / year)'), so a borrower can compare it with rates quoted by the year.
 *
 * The annual figure is the NOMINAL annual interest rate, daily rate × 365 (simple interest, the
 * DAYS_PER_YEAR of machines/shared/apr.ts): it is the same rate restated, not the APR. The APR also
 * counts the fees and needs the amount and tenure (an IRR on the net disbursed amount); the Key Fact
 * Statement computes it for the exact loan applied for (machines/shared/apr.ts). Home and product
 * detail know neither amount nor fees, so an 'APR' there would be wrong.
 */
import { DAYS_PER_YEAR } from '../../machines/shared/apr';
import { formatDailyRate } from '../lib/money';
import './rate.css';

/** The nominal annual rate (a fraction) of a daily rate (a fraction): daily × 365. */
export function annualRate(daily: number): number {
  return daily * DAYS_PER_YEAR;
}

/** A daily rate (a fraction, 0.0009) as its annual rate in percent, at most 2 decimals: '32.85% / year'. */
export function formatAnnualRate(daily: number): string {
  const pct = Math.round(annualRate(daily) * 100 * 100) / 100;
  return `${pct}% / year`;
}

/** '0.09% / day (32.85% / year)' as text. */
export function formatRatePerDayAndYear(daily: number): string {
  return `${formatDailyRate(daily)} (${formatAnnualRate(daily)})`;
}

/** The rate per day, then the annual rate in a quieter span (each its own element: styles may put it on its own line). */
export function Rate({ perDay }: { perDay: number }) {
  return (
    <>
      <span className="rate-day">{formatDailyRate(perDay)}</span> <span className="rate-year">({formatAnnualRate(perDay)})</span>
    </>
  );
}

/**
 * How long a Key Fact Statement binds the lender (RBI Digital Lending Directions 2025: at least three
 * working days for a loan of seven days or more, one working day for a shorter one). One rule, used by
 * the sandbox lender when it issues a KFS and by the app when no lender KFS is offered
 * (docs/borrower-rights.md 'Key Fact Statement').
 */
import { IST_OFFSET_MS } from './india-time';

const DAY_MS = 86_400_000;

/** The lender's holidays besides weekends: India's fixed-date national holidays, as 'MM-DD'. */
export const LENDER_HOLIDAYS: readonly string[] = ['01-26', '08-15', '10-02'];

/** Working days a KFS stays valid after the day it is issued, by the loan's tenure. */
export const kfsWorkingDays = (tenureDays: number): number => (tenureDays >= 7 ? 3 : 1);

/** Whether the IST calendar day starting at `istDayStartLocal` (ms, shifted to IST) is a working day. */
function isWorkingDayLocal(istDayStartLocal: number): boolean {
  const d = new Date(istDayStartLocal);
  const weekday = d.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !LENDER_HOLIDAYS.includes(d.toISOString().slice(5, 10));
}

/** Whether `at` falls on a working day in India (Monday to Friday, not a lender holiday). */
export const isWorkingDay = (at: Date): boolean => {
  const local = at.getTime() + IST_OFFSET_MS;
  return isWorkingDayLocal(local - (((local % DAY_MS) + DAY_MS) % DAY_MS));
};

/**
 * The last second a KFS issued at `issuedAt` is valid: 23:59:59 IST of the N-th working day after the
 * day of issue (the day of issue never counts, so an evening KFS still gets N whole working days).
 */
export function kfsValidUntil(issuedAt: Date, tenureDays: number): Date {
  const local = issuedAt.getTime() + IST_OFFSET_MS;
  let day = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  for (let left = kfsWorkingDays(tenureDays); left > 0; ) {
    day += DAY_MS;
    if (isWorkingDayLocal(day)) left -= 1;
  }
  return new Date(day + DAY_MS - 1000 - IST_OFFSET_MS);
}

/** A KFS binds until its last second, inclusive. */
export const kfsValidAt = (validUntil: Date | number, at: Date | number): boolean => new Date(at).getTime() <= new Date(validUntil).getTime();

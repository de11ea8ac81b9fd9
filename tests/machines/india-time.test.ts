/** machines/shared/india-time.ts and ist-format.ts: lender times (IST, UTC+05:30) read and shown. */
import { describe, expect, it } from 'vitest';
import { IST_OFFSET_MS, istInstant } from '../../machines/shared/india-time';
import { formatIstDay, formatIstMoment } from '../../machines/shared/ist-format';

describe('India time', () => {
  it('reads a lender time as IST', () => {
    expect(IST_OFFSET_MS).toBe(19_800_000);
    expect(istInstant('2025-06-12 10:00:00')).toBe(Date.UTC(2025, 5, 12, 4, 30, 0));
    expect(istInstant('2025-06-12T10:00:00')).toBe(Date.UTC(2025, 5, 12, 4, 30, 0));
    expect(istInstant('2025-06-12 10:00')).toBe(Date.UTC(2025, 5, 12, 4, 30, 0));
    expect(istInstant(' 2025-06-12 ')).toBe(Date.UTC(2025, 5, 11, 18, 30, 0)); // midnight IST
    expect(istInstant('2025-01-01 03:00:00')).toBe(Date.UTC(2024, 11, 31, 21, 30, 0)); // the year before in UTC
  });

  it('refuses what is not a lender time', () => {
    for (const text of ['', 'soon', '12-06-2025 10:00:00', '2025-06-12 10:00:00Z', '2025-06-12 10:00:00+05:30', '2025/06/12']) expect(istInstant(text), text).toBeNull();
  });

  it('shows a day and a moment in India time', () => {
    expect(formatIstDay('2025-06-19 10:00:00')).toBe('19 Jun 2025');
    expect(formatIstDay('2025-06-19')).toBe('19 Jun 2025');
    expect(formatIstDay('2025-06-19 00:10:00')).toBe('19 Jun 2025'); // not the UTC day before
    expect(formatIstDay('')).toBe('—');
    expect(formatIstDay(' tomorrow ')).toBe('tomorrow');
    expect(formatIstMoment(Date.UTC(2025, 5, 13, 4, 30, 0))).toBe('13 Jun 2025, 10:00');
    expect(formatIstMoment(Date.UTC(2025, 5, 12, 18, 45, 0))).toBe('13 Jun 2025, 00:15');
    expect(formatIstMoment(istInstant('2025-12-31 23:59:59')!)).toBe('31 Dec 2025, 23:59');
  });
});

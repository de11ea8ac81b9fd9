/** machines/shared/india-time.ts and ist-format.ts: lender times (IST, UTC+05:30) read and shown in one format. */
import { describe, expect, it } from 'vitest';
import { IST_OFFSET_MS, istDay, istInstant, readLenderTime } from '../../machines/shared/india-time';
import { formatIstDay, formatIstMoment, formatIstTime } from '../../machines/shared/ist-format';

describe('India time', () => {
  it('reads a lender time as IST', () => {
    expect(IST_OFFSET_MS).toBe(19_800_000);
    expect(istInstant('2025-06-12 10:00:00')).toBe(Date.UTC(2025, 5, 12, 4, 30, 0));
    expect(istInstant('2025-06-12T10:00:00')).toBe(Date.UTC(2025, 5, 12, 4, 30, 0));
    expect(istInstant('2025-06-12 10:00')).toBe(Date.UTC(2025, 5, 12, 4, 30, 0));
    expect(istInstant(' 2025-06-12 ')).toBe(Date.UTC(2025, 5, 11, 18, 30, 0)); // midnight IST
    expect(istInstant('2025-01-01 03:00:00')).toBe(Date.UTC(2024, 11, 31, 21, 30, 0)); // the year before in UTC
  });

  it('reads an ISO time that names its zone in that zone', () => {
    expect(istInstant('2026-11-28T07:33:00Z')).toBe(Date.UTC(2026, 10, 28, 7, 33, 0));
    expect(istInstant('2026-11-28T07:33:00.000Z')).toBe(Date.UTC(2026, 10, 28, 7, 33, 0));
    expect(istInstant('2026-11-28T07:33:00.5z')).toBe(Date.UTC(2026, 10, 28, 7, 33, 0, 500));
    expect(istInstant('2026-11-28T13:03:00+05:30')).toBe(Date.UTC(2026, 10, 28, 7, 33, 0));
    expect(istInstant('2026-11-28T13:03:00+0530')).toBe(Date.UTC(2026, 10, 28, 7, 33, 0));
    expect(istInstant('2026-11-28 02:33-05:00')).toBe(Date.UTC(2026, 10, 28, 7, 33, 0));
  });

  it('tells a date alone from a time', () => {
    expect(readLenderTime('2026-11-28')?.hasTime).toBe(false);
    expect(readLenderTime('2026-11-28 13:03')?.hasTime).toBe(true);
    expect(readLenderTime('2026-11-28T07:33:00Z')?.hasTime).toBe(true);
  });

  it('refuses what is not a lender time, impossible dates and clock readings included', () => {
    for (const text of ['', '  ', 'soon', 'null', '12-06-2025 10:00:00', '2025/06/12', '2025-06-12Z', '2025-6-12', '20250612', '2025-06-12 10', '2026-02-30', '2026-13-01', '2026-00-10', '2025-06-12 24:00', '2025-06-12 10:60', '2025-06-12 10:00:61', '2025-06-12T10:00:00+25:00', 'Thu, 12 Jun 2025 10:00:00 GMT', '1749700000000'])
      expect(istInstant(text), text).toBeNull();
  });

  it('the India day of a lender time', () => {
    expect(istDay('2025-06-12')).toBe(Date.UTC(2025, 5, 12) / 86_400_000);
    expect(istDay('2025-06-12 23:59:59')).toBe(Date.UTC(2025, 5, 12) / 86_400_000);
    expect(istDay('2025-06-11T18:30:00Z')).toBe(Date.UTC(2025, 5, 12) / 86_400_000); // midnight IST
    expect(istDay('2025-06-11T18:29:59Z')).toBe(Date.UTC(2025, 5, 11) / 86_400_000);
    expect(istDay('later')).toBeNull();
  });
});

describe('one format for lender times', () => {
  it("a day: '28 Nov 2026', whatever the lender's form", () => {
    for (const text of ['2026-11-28', '2026-11-28 13:03', '2026-11-28 13:03:00', '2026-11-28T13:03:00', '2026-11-28T07:33:00Z', '2026-11-28T07:33:00.000+00:00'])
      expect(formatIstDay(text), text).toBe('28 Nov 2026');
    expect(formatIstDay('2025-06-19 00:10:00')).toBe('19 Jun 2025'); // not the UTC day before
    expect(formatIstDay('2026-11-27T19:00:00Z')).toBe('28 Nov 2026'); // 00:30 IST on the 28th
  });

  it("a time: '28 Nov 2026, 13:03 IST', with or without seconds, or ISO with its zone", () => {
    for (const text of ['2026-11-28 13:03', '2026-11-28 13:03:00', '2026-11-28 13:03:59', '2026-11-28T13:03:00', '2026-11-28T07:33:00Z', '2026-11-28T07:33:00.123Z', '2026-11-28T13:03:00+05:30'])
      expect(formatIstTime(text), text).toBe('28 Nov 2026, 13:03 IST');
    expect(formatIstTime('2025-06-10 09:05:00')).toBe('10 Jun 2025, 09:05 IST');
    expect(formatIstMoment(Date.UTC(2025, 5, 12, 18, 45, 0))).toBe('13 Jun 2025, 00:15 IST');
  });

  it('a date alone shown as a time is its day: no hour is made up', () => {
    expect(formatIstTime('2026-11-28')).toBe('28 Nov 2026');
  });

  it("what cannot be read is shown as sent, never 'Invalid Date'; an empty text as '—'", () => {
    for (const format of [formatIstDay, formatIstTime]) {
      expect(format('')).toBe('—');
      expect(format('   ')).toBe('—');
      expect(format(' tomorrow ')).toBe('tomorrow');
      expect(format('2026-02-30')).toBe('2026-02-30');
      expect(format('28/11/2026 13:03')).toBe('28/11/2026 13:03');
      expect(format('2026-11-28 13:03 IST')).toBe('2026-11-28 13:03 IST');
      expect(format('abc')).not.toMatch(/Invalid|NaN|undefined/);
    }
  });

  it("in Hindi: '28 नव॰ 2026, 13:03 IST', Latin digits, every month", () => {
    expect(formatIstTime('2026-11-28 13:03', 'hi')).toBe('28 नव॰ 2026, 13:03 IST');
    expect(formatIstDay('2026-11-28T07:33:00Z', 'hi')).toBe('28 नव॰ 2026');
    expect(formatIstDay('garbage', 'hi')).toBe('garbage');
    expect(formatIstDay('', 'hi')).toBe('—');
    const months = Array.from({ length: 12 }, (_, m) => formatIstDay(`2026-${String(m + 1).padStart(2, '0')}-01`, 'hi').split(' ')[1]);
    // CLDR's short month names, the same as Intl gives for hi-IN.
    const intl = Array.from({ length: 12 }, (_, m) => new Intl.DateTimeFormat('hi-IN', { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, m, 1)));
    expect(months).toEqual(intl);
  });
});

/**
 * Times the lender sends. 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm' and 'YYYY-MM-DD HH:mm:ss' are India Standard
 * Time (UTC+05:30, no daylight saving), as is an ISO text without a zone ('2026-11-28T13:03:00'); an ISO
 * text that names its zone ('…Z', '…+05:30') is read in that zone. Anything else is not a lender time.
 */

export const IST_OFFSET_MS = 5.5 * 3_600_000;
const DAY_MS = 86_400_000;

export interface LenderTime {
  /** The instant, in ms since the epoch. */
  at: number;
  /** False for a date alone ('2026-11-28'): it names a day, and no time of day is made up for it. */
  hasTime: boolean;
}

const LENDER_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** The zone's offset from UTC in ms: 'Z' 0, '+05:30' 19 800 000; none is India time. */
function zoneOffset(zone: string | undefined): number | null {
  if (zone === undefined) return IST_OFFSET_MS;
  if (zone.toUpperCase() === 'Z') return 0;
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(-2));
  if (hours > 14 || minutes > 59) return null;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes) * 60_000;
}

/**
 * A lender time read, or null when the text is not one. Impossible dates and clock readings
 * ('2026-02-30', '24:00') are refused rather than rolled over into another day.
 */
export function readLenderTime(text: string): LenderTime | null {
  const m = LENDER_TIME.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const [year, month, day, hour, minute, second] = [y, mo, d, h ?? '0', mi ?? '0', s ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const local = Date.UTC(year, month - 1, day, hour, minute, second, Number((frac ?? '').padEnd(3, '0').slice(0, 3)));
  const offset = zoneOffset(zone);
  if (offset === null || Number.isNaN(local) || new Date(local).getUTCDate() !== day) return null;
  return { at: local - offset, hasTime: h !== undefined };
}

/** The instant of a lender time, or null. */
export const istInstant = (text: string): number | null => readLenderTime(text)?.at ?? null;

/** The India-time day of an instant, as a day number (days since 1 Jan 1970). */
export const istDayOf = (ms: number): number => Math.floor((ms + IST_OFFSET_MS) / DAY_MS);

/** The India-time day of a lender time, as a day number; null when the text is not one. */
export function istDay(text: string): number | null {
  const at = istInstant(text);
  return at === null ? null : istDayOf(at);
}

/** Times the lender sends ('YYYY-MM-DD HH:mm:ss'): India Standard Time (UTC+05:30, no daylight saving). */

export const IST_OFFSET_MS = 5.5 * 3_600_000;

/** The instant of an India-time text 'YYYY-MM-DD HH:mm[:ss]' (or 'YYYY-MM-DD', midnight), or null. */
export function istInstant(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(utc) ? null : utc - IST_OFFSET_MS;
}

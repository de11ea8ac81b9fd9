/**
 * The denied page's rules (spec §2 'Denied', §8, §9 'Re-apply wait after a denial: 15 days'): the
 * wait the precheck gave (?day=&hour=) and the time left, counted down from when the page opened.
 */

/** Spec §8, verbatim (typo included). */
export const DENIED_TEXT = 'We could not approve your apolication at this moment. Please re-apply in 15 days';
/** Spec §9: the re-apply wait after a denial. */
export const DEFAULT_WAIT_DAYS = 15;

const HOUR_MS = 3_600_000;

const whole = (raw: string | null): number | null => (raw !== null && /^\d{1,4}$/.test(raw) ? Number(raw) : null);

/** The wait the query gives, in ms ('?day=15&hour=3'). */
export function waitFromQuery(search: string): number {
  const q = new URLSearchParams(search);
  const day = whole(q.get('day'));
  const hour = whole(q.get('hour'));
  if (day === null && hour === null) return DEFAULT_WAIT_DAYS * 24 * HOUR_MS;
  return ((day ?? 0) * 24 + (hour ?? 0)) * HOUR_MS;
}

/** The days and hours left (whole hours, rounded up) until `deadline`. */
export function timeLeft(deadline: number, now: number): { days: number; hours: number } {
  const totalHours = Math.max(0, Math.ceil((deadline - now) / HOUR_MS));
  return { days: Math.floor(totalHours / 24), hours: totalHours % 24 };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** '14 days 23 hours' */
export const formatTimeLeft = ({ days, hours }: { days: number; hours: number }) => `${plural(days, 'day')} ${plural(hours, 'hour')}`;

/**
 * The denied page's rules (spec §2 'Denied', §8, §9 'Re-apply wait after a denial: 15 days'): the
 * wait the precheck gave (?day=&hour=) and the time left, counted down from when the page opened.
 */
import { say, type Said } from '../../i18n/core';
import type { DeniedKey } from '../../i18n/en/denied';

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

/** The days and the hours left, as messages ('14 days', '23 hours'; shown one after the other: '14 days 23 hours'). */
export function timeLeftSaid({ days, hours }: { days: number; hours: number }): [Said<DeniedKey>, Said<DeniedKey>] {
  return [say<DeniedKey>(days === 1 ? 'dayOne' : 'dayOther', { n: days }), say<DeniedKey>(hours === 1 ? 'hourOne' : 'hourOther', { n: hours })];
}

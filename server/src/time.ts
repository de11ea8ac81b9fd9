/** India Standard Time helpers (UTC+05:30, no daylight saving). */

export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The instant the calendar day (in IST) containing `at` began. */
export function startOfIstDay(at: Date): Date {
  const local = at.getTime() + IST_OFFSET_MS;
  return new Date(local - (((local % DAY) + DAY) % DAY) - IST_OFFSET_MS);
}

/** 'YYYYMMDD' of the IST calendar day. */
export function istYmd(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
}

/** 'YYYY-MM-DD HH:mm:ss' in IST: how the app shows dates and times. */
export function istDateTime(at: Date | null | undefined): string {
  if (!at) return '';
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** 'YYYY-MM-DD' in IST. */
export function istDate(at: Date | null | undefined): string {
  return istDateTime(at).slice(0, 10);
}

/**
 * Lender times shown to the borrower, in India time (the lender's times are IST: ./india-time.ts):
 * a day ('12 Jun 2025') and a moment ('13 Jun 2025, 10:30').
 */
import { IST_OFFSET_MS, istInstant } from './india-time';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** The IST calendar fields of an instant (ms since the epoch). */
const istFields = (ms: number) => {
  const d = new Date(ms + IST_OFFSET_MS);
  return { day: d.getUTCDate(), month: MONTHS[d.getUTCMonth()] as string, year: d.getUTCFullYear(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
};

/** '2025-06-12 10:30:00' (or '2025-06-12') → '12 Jun 2025'; a text that is not a lender time is shown as sent; '' → '—'. */
export function formatIstDay(text: string): string {
  const at = istInstant(text);
  if (at === null) return text.trim() || '—';
  const f = istFields(at);
  return `${f.day} ${f.month} ${f.year}`;
}

/** A lender time ('YYYY-MM-DD HH:mm:ss') as '13 Jun 2025, 10:30'; a text that is not one is shown as sent; '' → '—'. */
export function formatIstTime(text: string): string {
  const at = istInstant(text);
  return at === null ? text.trim() || '—' : formatIstMoment(at);
}

/** An instant as India time: '13 Jun 2025, 10:30' (24-hour clock). */
export function formatIstMoment(ms: number): string {
  const f = istFields(ms);
  return `${f.day} ${f.month} ${f.year}, ${pad(f.hour)}:${pad(f.minute)}`;
}

/**
 * Lender times shown to the borrower, in India time (the lender's times are IST: ./india-time.ts):
 * a day ('12 Jun 2025') and a moment ('13 Jun 2025, 10:30'), readable in Hindi too ('12 जून 2025',
 * '13 जून 2025, 10:30'; Latin digits). `lang` defaults to English; views call the wrappers of
 * src/ui/dates.ts, which pass the borrower's language.
 */
import type { Lang } from '../../i18n/core';
import { IST_OFFSET_MS, istInstant } from './india-time';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

let hindiMonth: Intl.DateTimeFormat | undefined;

/** The month's name of a date whose UTC fields are the IST ones: 'Jun', 'जून'. */
function monthName(d: Date, lang: Lang): string {
  if (lang === 'en') return MONTHS[d.getUTCMonth()] as string;
  hindiMonth ??= new Intl.DateTimeFormat('hi-IN', { month: 'long', timeZone: 'UTC' });
  return hindiMonth.format(d);
}

/** The IST calendar fields of an instant (ms since the epoch). */
const istFields = (ms: number, lang: Lang) => {
  const d = new Date(ms + IST_OFFSET_MS);
  return { day: d.getUTCDate(), month: monthName(d, lang), year: d.getUTCFullYear(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
};

/** '2025-06-12 10:30:00' (or '2025-06-12') → '12 Jun 2025' ('12 जून 2025'); a text that is not a lender time is shown as sent; '' → '—'. */
export function formatIstDay(text: string, lang: Lang = 'en'): string {
  const at = istInstant(text);
  if (at === null) return text.trim() || '—';
  const f = istFields(at, lang);
  return `${f.day} ${f.month} ${f.year}`;
}

/** A lender time ('YYYY-MM-DD HH:mm:ss') as '13 Jun 2025, 10:30'; a text that is not one is shown as sent; '' → '—'. */
export function formatIstTime(text: string, lang: Lang = 'en'): string {
  const at = istInstant(text);
  return at === null ? text.trim() || '—' : formatIstMoment(at, lang);
}

/** An instant as India time: '13 Jun 2025, 10:30' ('13 जून 2025, 10:30'; 24-hour clock). */
export function formatIstMoment(ms: number, lang: Lang = 'en'): string {
  const f = istFields(ms, lang);
  return `${f.day} ${f.month} ${f.year}, ${pad(f.hour)}:${pad(f.minute)}`;
}

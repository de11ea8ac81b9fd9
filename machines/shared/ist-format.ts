/**
 * The one formatter of lender times (read by ./india-time.ts), in India time, for every view:
 * a day '28 Nov 2026' and a time '28 Nov 2026, 13:03 IST' (24-hour clock); in Hindi '28 नव॰ 2026' and
 * '28 नव॰ 2026, 13:03 IST' (Latin digits). A text that is not a lender time is shown as sent, never as
 * 'Invalid Date'; an empty one as '—'. `lang` defaults to English; src/ui/dates.ts passes the
 * borrower's language.
 */
import type { Lang } from '../../i18n/core';
import { IST_OFFSET_MS, readLenderTime } from './india-time';

/**
 * Short month names. Hindi's are CLDR's (what `Intl` gives for hi-IN), written out so every phone
 * shows the same, whatever locale data its browser carries.
 */
const MONTHS: Readonly<Record<Lang, readonly string[]>> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  hi: ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्टू॰', 'नव॰', 'दिस॰'],
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An unreadable text as sent (trimmed), an empty one as '—'. */
const asSent = (text: string) => text.trim() || '—';

/** The India-time day of an instant: '28 Nov 2026'. */
function day(ms: number, lang: Lang): string {
  const d = new Date(ms + IST_OFFSET_MS);
  return `${d.getUTCDate()} ${MONTHS[lang][d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** A lender time's day: '2026-11-28 13:03' → '28 Nov 2026' ('28 नव॰ 2026'). */
export function formatIstDay(text: string, lang: Lang = 'en'): string {
  const time = readLenderTime(text);
  return time === null ? asSent(text) : day(time.at, lang);
}

/**
 * A lender time: '2026-11-28 13:03' → '28 Nov 2026, 13:03 IST'. A date alone ('2026-11-28') is shown as
 * its day: the lender did not say the hour, and midnight would be made up.
 */
export function formatIstTime(text: string, lang: Lang = 'en'): string {
  const time = readLenderTime(text);
  if (time === null) return asSent(text);
  return time.hasTime ? formatIstMoment(time.at, lang) : day(time.at, lang);
}

/** An instant (ms since the epoch) in India time: '28 Nov 2026, 13:03 IST'. */
export function formatIstMoment(ms: number, lang: Lang = 'en'): string {
  const d = new Date(ms + IST_OFFSET_MS);
  return `${day(ms, lang)}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} IST`;
}

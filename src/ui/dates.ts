/**
 * Lender times in the borrower's language (issue 14): machines/shared/ist-format.ts with the language of
 * src/lib/language.ts ('12 Jun 2025' / '12 जून 2025'). Here rather than in src/lib, which may not import
 * machines/shared. A view that shows these re-renders on a switch through its useText.
 */
import { formatIstDay, formatIstMoment, formatIstTime } from '../../machines/shared/ist-format';
import { language } from '../lib/language';

/** '2025-06-12 10:30:00' → '12 Jun 2025' ('12 जून 2025'); not a lender time: as sent; '' → '—'. */
export const formatDay = (text: string): string => formatIstDay(text, language.current());

/** '2025-06-13 10:30:00' → '13 Jun 2025, 10:30' ('13 जून 2025, 10:30'); not a lender time: as sent; '' → '—'. */
export const formatTime = (text: string): string => formatIstTime(text, language.current());

/** An instant (ms) as India time: '13 Jun 2025, 10:30' ('13 जून 2025, 10:30'). */
export const formatMoment = (ms: number): string => formatIstMoment(ms, language.current());

/**
 * Lender times in the borrower's language: machines/shared/ist-format.ts with the language of
 * src/lib/language.ts. Here rather than in src/lib, which may not import machines/shared. A view that
 * shows these re-renders on a switch through its useText.
 */
import { formatIstDay, formatIstMoment, formatIstTime } from '../../machines/shared/ist-format';
import { language } from '../lib/language';

/** '2026-11-28 13:03' → '28 Nov 2026' ('28 नव॰ 2026'); not a lender time: as sent; '' → '—'. */
export const formatDay = (text: string): string => formatIstDay(text, language.current());

/** '2026-11-28 13:03' → '28 Nov 2026, 13:03 IST' (a date alone: its day); not a lender time: as sent; '' → '—'. */
export const formatTime = (text: string): string => formatIstTime(text, language.current());

/** An instant (ms) as India time: '28 Nov 2026, 13:03 IST'. */
export const formatMoment = (ms: number): string => formatIstMoment(ms, language.current());

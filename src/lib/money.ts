/**
 * Money and rate formatting (spec §9: amounts with the rupee sign, Indian grouping; interest in % per
 * day), in the borrower's language: '₹2,00,000' in both English and Hindi (Latin digits,
 * lakh grouping), the rate's unit in words ('0.1% / day', '0.1% / दिन'). `lang` defaults to the
 * borrower's (src/lib/language.ts); a view that shows these re-renders on a switch through its useText.
 */
import { textOf, type Lang } from '../../i18n/core';
import { commonText } from '../../i18n/en/common';
import { language } from './language';

const formats = new Map<string, Intl.NumberFormat>();

/** The INR format of a language, whole rupees or with paise (made once each). */
function inr(lang: Lang, paise: boolean): Intl.NumberFormat {
  const id = lang + paise;
  let format = formats.get(id);
  if (!format) {
    const digits = paise ? 2 : 0;
    // hi-IN with Latin digits (-u-nu-latn), whatever the browser's default numbering for Hindi.
    format = new Intl.NumberFormat(lang === 'hi' ? 'hi-IN-u-nu-latn' : 'en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(id, format);
  }
  return format;
}

/** ₹2,00,000 — whole rupees unless the amount has paise (₹1,234.50). */
export function formatINR(amount: number, lang: Lang = language.current()): string {
  return inr(lang, !Number.isInteger(amount)).format(amount);
}

/** A daily rate given as a fraction (0.001) shown as percent per day: "0.1% / day" ("0.1% / दिन"). */
export function formatDailyRate(fraction: number, lang: Lang = language.current()): string {
  const rate = Math.round(fraction * 100 * 1000) / 1000;
  return textOf(commonText, 'perDay', lang, language.hindi(), { rate });
}

/**
 * Money, rates and lender times in the borrower's language: ₹ with Indian grouping and
 * Latin digits in both English and Hindi, the rate's unit in words ('0.1% / day', '0.1% / दिन'),
 * days and moments readable in Hindi ('12 जून 2025', '28 नव॰ 2026, 13:03 IST'). About us (text
 * from the server) is read again when the language changes, the former answer kept meanwhile.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AboutUs } from '../../contract/content';
import { formatIstDay, formatIstMoment, formatIstTime } from '../../machines/shared/ist-format';
import { aboutUs, sessionResource } from '../../src/flows/shared/client-config';
import { appName } from '../../src/lib/app-name';
import { language } from '../../src/lib/language';
import { formatDailyRate, formatINR } from '../../src/lib/money';
import { formatDay, formatMoment, formatTime } from '../../src/ui/dates';
import { formatAnnualRate, formatRatePerDayAndYear } from '../../src/ui/Rate';
import { switchLanguage } from '../support/language';

afterEach(() => switchLanguage('en'));

describe('money', () => {
  it('₹ with Indian grouping, whole rupees, Latin digits, in both languages', () => {
    for (const lang of ['en', 'hi'] as const) {
      expect(formatINR(200000, lang)).toBe('₹2,00,000');
      expect(formatINR(40000, lang)).toBe('₹40,000');
      expect(formatINR(0, lang)).toBe('₹0');
      expect(formatINR(1234.5, lang)).toBe('₹1,234.50');
      expect(formatINR(12345678, lang)).toBe('₹1,23,45,678');
    }
  });

  it("follows the borrower's language by default", async () => {
    expect(formatINR(200000)).toBe('₹2,00,000');
    expect(formatDailyRate(0.001)).toBe('0.1% / day');
    await switchLanguage('hi');
    expect(formatINR(200000)).toBe('₹2,00,000');
    expect(formatDailyRate(0.001)).toBe('0.1% / दिन');
    expect(formatDailyRate(0.001, 'en')).toBe('0.1% / day');
  });

  it('the annual rate beside the daily one, in Hindi too', async () => {
    expect(formatRatePerDayAndYear(0.0009)).toBe('0.09% / day (32.85% / year)');
    await switchLanguage('hi');
    expect(formatAnnualRate(0.001)).toBe('36.5% / साल');
    expect(formatRatePerDayAndYear(0.0009)).toBe('0.09% / दिन (32.85% / साल)');
  });
});

describe('lender times', () => {
  const at = Date.UTC(2025, 5, 13, 5, 0, 0); // 10:30 IST

  it('English by default', () => {
    expect(formatIstDay('2025-06-12 10:30:00')).toBe('12 Jun 2025');
    expect(formatIstMoment(at)).toBe('13 Jun 2025, 10:30 IST');
    expect(formatIstTime('2025-06-13 10:30:00')).toBe('13 Jun 2025, 10:30 IST');
  });

  it('readable in Hindi (short month names), digits as they are; a text that is not a time is shown as sent', () => {
    expect(formatIstDay('2025-06-12 10:30:00', 'hi')).toBe('12 जून 2025');
    expect(formatIstDay('2025-06-19 00:10:00', 'hi')).toBe('19 जून 2025');
    expect(formatIstMoment(at, 'hi')).toBe('13 जून 2025, 10:30 IST');
    expect(formatIstTime('2025-12-31 23:59:59', 'hi')).toBe('31 दिस॰ 2025, 23:59 IST');
    expect(formatIstDay('', 'hi')).toBe('—');
    expect(formatIstDay(' tomorrow ', 'hi')).toBe('tomorrow');
  });

  it("the views' wrappers follow the borrower's language", async () => {
    expect(formatDay('2025-06-12')).toBe('12 Jun 2025');
    await switchLanguage('hi');
    expect(formatDay('2025-06-12')).toBe('12 जून 2025');
    expect(formatTime('2026-11-28 13:03:00')).toBe('28 नव॰ 2026, 13:03 IST');
    expect(formatMoment(at)).toBe('13 जून 2025, 10:30 IST');
  });
});

describe('About us follows the language', () => {
  const about = (lang: string): AboutUs => ({ appName: lang === 'hi' ? 'सैंडबॉक्स लोन' : 'Sandbox Loans', copywriting: lang });
  afterEach(() => aboutUs.reset());

  it('is read again on a switch; the former answer stays until the new one comes', async () => {
    let release: (() => void) | null = null;
    const load = vi.fn(() => {
      const lang = language.current();
      return lang === 'en' ? Promise.resolve(about(lang)) : new Promise<AboutUs>((resolve) => (release = () => resolve(about(lang))));
    });
    aboutUs.reset(load);
    expect((await aboutUs.fetch()).appName).toBe('Sandbox Loans');
    expect(appName.get()).toBe('Sandbox Loans');

    await switchLanguage('hi');
    expect(load).toHaveBeenCalledTimes(2);
    expect(aboutUs.get()?.appName).toBe('Sandbox Loans'); // kept meanwhile: nothing blinks
    const fetched = aboutUs.fetch(); // a screen asking now gets the new answer
    release!();
    expect((await fetched).appName).toBe('सैंडबॉक्स लोन');
    expect(aboutUs.get()?.copywriting).toBe('hi');
    expect(appName.get()).toBe('सैंडबॉक्स लोन');

    // The Hindi catalogue arriving again, or the same language chosen again, reads nothing.
    await switchLanguage('hi');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a failed read in the new language keeps the former answer; nothing is read when nothing was asked', async () => {
    const load = vi.fn(() => (language.current() === 'en' ? Promise.resolve(about('en')) : Promise.reject(new Error('offline'))));
    aboutUs.reset(load);
    await switchLanguage('hi');
    expect(load).not.toHaveBeenCalled();
    await switchLanguage('en');
    await aboutUs.fetch();
    await switchLanguage('hi');
    expect(load).toHaveBeenCalledTimes(2);
    await expect(aboutUs.fetch()).resolves.toEqual(about('en'));
    expect(aboutUs.get()).toEqual(about('en'));
  });

  it('a read under way in the former language is superseded', async () => {
    const answer: ((value: string) => void)[] = [];
    const resource = sessionResource<string>(() => new Promise<string>((resolve) => answer.push(resolve)));
    const first = resource.fetch();
    resource.refresh();
    answer[0]!('former');
    expect(await first).toBe('former'); // its caller gets it
    expect(resource.get()).toBeNull(); // not kept
    answer[1]!('new');
    expect(await resource.fetch()).toBe('new');
    expect(resource.get()).toBe('new');
  });
});

/**
 * The message catalogues (i18n/):
 * - every namespace of i18n/en has its Hindi in i18n/hi, with exactly the same keys and the same
 *   placeholders, and no text empty; a Hindi text is Hindi (Devanagari) unless it is a name that
 *   stays as it is;
 * - no view holds a literal sentence: every text a .tsx under src/ shows comes from a catalogue;
 * - the spec's English texts are kept verbatim, typos included.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserLanguage, placeholders, type Catalogue } from '../../i18n/core';
import { hindi } from '../../i18n/hi';
import { loginText } from '../../i18n/en/login';
import { literalsIn } from '../support/literals';

const root = join(import.meta.dirname, '../..');
const enModules = import.meta.glob<Record<string, unknown>>('../../i18n/en/*.ts', { eager: true });

const catalogues: Catalogue[] = Object.values(enModules).flatMap((mod) =>
  Object.values(mod).filter((v): v is Catalogue => typeof v === 'object' && v !== null && 'ns' in v && 'en' in v),
);

/** Texts that read the same in Hindi: names of things, shown as the borrower knows them. */
const SAME_IN_HINDI = new Set(['common.languageEnglish', 'common.languageHindi']);
const DEVANAGARI = /[\u0900-\u097F]/;


describe('the message catalogues', () => {
  it('name each namespace once, after its file', () => {
    const names = catalogues.map((c) => c.ns);
    expect(new Set(names).size).toBe(names.length);
    for (const [file, mod] of Object.entries(enModules)) {
      const ns = file.replace(/^.*\//, '').replace(/\.ts$/, '');
      expect(Object.values(mod).some((v) => typeof v === 'object' && v !== null && (v as Catalogue).ns === ns), file).toBe(true);
    }
  });

  it('give every English key in Hindi, with the same placeholders, and nothing more', () => {
    for (const cat of catalogues) {
      const hi = (hindi as Record<string, Record<string, string>>)[cat.ns];
      expect(hi, `i18n/hi has the namespace '${cat.ns}'`).toBeDefined();
      expect(Object.keys(hi!).sort(), cat.ns).toEqual(Object.keys(cat.en).sort());
      for (const [key, en] of Object.entries(cat.en)) {
        const text = hi![key]!;
        expect(en.trim(), `${cat.ns}.${key} (English)`).not.toBe('');
        expect(text.trim(), `${cat.ns}.${key} (Hindi)`).not.toBe('');
        expect(placeholders(text), `${cat.ns}.${key}: placeholders`).toEqual(placeholders(en));
        if (!SAME_IN_HINDI.has(`${cat.ns}.${key}`) && /[A-Za-z]/.test(en)) expect(DEVANAGARI.test(text), `${cat.ns}.${key} is in Hindi: ${text}`).toBe(true);
      }
    }
    expect(Object.keys(hindi).sort()).toEqual(catalogues.map((c) => c.ns).sort());
  });

  it("keep the spec's English verbatim, typos included", () => {
    expect(loginText.en.agreementRequired).toBe('Please agree with Loan Guarantee Argreement.');
  });

  it('follow the browser on a first visit only when its language is Hindi', () => {
    expect(browserLanguage(['hi-IN', 'en'])).toBe('hi');
    expect(browserLanguage(['en-IN', 'hi'])).toBe('en');
    expect(browserLanguage(['ta-IN', 'hi'])).toBe('hi');
    expect(browserLanguage(['fr-FR'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});

describe('views', () => {
  const files = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.tsx'))
    .map((f) => `src/${f.replace(/\\/g, '/')}`);

  it('hold no literal sentence: every text comes from a catalogue', () => {
    const found = files.flatMap((f) => literalsIn(join(root, f)).map((l) => `${f}:${l.line} ${JSON.stringify(l.text)}`));
    expect(found).toEqual([]);
  });

  it('finds what it looks for', () => {
    const literals = literalsIn('x.tsx', `const A = () => <p title="Read me" className="a b">Hello there {'Send code'} {n} {ok ? 'Yes please' : t('no')}</p>;`);
    expect(literals.map((l) => l.text)).toEqual(['Read me', 'Hello there', 'Send code', 'Yes please']);
  });
});

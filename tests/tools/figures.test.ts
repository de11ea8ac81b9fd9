/**
 * A figure a script measures (test counts, bundle sizes, bench and Lighthouse results, coverage) is
 * never typed into a doc: the docs name the command, or link to docs/measured/, which the scripts
 * write. Rules (a 60 s cooldown, a ₹ amount, a 10 MB upload limit) are not measured, so they stay.
 */
import { describe, expect, it } from 'vitest';
import { isDoc, read, repoFiles } from './repo-text';

const N = String.raw`\d[\d,]*(?:\.\d+)?`;
/** Each pattern names a kind of measured figure; the lines they match are the doc's offenders. */
const MEASURED: [string, RegExp][] = [
  ['a count of tests', new RegExp(`\\b${N}\\s+(?:unit |machine |view |server |end-to-end |e2e )?(?:tests|test files|scenarios|suites|test paths)\\b`, 'i')],
  ['a size of JavaScript', new RegExp(`\\b${N}\\s?[kK]B\\b.*\\b(?:JavaScript|JS|bundle|chunk|first[ -]screen)`, 'i')],
  ['a size of JavaScript', new RegExp(`\\b(?:JavaScript|JS|bundle|chunk|first[ -]screen)\\b.*\\b${N}\\s?[kK]B\\b`, 'i')],
  ['a bench result', new RegExp(`\\b${N}\\s?(?:req/s|requests/s|requests per second|uploads/s)`, 'i')],
  ['a bench result', new RegExp(`\\bp(?:50|99)\\s+${N}\\s?ms`, 'i')],
  ['a bench result', new RegExp(`\\b${N}\\s?MB\\b.*\\bRSS\\b|\\bRSS\\b.*\\b${N}\\s?MB\\b`)],
  ['a Lighthouse figure', new RegExp(`\\b(?:LCP|FCP|TBT)\\s*(?:of|=|:)?\\s*${N}\\s?m?s\\b`)],
  ['a Lighthouse figure', /\|\s*\*{0,2}(?:9\d|100)\*{0,2}\s*\|\s*\*{0,2}(?:9\d|100)\*{0,2}\s*\|/],
  ['a coverage figure', new RegExp(`\\b${N}\\s?%\\s+(?:transition )?coverage|\\bcoverage\\s+(?:of\\s+)?${N}\\s?%|\\b\\d+\\s?/\\s?\\d+\\s+transitions\\b`, 'i')],
  ['a fuzz count', new RegExp(`\\b(?:about\\s+)?\\d{1,3},\\d{3}\\s+requests\\b`, 'i')],
];

describe('measured figures in the docs', () => {
  const docs = repoFiles().filter(isDoc);

  it('reads the docs', () => {
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'server/README.md', 'docs/architecture.md']));
    expect(docs.some((d) => d.startsWith('docs/measured/'))).toBe(false);
  });

  it('are never typed by hand', () => {
    const typed = docs.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => MEASURED.filter(([, re]) => re.test(line)).map(([kind]) => `${file}:${i + 1}: ${kind}: ${line.trim().slice(0, 120)}`)),
    );
    expect(typed).toEqual([]);
  });

  it('catch the figures they are meant to, and leave rules alone', () => {
    const caught = (line: string) => MEASURED.some(([, re]) => re.test(line));
    for (const line of ['about 2,600 unit tests', 'about 30 end-to-end scenarios', 'first-screen JS: 109.5 KB gzipped', '| `/login` | **100** | 100 | 0.96 s |', 'LCP 1.07 s', '1368 req/s', 'transition coverage 100%', 'about 6,000 requests, 0 answered 5xx']) {
      expect(caught(line), line).toBe(true);
    }
    for (const line of ['one send per phone per 60 s and 10 a day', 'a fee of ₹1,600 (8%)', 'images up to 10 MB', 'a body limit of 16 KB', 'at most 5 Aadhaar OTPs per borrower a day']) {
      expect(caught(line), line).toBe(false);
    }
  });
});

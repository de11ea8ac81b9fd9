import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ClientConfig } from '../../contract/content';
import { DownloadCheck } from '../../contract/device';
import {
  accords,
  AMOUNT_TIERS,
  contactGroups,
  DEFAULT_PRODUCT_SITE_URL,
  isOk,
  LANDING_EXAMPLE,
  needsCheck,
  percent,
  productSiteUrl,
  workedExample,
} from '../../machines/shared/download';

describe('the worked example: the arithmetic', () => {
  it('₹10,000 for 91 days at 33% p.a., fee 8%: fee ₹800, GST ₹144, interest ₹822.74 → ₹823, received ₹9,056, repayable ₹10,823', () => {
    expect(LANDING_EXAMPLE).toMatchObject({
      principal: 10_000,
      feeRate: 0.08,
      annualRate: 0.33,
      days: 91,
      processingFee: 800,
      gst: 144,
      interest: 823,
      received: 9_056,
      totalRepayable: 10_823,
    });
    expect(LANDING_EXAMPLE.exactInterest).toBeCloseTo(822.7397, 4);
  });

  it('holds together for any loan: GST is 18% of the fee, received = principal − fee − GST, repayable = principal + interest', () => {
    for (const principal of [1_000, 3_333, 5_000, 10_000, 40_000, 200_000]) {
      for (const days of [7, 91, 180, 360]) {
        for (const annualRate of [0.3, 0.33]) {
          const e = workedExample({ principal, feeRate: 0.08, annualRate, days });
          expect(e.processingFee).toBe(Math.round(principal * 0.08));
          expect(Math.abs(e.gst - e.processingFee * 0.18)).toBeLessThanOrEqual(0.5);
          expect(Math.abs(e.interest - (principal * annualRate * days) / 365)).toBeLessThanOrEqual(0.5);
          expect(e.received).toBe(principal - e.processingFee - e.gst);
          expect(e.totalRepayable).toBe(principal + e.interest);
          for (const x of [e.processingFee, e.gst, e.interest]) expect(Number.isInteger(x)).toBe(true);
        }
      }
    }
  });

  it('rounds half up to the rupee (₹0.5 → ₹1) like the sandbox', () => {
    // 1,000 × 18.25% × 1 / 365 = ₹0.50.
    expect(workedExample({ principal: 1_000, feeRate: 0, annualRate: 0.1825, days: 1 }).interest).toBe(1);
    expect(workedExample({ principal: 25, feeRate: 0.1, annualRate: 0, days: 1 })).toMatchObject({ processingFee: 3, gst: 1 });
  });

  it('percent shows no float noise', () => {
    expect([0.3, 0.33, 0.18, 0.08, 0.0822].map(percent)).toEqual(['30%', '33%', '18%', '8%', '8.22%']);
  });

  it('the tier table is the spec\'s: 1 loan 1000-5000, 3 loans 3000-10000, 5 loans 5000-40000', () => {
    expect(AMOUNT_TIERS).toEqual([
      { loans: 1, min: 1000, max: 5000 },
      { loans: 3, min: 3000, max: 10000 },
      { loans: 5, min: 5000, max: 40000 },
    ]);
  });
});

describe('is_ok (spec §4): accordWith and an ios-h5 device', () => {
  const check = (accordWith: unknown) => v.parse(DownloadCheck, { accordWith });

  it('1 only when both hold', () => {
    expect(isOk(check(true), 'ios-h5')).toBe(1);
    expect(isOk(check(true), 'android-h5')).toBe(2);
    expect(isOk(check(false), 'ios-h5')).toBe(2);
    expect(isOk(null, 'ios-h5')).toBe(2); // not answered yet, or failed
  });

  it.each([
    [true, true],
    [1, true],
    ['1', true],
    ['true', true],
    [' TRUE ', true],
    [false, false],
    [0, false],
    [2, false],
    ['0', false],
    ['yes', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('accordWith %j reads as %s', (value, expected) => {
    expect(accords(check(value).accordWith)).toBe(expected);
  });

  it('a missing accordWith parses and does not accord; only ios-h5 asks', () => {
    expect(isOk(v.parse(DownloadCheck, {}), 'ios-h5')).toBe(2);
    expect(needsCheck('ios-h5')).toBe(true);
    expect(needsCheck('android-h5')).toBe(false);
  });
});

describe('the product site link', () => {
  it('takes an http(s) URL and falls back otherwise', () => {
    expect(productSiteUrl('https://loans.example/app')).toBe('https://loans.example/app');
    expect(productSiteUrl(undefined)).toBe(DEFAULT_PRODUCT_SITE_URL);
    expect(productSiteUrl('')).toBe(DEFAULT_PRODUCT_SITE_URL);
    expect(productSiteUrl('javascript:alert(1)')).toBe(DEFAULT_PRODUCT_SITE_URL);
    expect(productSiteUrl('not a url')).toBe(DEFAULT_PRODUCT_SITE_URL);
  });
});

describe('the contact block: what the config sends', () => {
  it('nothing sent → no groups', () => {
    expect(contactGroups(null)).toEqual([]);
    expect(contactGroups(v.parse(ClientConfig, {}))).toEqual([]);
    expect(contactGroups(v.parse(ClientConfig, { customer: { phone: '', email: ' ' }, lender: null }))).toEqual([]);
  });

  it('only the fields sent, with tel: and mailto: links; titles and labels by key (i18n/en/download.ts)', () => {
    const groups = contactGroups(v.parse(ClientConfig, { customer: { phone: '+91 80 4718 2000' }, grievanceOfficer: { name: 'Priya Raman', email: 'g@x.example' } }));
    expect(groups).toEqual([
      { title: 'customerCare', rows: [{ label: 'phone', value: '+91 80 4718 2000', href: 'tel:+918047182000' }] },
      { title: 'grievance', rows: [{ label: 'name', value: 'Priya Raman' }, { label: 'email', value: 'g@x.example', href: 'mailto:g@x.example' }] },
    ]);
  });
});

/**
 * The rules of the open pages: the download/landing page (spec §1, §4 'Download page', §9), the
 * iOS-only alert (spec §2, §8) and /verify/contact2. Pure constants and rules; the views only read them.
 * Their texts are in the catalogues (i18n/en/download.ts, i18n/en/notice.ts): what this file says, it says by key.
 */
import type { ClientConfig } from '../../contract/content';
import type { DownloadCheck } from '../../contract/device';
import type { DownloadKey } from '../../i18n/en/download';

// ---------- What the landing page states (spec §1, §9) ----------

/** The annual interest rate the landing page states (spec §1, §9: 30% per annum). */
export const ANNUAL_RATE = 0.3;
/** The annual rate of the worked example: the spec's example uses 33%, so ours does too. */
export const EXAMPLE_ANNUAL_RATE = 0.33;
/** GST on the processing fee (spec §1, §9). */
export const GST_RATE = 0.18;
/** Loan tenure in days (spec §9: 91 days, maximum 360). */
export const TENURE_DAYS = 91;
export const MAX_TENURE_DAYS = 360;
/** Days in a year for an annual rate (simple interest, actual/365). */
export const DAYS_IN_YEAR = 365;
/** The banner's sample amount (spec §1, §9: 200,000 rupees). */
export const BANNER_SAMPLE = 200_000;
/** The worked example's loan and processing fee rate (the spec gives none: 8%, as the sandbox's Rupee Rise). */
export const EXAMPLE_PRINCIPAL = 10_000;
export const EXAMPLE_FEE_RATE = 0.08;

/** Who can apply and what they need (spec §1, §9), by key. */
export const ELIGIBILITY: readonly DownloadKey[] = ['citizen', 'adult'];
export const REQUIRED_INFO: readonly DownloadKey[] = ['kyc', 'basic', 'work', 'contact'];

/** The loan-calculation table by number of loans (spec §1, §9). */
export interface AmountTier {
  loans: number;
  min: number;
  max: number;
}
export const AMOUNT_TIERS: readonly AmountTier[] = [
  { loans: 1, min: 1_000, max: 5_000 },
  { loans: 3, min: 3_000, max: 10_000 },
  { loans: 5, min: 5_000, max: 40_000 },
];

/** Whole rupees, half up (the sandbox prices loans the same way: server/src/domain/pricing.ts). */
const rupees = (x: number): number => Math.round(x);

export interface WorkedExampleInput {
  principal: number;
  /** Processing fee as a fraction of the principal. */
  feeRate: number;
  annualRate: number;
  days: number;
}

export interface WorkedExample extends WorkedExampleInput {
  processingFee: number;
  gst: number;
  /** Interest before rounding, to show the arithmetic. */
  exactInterest: number;
  interest: number;
  /** What reaches the bank account: principal − processing fee − GST. */
  received: number;
  /** What is repaid at the end of the tenure: principal + interest. */
  totalRepayable: number;
}

/**
 * The amounts due on a loan (RBI KFS Annex B: net disbursed = sanctioned − fees, total payable =
 * sanctioned + interest): fee = principal × feeRate, GST = 18% of the fee, interest = principal ×
 * annual rate × days / 365 (simple), each rounded to the rupee.
 */
export function workedExample(input: WorkedExampleInput): WorkedExample {
  const processingFee = rupees(input.principal * input.feeRate);
  const gst = rupees(processingFee * GST_RATE);
  const exactInterest = (input.principal * input.annualRate * input.days) / DAYS_IN_YEAR;
  const interest = rupees(exactInterest);
  return {
    ...input,
    processingFee,
    gst,
    exactInterest,
    interest,
    received: input.principal - processingFee - gst,
    totalRepayable: input.principal + interest,
  };
}

/** The example the landing page shows. */
export const LANDING_EXAMPLE: WorkedExample = workedExample({
  principal: EXAMPLE_PRINCIPAL,
  feeRate: EXAMPLE_FEE_RATE,
  annualRate: EXAMPLE_ANNUAL_RATE,
  days: TENURE_DAYS,
});

/** A fraction as a percent without float noise: 0.33 → '33%', 0.0822 → '8.22%'. */
export function percent(fraction: number): string {
  return `${Math.round(fraction * 100 * 100) / 100}%`;
}

// ---------- APPLY NOW (spec §4 'Download page', §2 'Download') ----------

export type DeviceOs = 'ios-h5' | 'android-h5';
/** is_ok: 1 the button goes to /, 2 it is an inert link to the product site. */
export type IsOk = 1 | 2;

/** data.accordWith, read by the contract as a flag (true, 1, '1' or 'true' accord; anything else does not). */
export const accords = (accordWith: DownloadCheck['accordWith'] | undefined): boolean => accordWith === true;

/** Only an ios-h5 device asks the server (elsewhere is_ok is 2 whatever it says). */
export const needsCheck = (os: DeviceOs): boolean => os === 'ios-h5';

/**
 * is_ok (spec §4): 1 when the server says accordWith and the device is ios-h5; otherwise 2, which
 * includes a check not answered yet or failed (the button is never a way in by default).
 */
export function isOk(check: DownloadCheck | null, os: DeviceOs): IsOk {
  return needsCheck(os) && check !== null && accords(check.accordWith) ? 1 : 2;
}

/** The product site APPLY NOW links to when is_ok is 2 (VITE_PRODUCT_SITE_URL; only http(s)). */
export const DEFAULT_PRODUCT_SITE_URL = 'https://borrower.example/';
export function productSiteUrl(configured: string | undefined): string {
  if (!configured) return DEFAULT_PRODUCT_SITE_URL;
  try {
    const url = new URL(configured);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : DEFAULT_PRODUCT_SITE_URL;
  } catch {
    return DEFAULT_PRODUCT_SITE_URL;
  }
}

// ---------- The lender's contact details (GET /client/v1/config) ----------

export interface ContactRow {
  label: DownloadKey;
  value: string;
  /** tel: or mailto: for phones and e-mails. */
  href?: string;
}
export interface ContactGroup {
  title: DownloadKey;
  rows: ContactRow[];
}

const present = (s: string | undefined | null): s is string => typeof s === 'string' && s.trim() !== '';
const tel = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** What the config sends, grouped; fields and groups not sent are left out (a config with nothing gives []). */
export function contactGroups(config: ClientConfig | null): ContactGroup[] {
  if (!config) return [];
  const groups: ContactGroup[] = [];
  const lender = config.lender;
  if (lender) {
    const rows: ContactRow[] = [];
    if (present(lender.name)) rows.push({ label: 'lender', value: lender.name });
    if (present(lender.rbiRegistration)) rows.push({ label: 'rbi', value: lender.rbiRegistration });
    if (present(lender.address)) rows.push({ label: 'address', value: lender.address });
    if (rows.length) groups.push({ title: 'whoLends', rows });
  }
  const customer = config.customer;
  if (customer) {
    const rows: ContactRow[] = [];
    if (present(customer.phone)) rows.push({ label: 'phone', value: customer.phone, href: tel(customer.phone) });
    if (present(customer.email)) rows.push({ label: 'email', value: customer.email, href: `mailto:${customer.email.trim()}` });
    if (rows.length) groups.push({ title: 'customerCare', rows });
  }
  const officer = config.grievanceOfficer;
  if (officer) {
    const rows: ContactRow[] = [];
    if (present(officer.name)) rows.push({ label: 'name', value: officer.name });
    if (present(officer.phone)) rows.push({ label: 'phone', value: officer.phone, href: tel(officer.phone) });
    if (present(officer.email)) rows.push({ label: 'email', value: officer.email, href: `mailto:${officer.email.trim()}` });
    if (present(officer.address)) rows.push({ label: 'address', value: officer.address });
    if (rows.length) groups.push({ title: 'grievance', rows });
  }
  return groups;
}

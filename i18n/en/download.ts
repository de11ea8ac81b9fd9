/**
 * The download/landing page (/download, spec §1, §9): what the product is, for whom, at what cost,
 * the worked example, the tier table and the lender's contacts. Figures are placeholders, filled
 * from machines/shared/download.ts.
 */
import { catalogue } from '../core';

export const downloadText = catalogue('download', {
  title: 'Personal loans',
  bannerLabel: 'Loans up to',
  bannerNote: 'Sample amount. What you can borrow depends on our credit evaluation and the number of loans you have taken (table below).',
  applyNow: 'APPLY NOW',
  who: 'Who can apply',
  citizen: 'Indian citizen',
  adult: 'Aged 18 or above',
  need: 'What you need',
  kyc: 'KYC documents (Aadhaar and PAN)',
  basic: 'Basic information',
  work: 'Work information',
  contact: 'Contact information',
  terms: 'Rates and terms',
  interest: 'Interest',
  perAnnum: '{rate} per annum',
  gst: 'GST',
  ofFee: '{rate} of the processing fee',
  tenure: 'Loan tenure',
  tenureDays: '{days} days, maximum {max} days',
  example: 'A worked example',
  exampleNote:
    "A loan of {principal} for {days} days. The example is worked at {exampleRate} per annum, the rate the product's published example uses, not at the {rate} stated above; the processing fee of {feeRate} is an example too. Your own figures are shown before you confirm a loan.",
  loanAmount: 'Loan amount',
  fee: 'Processing fee',
  feeGst: 'GST on the processing fee',
  interestFor: 'Interest for {days} days at {rate} per annum',
  interestCalc: '{principal} × {rate} × {days} / {year} = {exact}, rounded to',
  received: 'Amount received',
  repayable: 'Total repayable on day {days}',
  tiers: 'Loan amounts by number of loans',
  loans: 'Number of loans',
  loansOne: '{n} loan',
  loansOther: '{n} loans',
  contactUs: 'Contact us',
  contactsLoading: 'Loading the contact details…',
  contactsNone: 'The lender has not published contact details here yet.',
  contactsFailed: 'The contact details could not be loaded.',
  tryAgain: 'Try again',
  whoLends: 'Who lends',
  lender: 'Lender',
  rbi: 'RBI registration',
  address: 'Address',
  customerCare: 'Customer care',
  phone: 'Phone',
  email: 'E-mail',
  grievance: 'Grievance officer',
  name: 'Name',
}, () => import('../hi/download'));

export type DownloadKey = keyof typeof downloadText.en;

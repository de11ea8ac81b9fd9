/** Client content: FAQ, about us, customer-care contacts (no session needed). */
import { Hono } from 'hono';
import type * as v from 'valibot';
import { AboutUs, ClientConfig, HelpList, type HelpItem } from '../../../contract/content';
import type { AppEnv } from '../env';
import { answer } from '../envelope';
import { PENAL_CHARGE_PER_DAY } from '../domain/engine';

/** Texts are plain text; the app must render them as text (one answer holds a literal "<b>" to show that). */
export const FAQ: readonly v.InferInput<typeof HelpItem>[] = [
  {
    title: 'Who can apply for a loan?',
    content:
      'Any Indian citizen aged 18 or above with a regular monthly income (above ₹15,000 for most products) and an active bank account in their own name.',
  },
  {
    title: 'What documents do I need?',
    content:
      'Your Aadhaar and PAN, a clear selfie for face verification, and the details of a bank account in your name. You also add basic and work information and three emergency contacts.',
  },
  {
    title: 'How long does approval take?',
    content:
      'Most applications are reviewed within a few minutes to a few hours, depending on the product. We notify you by SMS, and you can follow the status under Order History.',
  },
  {
    title: 'How do I repay my loan?',
    content:
      'Open Order History, choose the loan and tap Repayment. You can pay by UPI, net banking or debit card. Repay on or before the due date to avoid overdue fees & to build your credit score.',
  },
  {
    title: 'Can I extend my due date?',
    content:
      'If the order shows "Extend due date", you can request an extension. The new due date is 7 days from the request, and the extension fee must be paid within 24 hours or the extension fails.',
  },
  {
    title: 'Why is GST charged on the processing fee?',
    content:
      'The processing fee is a service, so GST at 18% applies to it by law. Example: on a processing fee of ₹800 the GST is ₹144. Both are deducted from the amount you receive.',
  },
  {
    title: 'Why does my application say "Denied"?',
    content:
      'Our credit evaluation could not approve it this time. You can <b>re-apply after 15 days</b>. Paying earlier loans on time raises your credit score and your loan amount.',
  },
  {
    title: 'How do I contact customer support?',
    content:
      'Tap the feedback button on the home or account page to write to us, call +91 80 4718 2000 (Mon–Sat, 9:30 am – 6:30 pm IST) or e-mail support@borrower.example.',
  },
];

/**
 * The app's name is the lender's brand: the app shows it (sign-in and home headings, page titles,
 * About us) from here, never a name of its own.
 */
export const ABOUT_US: v.InferInput<typeof AboutUs> = {
  appName: 'Sandbox Loans',
  copywriting:
    'Sandbox Loans offers small, short-term personal loans to salaried and self-employed people across India, entirely on your phone. ' +
    'Verify your identity with Aadhaar and PAN, choose an amount, and receive the money in your bank account, often within hours. ' +
    'Every fee is shown before you confirm: interest per day, the processing fee and the 18% GST on it. ' +
    'Repay on time and your credit limit grows with you. ' +
    'Loans are made by Sandbox Finance Private Limited, a non-banking financial company registered with the Reserve Bank of India.',
};

/**
 * Customer care, and what the Key Fact Statement names: the lender, its grievance officer, penal
 * charge and cooling-off period. The lender and the officer are also shown on sign-in, home, product
 * detail, Help and About us (Digital Lending Directions 2025). Public: no token needed.
 */
export const CLIENT_CONFIG: v.InferInput<typeof ClientConfig> = {
  customer: { phone: '+91 80 4718 2000', email: 'support@borrower.example' },
  lender: {
    name: 'Sandbox Finance Private Limited',
    rbiRegistration: 'N-14.03268',
    address: '4th Floor, Prestige Meridian 1, 29 MG Road, Bengaluru, Karnataka 560001',
    website: 'https://lender.example',
  },
  grievanceOfficer: {
    name: 'Priya Raman',
    phone: '+91 80 4718 2099',
    email: 'grievance@lender.example',
    address: 'Grievance Redressal Officer, Sandbox Finance Private Limited, 4th Floor, Prestige Meridian 1, 29 MG Road, Bengaluru, Karnataka 560001',
  },
  // A charge on the overdue principal per day (0.1%), never interest on interest (RBI, August 2023).
  penalChargePerDay: PENAL_CHARGE_PER_DAY,
  coolingOffDays: 3,
};

export function clientRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/client/v1/faq', (c) => answer(c, HelpList, [...FAQ]));
  r.get('/client/v1/about-us', (c) => answer(c, AboutUs, ABOUT_US));
  r.get('/client/v1/config', (c) => answer(c, ClientConfig, CLIENT_CONFIG));
  return r;
}

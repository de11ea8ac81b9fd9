/** Content and client settings (spec §3 'Help item', 'About us', 'Client config'; §7 faq, about, config). */
import * as v from 'valibot';
import { list, optionalNum, optionalObject, text } from './common';
import { Ignored } from './envelope';
import type { Endpoint } from './endpoint';

export const HelpItem = v.looseObject({ title: text, content: text });
export type HelpItem = v.InferOutput<typeof HelpItem>;
export const HelpList = list(HelpItem);
export const AboutUs = v.looseObject({ appName: text, copywriting: text });
export type AboutUs = v.InferOutput<typeof AboutUs>;
/**
 * GET /client/v1/config. The spec names customer.phone and .email. `lender` and `grievanceOfficer`
 * go beyond it: an RBI-regulated lender shows who lends and whom to complain to (Key Fact Statement,
 * Digital Lending Directions 2025). A backend that sends neither still works: the app says what is
 * missing. Each part left out, or sent in a shape the app cannot read, is null.
 */
export const ClientConfig = v.looseObject({
  customer: v.optional(optionalObject({ phone: text, email: text }), null),
  lender: v.optional(
    optionalObject({
      /** The regulated entity's name, e.g. 'Sandbox Finance Private Limited'. */
      name: text,
      /** RBI registration (NBFC certificate of registration) number. */
      rbiRegistration: text,
      address: text,
      website: text,
    }),
    null,
  ),
  grievanceOfficer: v.optional(optionalObject({ name: text, phone: text, email: text, address: text }), null),
  /** Late-payment penal charge as a fraction of the overdue principal per day (a charge, never interest on interest). */
  penalChargePerDay: v.optional(optionalNum, null),
  /** The cooling-off (look-up) period in days, in which the borrower may exit by repaying principal + proportionate APR. */
  coolingOffDays: v.optional(optionalNum, null),
  /** The fee for closing the loan before its due date (pre-closure), as a fraction of the principal; 0: none, the interest to date only. */
  foreclosureFee: optionalNum,
});
export type ClientConfig = v.InferOutput<typeof ClientConfig>;

/** POST /opinion-record/v1/save (form: content): the borrower's feedback. */
export const FeedbackForm = v.object({ content: v.pipe(v.string(), v.trim(), v.minLength(1, 'content is required')) });
export type FeedbackForm = v.InferOutput<typeof FeedbackForm>;

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// The lender's content (spec §7): FAQ, About us, the client config, and the borrower's feedback.

const faq = { method: 'GET', path: '/client/v1/faq', answer: HelpList, token: false, beyondSpec: false } as const satisfies Endpoint;

const aboutUs = { method: 'GET', path: '/client/v1/about-us', answer: AboutUs, token: false, beyondSpec: false } as const satisfies Endpoint;

/** The customer contact; the lender, its grievance officer, the penal charge and the cooling-off period are beyond the spec. */
const clientConfig = { method: 'GET', path: '/client/v1/config', answer: ClientConfig, token: false, beyondSpec: false } as const satisfies Endpoint;

/** form: content */
const saveFeedback = { method: 'POST', path: '/opinion-record/v1/save', body: FeedbackForm, encoding: 'multipart', answer: Ignored, token: true, beyondSpec: false, intent: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const contentCalls = { faq, aboutUs, clientConfig, saveFeedback } as const;

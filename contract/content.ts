/** Content and client settings (spec §3 'Help item', 'About us', 'Client config'; §7 faq, about, config). */
import * as v from 'valibot';
import { list, text } from './common';

export const HelpItem = v.looseObject({ title: v.string(), content: text });
export type HelpItem = v.InferOutput<typeof HelpItem>;
export const HelpList = list(HelpItem);
export const AboutUs = v.looseObject({ appName: v.string(), copywriting: text });
export type AboutUs = v.InferOutput<typeof AboutUs>;
export const ClientConfig = v.looseObject({
  customer: v.optional(v.nullable(v.looseObject({ phone: text, email: text })), null),
});
export type ClientConfig = v.InferOutput<typeof ClientConfig>;

/** POST /opinion-record/v1/save (form: content): the borrower's feedback. */
export const FeedbackForm = v.object({ content: v.pipe(v.string(), v.trim(), v.minLength(1, 'content is required')) });
export type FeedbackForm = v.InferOutput<typeof FeedbackForm>;

import { api, type CallOptions, type IntentOptions } from './client';
import { Ignored } from '../../contract/common';
import { AboutUs, ClientConfig, HelpList, type FeedbackForm, type HelpItem } from '../../contract/content';

/** GET /client/v1/faq */
export function getFaq({ signal }: CallOptions = {}): Promise<HelpItem[]> {
  return api.get('client/v1/faq', HelpList, { signal });
}
/** GET /client/v1/about-us */
export function getAboutUs({ signal }: CallOptions = {}): Promise<AboutUs> {
  return api.get('client/v1/about-us', AboutUs, { signal });
}
/** GET /client/v1/config: the customer contact, and (beyond the spec) the lender, its grievance officer, the penal charge and the cooling-off period. */
export function getClientConfig({ signal }: CallOptions = {}): Promise<ClientConfig> {
  return api.get('client/v1/config', ClientConfig, { signal });
}
/** POST /opinion-record/v1/save (form: content): the borrower's feedback, once per intent (its Idempotency-Key). */
export async function saveFeedback(form: FeedbackForm, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.post('opinion-record/v1/save', Ignored, { form: { content: form.content }, signal, idempotencyKey });
}

/** The lender's content (contract/content.ts): FAQ, About us, the client config, feedback. */
import { contentCalls, type AboutUs, type ClientConfig, type FeedbackForm, type HelpItem } from '../../contract/content';
import { api, type CallOptions, type IntentOptions } from './client';

export function getFaq({ signal }: CallOptions = {}): Promise<HelpItem[]> {
  return api.call(contentCalls.faq, { signal });
}
export function getAboutUs({ signal }: CallOptions = {}): Promise<AboutUs> {
  return api.call(contentCalls.aboutUs, { signal });
}
/** The customer contact, and (beyond the spec) the lender, its grievance officer, the penal charge and the cooling-off period. */
export function getClientConfig({ signal }: CallOptions = {}): Promise<ClientConfig> {
  return api.call(contentCalls.clientConfig, { signal });
}
/** The borrower's feedback (form: content), once per intent (its Idempotency-Key). */
export async function saveFeedback(form: FeedbackForm, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.call(contentCalls.saveFeedback, { form: { content: form.content }, signal, idempotencyKey });
}

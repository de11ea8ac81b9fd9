/** The lender's content (spec §7): FAQ, About us, the client config, and the borrower's feedback. */
import { AboutUs, ClientConfig, FeedbackForm, HelpList } from '../content';
import { Ignored } from '../envelope';
import type { Endpoint } from '../endpoint';

export const faq = { method: 'GET', path: '/client/v1/faq', answer: HelpList, token: false, beyondSpec: false } as const satisfies Endpoint;

export const aboutUs = { method: 'GET', path: '/client/v1/about-us', answer: AboutUs, token: false, beyondSpec: false } as const satisfies Endpoint;

/** The customer contact; the lender, its grievance officer, the penal charge and the cooling-off period are beyond the spec. */
export const clientConfig = { method: 'GET', path: '/client/v1/config', answer: ClientConfig, token: false, beyondSpec: false } as const satisfies Endpoint;

/** form: content */
export const saveFeedback = { method: 'POST', path: '/opinion-record/v1/save', body: FeedbackForm, encoding: 'multipart', answer: Ignored, token: true, beyondSpec: false, intent: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const contentCalls = { faq, aboutUs, clientConfig, saveFeedback } as const;

/**
 * The rules of the feedback dialog (spec §1, §2 'Feedback dialog', §5 'Feedback', §9), pure: the
 * machine applies them, the view reads the limits from here. What counts as a letter, a digit and a
 * character: machines/shared/feedback.ts. Refused characters, cuts at 300 and blank text:
 * docs/journeys/feedback-and-analytics.md 'Feedback'.
 */
import type { FeedbackKey } from '../../i18n/en/feedback';
import { feedbackContent, FEEDBACK_MAX_LENGTH, feedbackLength } from '../shared/feedback';

export { applyEdit, cleanText, FEEDBACK_MAX_LENGTH, feedbackContent, feedbackLength, feedbackProblem, isFeedbackChar, type FeedbackEdit } from '../shared/feedback';

/** What the dialog says under the field after an edit or a tap, until the next clean edit (a key of i18n/en/feedback.ts, with { max }). */
export type FeedbackNotice = Extract<FeedbackKey, 'refused' | 'truncated' | 'refusedAndTruncated' | 'empty'>;

/** The counter under the field, numbers only: '12 / 300', counting as the server does (feedbackLength). */
export const feedbackCounter = (text: string): string => `${feedbackLength(text)} / ${FEEDBACK_MAX_LENGTH}`;

/** There is something to send (not blank). */
export const hasContent = (text: string): boolean => feedbackContent(text) !== '';

/** The customer-care contact of the client config (spec §3 'Client config'), each '' when absent. */
export interface CustomerContact {
  phone: string;
  email: string;
}

/** The tel: link of a phone as the config writes it ('+91 80 4718 2000' → 'tel:+918047182000'), or null without digits. */
export function telHref(phone: string): string | null {
  const compact = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d{3,}/.test(compact) ? `tel:${compact}` : null;
}

/** The mailto: link of an e-mail address, or null when it is not one. */
export function mailtoHref(email: string): string | null {
  const address = email.trim();
  return /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(address) ? `mailto:${address}` : null;
}

/**
 * The rules of the feedback dialog (spec §1, §2 'Feedback dialog', §5 'Feedback', §9), pure: the
 * machine (feedback.machine.ts) applies them, the view reads the limits from here (the texts are in
 * i18n/en/feedback.ts).
 *
 * Decisions where the spec is silent (README):
 * - An edit that brings a refused character (typed or pasted) inserts the rest of it and leaves that
 *   character out; the dialog says so once, in a polite live region under the field.
 * - An edit beyond 300 characters keeps what fits (the first characters of a paste) and says so; the
 *   textarea has no maxlength, which would cut silently.
 * - What is sent is the text trimmed; blank text sends nothing and says so (Send stays a button a
 *   borrower can reach and tap, rather than a disabled one that explains nothing).
 */
import type { FeedbackKey } from '../../i18n/en/feedback';
import { FEEDBACK_MAX_LENGTH, feedbackContent, isFeedbackChar } from '../shared/feedback';

export { FEEDBACK_MAX_LENGTH, feedbackContent, feedbackProblem, isFeedbackChar } from '../shared/feedback';

/** What the dialog says under the field after an edit or a tap, until the next clean edit (a key of i18n/en/feedback.ts, with { max }). */
export type FeedbackNotice = Extract<FeedbackKey, 'refused' | 'truncated' | 'refusedAndTruncated' | 'empty'>;

/** The counter under the field, numbers only: '12 / 300'. */
export const feedbackCounter = (n: number): string => `${n} / ${FEEDBACK_MAX_LENGTH}`;

/** The result of one edit of the text field. */
export interface FeedbackEdit {
  /** The text kept: the previous text with the allowed part of what was inserted, at most 300 characters. */
  text: string;
  /** What to tell the borrower (a character refused, the limit reached), or null for a clean edit. */
  notice: Exclude<FeedbackNotice, 'empty'> | null;
  /** Where the caret belongs when the text kept is not what the field holds (after what was inserted), else null. */
  caret: number | null;
}

/**
 * The field went from `previous` to `next` (typing, a paste, a deletion, an autocorrection): what
 * changed is found as the part between the common prefix and suffix; from what was inserted, the
 * refused characters are left out and only what fits in 300 characters is kept. `previous` follows
 * the rules already (the machine only ever holds such a text).
 */
export function applyEdit(previous: string, next: string): FeedbackEdit {
  let prefix = 0;
  const shortest = Math.min(previous.length, next.length);
  while (prefix < shortest && previous[prefix] === next[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shortest - prefix && previous[previous.length - 1 - suffix] === next[next.length - 1 - suffix]) suffix++;
  const before = previous.slice(0, prefix);
  const after = previous.slice(previous.length - suffix);
  const inserted = Array.from(next.slice(prefix, next.length - suffix));
  const allowed = inserted.filter(isFeedbackChar);
  const room = Math.max(0, FEEDBACK_MAX_LENGTH - before.length - after.length);
  const kept = allowed.slice(0, room).join('');
  const refused = allowed.length < inserted.length;
  const truncated = allowed.length > room;
  const text = before + kept + after;
  const notice = refused && truncated ? 'refusedAndTruncated' : refused ? 'refused' : truncated ? 'truncated' : null;
  return { text, notice, caret: text === next ? null : Math.min(text.length, before.length + kept.length) };
}

/** A text read from storage, made to follow the rules (an old or hand-edited draft). */
export const cleanText = (text: string): string => applyEdit('', text).text;

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

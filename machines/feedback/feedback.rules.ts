/**
 * The rules of the feedback dialog (spec §1, §2 'Feedback dialog', §5 'Feedback', §9), pure: the
 * machine (feedback.machine.ts) applies them, the view reads the limits from here (the texts are in
 * i18n/en/feedback.ts). What counts as a letter, a digit and a character: machines/shared/feedback.ts.
 *
 * Decisions where the spec is silent (README 'Feedback'):
 * - An edit that brings a refused character (typed or pasted) inserts the rest of it and leaves that
 *   character out; the dialog says so once, in a polite live region under the field.
 * - A combining mark is kept wherever it comes, alone too: a vowel sign typed after its letter arrives
 *   as an edit of its own.
 * - An edit beyond 300 characters keeps what fits (the first characters of a paste) and says so; the
 *   textarea has no maxlength, which would cut silently. The cut never keeps a letter without the
 *   marks that came with it.
 * - What is sent is the text trimmed; blank text sends nothing and says so (Send stays a button a
 *   borrower can reach and tap, rather than a disabled one that explains nothing).
 */
import type { FeedbackKey } from '../../i18n/en/feedback';
import { FEEDBACK_MAX_LENGTH, feedbackContent, feedbackLength, isFeedbackChar, isFeedbackMark } from '../shared/feedback';

export { FEEDBACK_MAX_LENGTH, feedbackContent, feedbackLength, feedbackProblem, isFeedbackChar } from '../shared/feedback';

/** What the dialog says under the field after an edit or a tap, until the next clean edit (a key of i18n/en/feedback.ts, with { max }). */
export type FeedbackNotice = Extract<FeedbackKey, 'refused' | 'truncated' | 'refusedAndTruncated' | 'empty'>;

/** The counter under the field, numbers only: '12 / 300', counting as the server does (feedbackLength). */
export const feedbackCounter = (text: string): string => `${feedbackLength(text)} / ${FEEDBACK_MAX_LENGTH}`;

/** The result of one edit of the text field. */
export interface FeedbackEdit {
  /** The text kept: the previous text with the allowed part of what was inserted, at most 300 characters. */
  text: string;
  /** What to tell the borrower (a character refused, the limit reached), or null for a clean edit. */
  notice: Exclude<FeedbackNotice, 'empty'> | null;
  /** Where the caret belongs (UTF-16 offset) when the text kept is not what the field holds (after what was inserted), else null. */
  caret: number | null;
}

/**
 * The field went from `previous` to `next` (typing, a paste, a deletion, an autocorrection, an input
 * method's commit): what changed is found as the part between the common prefix and suffix, in code
 * points; from what was inserted, the refused characters are left out and only what fits in 300
 * characters is kept. `previous` follows the rules already (the machine only ever holds such a text).
 */
export function applyEdit(previous: string, next: string): FeedbackEdit {
  // Code points, not UTF-16 units: a letter outside the BMP is never split in two.
  const was = Array.from(previous);
  const now = Array.from(next);
  let prefix = 0;
  const shortest = Math.min(was.length, now.length);
  while (prefix < shortest && was[prefix] === now[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shortest - prefix && was[was.length - 1 - suffix] === now[now.length - 1 - suffix]) suffix++;
  const before = was.slice(0, prefix).join('');
  const after = was.slice(was.length - suffix).join('');
  const inserted = now.slice(prefix, now.length - suffix);
  const allowed = inserted.filter(isFeedbackChar);
  const room = Math.max(0, FEEDBACK_MAX_LENGTH - prefix - suffix);
  let fit = Math.min(allowed.length, room);
  // A cut through a syllable drops its letter too, rather than keep it without its vowel sign.
  while (fit < allowed.length && fit > 0 && isFeedbackMark(allowed[fit] ?? '')) fit--;
  const kept = allowed.slice(0, fit).join('');
  const refused = allowed.length < inserted.length;
  const truncated = allowed.length > room;
  const text = before + kept + after;
  const notice = refused && truncated ? 'refusedAndTruncated' : refused ? 'refused' : truncated ? 'truncated' : null;
  return { text, notice, caret: text === next ? null : before.length + kept.length };
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

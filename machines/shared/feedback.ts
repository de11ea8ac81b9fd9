/**
 * The feedback text rule (spec §5 'Feedback', §9): at most 300 characters, only letters, digits,
 * underscore, question mark, exclamation mark, comma, period and space. Shared by the app's feedback
 * machine and the sandbox, so both apply the same rule and count the same way: letters of any script
 * with their marks, digits of any script, the danda as a period, a character as a code point
 * (docs/journeys/feedback-and-analytics.md 'Feedback').
 */
export const FEEDBACK_MAX_LENGTH = 300;

const ALLOWED_CHAR = /^[\p{L}\p{Mn}\p{Mc}\p{Nd}_?!,. \u0964]$/u;
// Variation selectors are nonspacing marks (Mn) to Unicode, but they only pick an emoji's look.
const VARIATION_SELECTOR = /^\p{Variation_Selector}$/u;
const MARK = /^[\p{Mn}\p{Mc}]$/u;

/** One character (a code point) of the allowed set. */
export const isFeedbackChar = (ch: string): boolean => ALLOWED_CHAR.test(ch) && !VARIATION_SELECTOR.test(ch);

/** A combining mark of the allowed set (a vowel sign, a virama, a nukta, an accent): it belongs to the letter before it. */
export const isFeedbackMark = (ch: string): boolean => MARK.test(ch) && isFeedbackChar(ch);

/** How many characters a text has, as the counter shows and the server counts: code points. */
export function feedbackLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** What is sent: the text without leading and trailing spaces. */
export const feedbackContent = (text: string): string => text.trim();

export type FeedbackProblem = 'empty' | 'tooLong' | 'refused';

/** Why `content` cannot be saved, or null when it can (non-blank, ≤ 300 characters, allowed set only). */
export function feedbackProblem(content: string): FeedbackProblem | null {
  if (content.trim() === '') return 'empty';
  for (const ch of content) if (!isFeedbackChar(ch)) return 'refused';
  if (feedbackLength(content) > FEEDBACK_MAX_LENGTH) return 'tooLong';
  return null;
}

/** What a field under this rule says after an edit that could not be kept whole. */
export type EditNotice = 'refused' | 'truncated' | 'refusedAndTruncated';

/** The result of one edit of the text field. */
export interface FeedbackEdit {
  /** The text kept: the previous text with the allowed part of what was inserted, at most 300 characters. */
  text: string;
  /** What to tell the borrower (a character refused, the limit reached), or null for a clean edit. */
  notice: EditNotice | null;
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

/**
 * One edit of a text the borrower sends (feedback, a complaint), as the machine keeps it: the text,
 * what to say and where the caret goes; an edit that changes what would be sent (`content`) drops the
 * key of an unanswered send, so the next send is a new intent.
 */
export function keptEdit<K>(current: { text: string; idempotencyKey: K | null }, value: string, content: (text: string) => string) {
  const edit = applyEdit(current.text, value);
  const same = content(edit.text) === content(current.text);
  return { text: edit.text, notice: edit.notice, caret: edit.caret, error: null, idempotencyKey: same ? current.idempotencyKey : null };
}

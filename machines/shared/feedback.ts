/**
 * The feedback text rule (spec §5 'Feedback', §9): at most 300 characters, only letters, digits,
 * underscore, question mark, exclamation mark, comma, period and space. Shared by the app's
 * feedback machine (machines/feedback) and the sandbox (server/src/routes/feedback.ts), so both
 * apply the same rule and count the same way (README 'Feedback').
 *
 * - Letters are letters of any script with their combining marks: Hindi with its vowel signs,
 *   virama and nukta, accented Latin. Enclosing marks and variation selectors are not letters' marks:
 *   they turn digits and symbols into keycaps and emoji (1️⃣, ❤️), which are refused.
 * - Digits are the decimal digits of any script: 0–9 and ०–९.
 * - The Devanagari danda (।) is a period: it is how a Hindi sentence ends.
 * - A character is a code point: a vowel sign counts as one, like the key that typed it. PostgreSQL's
 *   char_length counts the same, and no two runtimes disagree on it (grapheme clusters change with
 *   the Unicode version).
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

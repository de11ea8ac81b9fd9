/**
 * The feedback text rule (spec §5 'Feedback', §9): at most 300 characters, only letters, digits,
 * underscore, question mark, exclamation mark, comma, period and space. Shared by the app's
 * feedback machine (machines/feedback) and the sandbox (server/src/routes/feedback.ts), so both
 * apply the same rule.
 *
 * "Letters" are the Latin letters A–Z and a–z: the spec's set is ASCII (no accented letters, no
 * Devanagari, no emoji), and every allowed character is one UTF-16 unit, so the length the counter
 * shows is the length the server counts.
 */
export const FEEDBACK_MAX_LENGTH = 300;

const ALLOWED_CHAR = /^[A-Za-z0-9_?!,. ]$/;
const ALLOWED_TEXT = /^[A-Za-z0-9_?!,. ]*$/;

/** One character (a code point) of the allowed set. */
export const isFeedbackChar = (ch: string): boolean => ALLOWED_CHAR.test(ch);

/** What is sent: the text without leading and trailing spaces. */
export const feedbackContent = (text: string): string => text.trim();

export type FeedbackProblem = 'empty' | 'tooLong' | 'refused';

/** Why `content` cannot be saved, or null when it can (non-blank, ≤ 300 characters, allowed set only). */
export function feedbackProblem(content: string): FeedbackProblem | null {
  if (content.trim() === '') return 'empty';
  if (!ALLOWED_TEXT.test(content)) return 'refused';
  if (content.length > FEEDBACK_MAX_LENGTH) return 'tooLong';
  return null;
}

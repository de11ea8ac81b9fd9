/**
 * Feedback (spec §1, §2 'Feedback dialog', §5 'Feedback'): the floating button, its dialog, what the
 * rules say about an edit (the notices are named after machines/feedback/feedback.rules.ts
 * FeedbackNotice), the thank-you toast. The counter 'n / 300' is numbers only (feedbackCounter).
 */
import { catalogue } from '../core';

export const feedbackText = catalogue('feedback', {
  button: 'Feedback',
  title: 'Feedback',
  intro: 'Tell us what we can do better. You can also reach customer care:',
  phone: 'Phone',
  email: 'E-mail',
  label: 'Your feedback',
  send: 'Send',
  sending: 'Sending…',
  cancel: 'Cancel',
  thanks: 'Thank you for your feedback',
  sendFailed: 'Your feedback could not be sent. Please try again.',
  /** Notices under the field (FeedbackNotice). */
  refused: 'Only letters, digits, spaces and _ ? ! , . are allowed',
  truncated: 'Feedback can be at most {max} characters: the rest was left out.',
  refusedAndTruncated: 'Only letters, digits, spaces and _ ? ! , . are allowed, and at most {max} characters: the rest was left out.',
  empty: 'Please write your feedback first.',
}, () => import('../hi/feedback'));

export type FeedbackKey = keyof typeof feedbackText.en;

/**
 * The event cases of the feedback machine (tests/machines/feedback.machine.test.ts, the view tests
 * and `npm run flows` → flows/feedback.md). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { SnapshotFrom } from 'xstate';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import type { FeedbackInput, feedbackMachine } from './feedback.machine';
import { FEEDBACK_MAX_LENGTH, feedbackLength, hasContent, type CustomerContact } from './feedback.rules';

export const CONTACT: CustomerContact = { phone: '+91 80 4718 2000', email: 'support@borrower.example' };
/** A config with a phone but no e-mail: the e-mail line is left out. */
export const PHONE_ONLY: CustomerContact = { phone: '+91 80 4718 2000', email: '' };
/** A config without a customer: no contact lines. */
export const NO_CONTACT: CustomerContact = { phone: '', email: '' };
export const LOAD_FAILURE = new Error('Service busy, please try again');
export const SAVE_FAILURE = new Error('Feedback is saved at most 5 times an hour. Please try again later.');

/** Typed text: allowed characters only. */
export const TYPED = 'Great app, quick loan!';
/** Hindi, kept whole: vowel signs, a conjunct, a nukta, Devanagari digits and the danda. */
export const HINDI = 'मुझे ऋण की ज़रूरत है, ५००० रुपये। धन्यवाद!';
/** An edit bringing refused characters (an emoji, a symbol): the letters around them are kept. */
export const WITH_REFUSED = 'ठीक 😀 है ₹';
/** A paste over the limit: the first 300 characters are kept. */
export const TOO_LONG = 'a'.repeat(FEEDBACK_MAX_LENGTH + 20);
/** Only spaces: nothing to send. */
export const BLANK = '   ';

export const cases = [
  { type: 'feedback.opened' },
  { type: 'feedback.closed' },
  actorDone('loadContact', CONTACT),
  actorDone('loadContact', PHONE_ONLY),
  actorDone('loadContact', NO_CONTACT),
  actorError('loadContact', LOAD_FAILURE),
  { type: 'text.changed', value: TYPED },
  { type: 'text.changed', value: HINDI },
  { type: 'text.changed', value: WITH_REFUSED },
  { type: 'text.changed', value: TOO_LONG },
  { type: 'text.changed', value: BLANK },
  { type: 'text.changed', value: '' },
  { type: 'feedback.sent' },
  actorDone('save', undefined),
  actorError('save', SAVE_FAILURE),
] satisfies CaseList<typeof feedbackMachine>;

/** The key of a send left unanswered by a reload, kept in the draft. */
export const DRAFT_KEY = 'draft-key-0001';

/** A first opening, a draft typed before a reload, and a send a reload left unanswered. */
export const inputs = {
  fresh: { draft: null },
  restored: { draft: { text: TYPED, idempotencyKey: null } },
  reloadedWhileSending: { draft: { text: TYPED, idempotencyKey: DRAFT_KEY } },
} satisfies Record<string, FeedbackInput>;

/** What decides what can happen next: the state, the text's kind, whether a key and a contact are there (what the dialog says does not). */
export function serialize(snapshot: SnapshotFrom<typeof feedbackMachine>) {
  const c = snapshot.context;
  return {
    value: snapshot.value,
    text: c.text === '' ? 'empty' : !hasContent(c.text) ? 'blank' : feedbackLength(c.text) >= FEEDBACK_MAX_LENGTH ? 'full' : 'some',
    keyed: c.idempotencyKey !== null,
    contact: c.contact !== null,
  };
}

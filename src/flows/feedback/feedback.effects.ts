/**
 * The effects of the feedback dialog: the customer contact (client config), the save with its
 * idempotency key, the draft in this tab (sessionStorage: feedback is the borrower's own words, kept
 * over a reload but never beyond the tab, removed by Quit), and the thank-you toast.
 */
import * as v from 'valibot';
import { assign } from 'xstate';
import { IdempotencyKey } from '../../../contract/common';
import type { FeedbackDraft, feedbackMachine } from '../../../machines/feedback/feedback.machine';
import { saveFeedback } from '../../api/content';
import { clientConfig } from '../shared/client-config';
import { fromCall } from '../../lib/abortable';
import { draftStore, type DraftStore } from '../../lib/draft';
import { newKey } from '../../lib/idempotency';
import { tabStorage } from '../../lib/tab-storage';
import { feedbackText } from '../../../i18n/en/feedback';
import { textFor } from '../../ui/text';
import { showToast } from '../../ui/toast';
import type { Effects } from '../shared/effects';

/** A stored draft read back; anything else counts as none (never trust storage). */
export function parseFeedbackDraft(raw: unknown): FeedbackDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { text, idempotencyKey } = raw as Partial<Record<keyof FeedbackDraft, unknown>>;
  if (typeof text !== 'string') return null;
  return { text, idempotencyKey: v.is(IdempotencyKey, idempotencyKey) ? idempotencyKey : null };
}

/** The draft 'feedback' of this tab's borrower (bw.draft.feedback.<phone> in sessionStorage). */
export const feedbackDraft = (): DraftStore<FeedbackDraft> => draftStore('feedback', parseFeedbackDraft, { storage: tabStorage });

export function feedbackEffects(draft: DraftStore<FeedbackDraft> = feedbackDraft()): Effects<typeof feedbackMachine> {
  return {
    actors: {
      loadContact: fromCall(async () => {
        // The app's one copy of the config (read once per session; a failure is asked again next time).
        const { customer } = await clientConfig.fetch();
        return { phone: customer?.phone ?? '', email: customer?.email ?? '' };
      }),
      save: fromCall(({ content, idempotencyKey }, signal) => saveFeedback({ content }, { signal, idempotencyKey })),
    },
    actions: {
      persistDraft: (_, { draft: d }) => draft.write(d),
      clearDraft: () => draft.remove(),
      showToast: (_, { message }) => showToast(textFor(feedbackText).said(message)),
      newIdempotencyKey: assign({ idempotencyKey: newKey }),
    },
  };
}

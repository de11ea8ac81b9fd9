/**
 * The contacts step's effects: the verification status (already done?), then the relation choices,
 * the submit, the draft, the toast, navigation (the step replaces itself with the hub) and the
 * submit's idempotency key.
 */
import { assign } from 'xstate';
import type { contactsMachine } from '../../../machines/contacts/contacts.machine';
import type { RelationChoice } from '../../../machines/contacts/contacts.rules';
import { getPageInfo, submitContacts } from '../../api/verification';
import { fromCall } from '../../lib/abortable';
import type { DraftStore } from '../../lib/draft';
import { newKey } from '../../lib/idempotency';
import { contactsText } from '../../../i18n/en/contacts';
import { textFor } from '../../ui/text';
import { showToast } from '../../ui/toast';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';
import { answersDraft, type AnswersDraft } from './auth-form.effects';
import { rejectingWithColumns } from './AuthFormRejection';
import { loadStepStatus } from './step.effects';

/** Draft 'auth.contacts' (bw.draft.auth.contacts.<phone>): the payload's nine keys and the submit's key. */
export const contactsDraft = (): DraftStore<AnswersDraft> => answersDraft('auth.contacts');

/** The contact-info field definition's relation choices: the first field with a dictionary. */
async function loadRelations(signal: AbortSignal): Promise<RelationChoice[]> {
  const fields = await getPageInfo('contactInfo', { signal });
  const withChoices = fields.find((f) => f.dictionaryVoList.length > 0);
  return (withChoices?.dictionaryVoList ?? []).map((d) => ({ value: d.dictValue, label: d.dictLabel }));
}

export function contactsEffects(nav: Navigate): Effects<typeof contactsMachine> {
  const draft = contactsDraft();
  return {
    actors: {
      loadStatus: loadStepStatus,
      loadRelations: fromCall((_, signal) => loadRelations(signal)),
      submit: fromCall(({ payload, idempotencyKey }, signal) => rejectingWithColumns(submitContacts(payload, { signal, idempotencyKey }))),
    },
    actions: {
      navigate: navigateWith(nav),
      persistDraft: (_, { draft: d }) => draft.write(d),
      clearDraft: () => draft.remove(),
      showToast: (_, { message }) => showToast(textFor(contactsText).said(message)),
      newIdempotencyKey: assign({ idempotencyKey: newKey }),
    },
  };
}

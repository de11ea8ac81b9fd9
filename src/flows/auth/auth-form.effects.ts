/**
 * The effects of the basic-info and work-info forms: the calls of each kind (the verification status,
 * then the definition), the draft, the toast, navigation (the form replaces itself with the hub) and
 * the submits' idempotency keys.
 */
import * as v from 'valibot';
import { assign } from 'xstate';
import type { authFormMachine } from '../../../machines/auth-form/auth-form.machine';
import type { FormDefinition, FormKind } from '../../../machines/auth-form/auth-form.rules';
import type { IdempotentIntent } from '../../../machines/shared/idempotency';
import { IdempotencyKey } from '../../../contract/common';
import { getDistricts, getPageInfo, getStates, getWorkPageInfo, submitBaseInfo, submitWorkInfo } from '../../api/verification';
import { fromCall } from '../../lib/abortable';
import { draftStore, stringRecord, type DraftStore } from '../../lib/draft';
import { newKey } from '../../lib/idempotency';
import { authFormText } from '../../../i18n/en/authForm';
import { textFor } from '../../ui/text';
import { showToast } from '../../ui/toast';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';
import { rejectingWithColumns } from './AuthFormRejection';
import { loadStepStatus } from './step.effects';

/** The draft of a step whose submit is keyed (the forms, contacts): the answers, and the key of a submit left unanswered. */
export interface AnswersDraft extends IdempotentIntent {
  values: Record<string, string>;
}

/** A stored draft read back; anything else counts as none (never trust storage). */
export function parseAnswersDraft(raw: unknown): AnswersDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { values, idempotencyKey } = raw as Partial<Record<keyof AnswersDraft, unknown>>;
  if (typeof values !== 'object' || values === null) {
    // Kept before submits were keyed: the answers themselves.
    const answers = stringRecord(raw);
    return answers && { values: answers, idempotencyKey: null };
  }
  const answers = stringRecord(values);
  return answers && { values: answers, idempotencyKey: v.is(IdempotencyKey, idempotencyKey) ? idempotencyKey : null };
}

/** The draft `name` (bw.draft.<name>.<phone>) of a step whose submit is keyed. */
export const answersDraft = (name: string): DraftStore<AnswersDraft> => draftStore(name, parseAnswersDraft);

/** Drafts 'auth.basic' and 'auth.work'. */
export const formDraft = (kind: FormKind): DraftStore<AnswersDraft> => answersDraft(`auth.${kind}`);

export function authFormEffects(kind: FormKind, nav: Navigate): Effects<typeof authFormMachine> {
  const draft = formDraft(kind);
  const submit = kind === 'basic' ? submitBaseInfo : submitWorkInfo;
  // Basic info is one list: it is the group that cannot be hidden.
  const definition =
    kind === 'basic'
      ? async (signal: AbortSignal): Promise<FormDefinition> => ({ cannotHidden: await getPageInfo('baseInfo', { signal }), canHidden: [] })
      : (signal: AbortSignal): Promise<FormDefinition> => getWorkPageInfo({ signal });
  return {
    actors: {
      loadStatus: loadStepStatus,
      loadForm: fromCall((_, signal) => definition(signal)),
      loadStates: fromCall((_, signal) => getStates({ signal })),
      loadDistricts: fromCall(({ stateId }, signal) => getDistricts(stateId, { signal })),
      submit: fromCall(({ values, idempotencyKey }, signal) => rejectingWithColumns(submit(values, { signal, idempotencyKey }))),
    },
    actions: {
      navigate: navigateWith(nav),
      persistDraft: (_, { draft: d }) => draft.write(d),
      clearDraft: () => draft.remove(),
      showToast: (_, { message }) => showToast(textFor(authFormText).said(message)),
      newIdempotencyKey: assign({ idempotencyKey: newKey }),
    },
  };
}

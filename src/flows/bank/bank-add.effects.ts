/**
 * The effects of "Add bank account": the bind call, the draft, the toast, navigation and the bind's
 * idempotency key.
 *
 * The draft ('bank.add') lives in this tab's sessionStorage (src/lib/tab-storage.ts), like the
 * identity numbers of the KYC draft: an account number is a financial identifier, so it survives
 * the trip to the IFSC finder and a reload, but never the tab, and another tab never sees it.
 */
import * as v from 'valibot';
import { assign } from 'xstate';
import { IdempotencyKey } from '../../../contract/common';
import type { BankAddDraft, bankAddMachine } from '../../../machines/bank/bank-add.machine';
import { sanitize } from '../../../machines/bank/bank-add.rules';
import { bindCard } from '../../api/bank';
import { fromCall } from '../../lib/abortable';
import { draftStore, type DraftStore } from '../../lib/draft';
import { newKey } from '../../lib/idempotency';
import { tabStorage } from '../../lib/tab-storage';
import { bankText } from '../../../i18n/en/bank';
import { textFor } from '../../ui/text';
import { showToast } from '../../ui/toast';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';

/** A stored draft read back (sanitised as if typed); anything else counts as none. */
export function parseBankAddDraft(raw: unknown): BankAddDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { values, idempotencyKey } = raw as Partial<Record<keyof BankAddDraft, unknown>>;
  if (typeof values !== 'object' || values === null) return null;
  const text = (x: unknown) => (typeof x === 'string' ? x : '');
  const { ifsc, account, confirm } = values as Record<string, unknown>;
  return {
    values: { ifsc: sanitize('ifsc', text(ifsc)), account: sanitize('account', text(account)), confirm: sanitize('confirm', text(confirm)) },
    idempotencyKey: v.is(IdempotencyKey, idempotencyKey) ? idempotencyKey : null,
  };
}

/** Draft 'bank.add' (bw.draft.bank.add.<phone>), in this tab only. */
export const bankAddDraft = (): DraftStore<BankAddDraft> => draftStore('bank.add', parseBankAddDraft, { storage: tabStorage });

export function bankAddEffects(nav: Navigate): Effects<typeof bankAddMachine> {
  const draft = bankAddDraft();
  return {
    actors: {
      bind: fromCall(({ payload, idempotencyKey }, signal) => bindCard(payload, { signal, idempotencyKey })),
    },
    actions: {
      navigate: navigateWith(nav),
      persistDraft: (_, { draft: d }) => draft.write(d),
      clearDraft: () => draft.remove(),
      showToast: (_, { message }) => showToast(textFor(bankText).said(message)),
      newIdempotencyKey: assign({ idempotencyKey: newKey }),
    },
  };
}

/**
 * Route component for /auth/contacts?pid=&step=&as=: restores the draft, provides the contacts
 * machine's effects (the relation choices, the submit, the draft, the toast, the way back to the
 * hub) and renders the view. `ContactsFlow` takes its dependencies so tests render it with fakes.
 */
import { useActorRef } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { contactsMachine } from '../../../machines/contacts/contacts.machine';
import type { ContactPayloadLike, RelationChoice } from '../../../machines/contacts/contacts.rules';
import { paths } from '../../../machines/shared/paths';
import { getPageInfo, submitContacts } from '../../api/verification';
import { inspect } from '../../lib/inspect';
import { fromCall } from '../../lib/abortable';
import { draftStore, stringRecord, type DraftStore } from '../../lib/draft';
import { session } from '../../lib/session';
import { showToast } from '../../ui/toast';
import { withErrorColumns } from './AuthFormRejection';
import { ContactsView } from './ContactsView';
import { useStepQuery, type StepQuery } from './step';
import './form.css';

export interface ContactsDeps {
  /** The relation choices (GET /auth/v1/auth-page-info?type=contactInfo). */
  loadRelations: (signal: AbortSignal) => Promise<RelationChoice[]>;
  /** POST /auth/v1/contacts; rejects with withErrorColumns(error). */
  submit: (payload: ContactPayloadLike, signal: AbortSignal) => Promise<void>;
  leave: () => void;
  draft: DraftStore<Record<string, string>>;
  /** The signed-in borrower's phone (a contact cannot be the borrower). */
  ownPhone: string | null;
  toast?: (message: string) => void;
}

/** Draft 'auth.contacts' (bw.draft.auth.contacts.<phone>): the payload's nine keys. */
export const contactsDraft = (): DraftStore<Record<string, string>> => draftStore('auth.contacts', stringRecord);

export function ContactsFlow({ query, deps }: { query: StepQuery; deps: ContactsDeps }) {
  const [draft] = useState(() => deps.draft.read());
  const machine = useMemo(
    () =>
      contactsMachine.provide({
        actors: {
          // fromCall: StrictMode's first (aborted) call reports nothing to the restarted actor (src/lib/abortable.ts).
          loadRelations: fromCall((_, signal) => deps.loadRelations(signal)),
          submit: fromCall((input, signal) => deps.submit(input, signal)),
        },
        actions: {
          persistDraft: (_, { draft: d }) => deps.draft.write({ ...d }),
          clearDraft: () => deps.draft.remove(),
          leave: () => deps.leave(),
          showToast: (_, { message }) => (deps.toast ?? showToast)(message),
        },
      }),
    [deps],
  );
  const actor = useActorRef(machine, { input: { draft, ownPhone: deps.ownPhone }, inspect });
  return <ContactsView actor={actor} step={query.step} total={query.total} backTo={query.pid ? paths.product.href(query.pid) : '/'} />;
}

/** The contact-info field definition's relation choices: the first field with a dictionary. */
export async function loadRelations(signal: AbortSignal): Promise<RelationChoice[]> {
  const fields = await getPageInfo('contactInfo', { signal });
  const withChoices = fields.find((f) => f.dictionaryVoList.length > 0);
  return (withChoices?.dictionaryVoList ?? []).map((d) => ({ value: d.dictValue, label: d.dictLabel }));
}

export default function ContactsRoute() {
  const query = useStepQuery();
  const [, navigate] = useLocation();
  const deps = useMemo<ContactsDeps>(
    () => ({
      loadRelations,
      submit: async (payload, signal) => {
        try {
          await submitContacts(payload, { signal });
        } catch (error) {
          throw withErrorColumns(error);
        }
      },
      // Replace: Back from the next step does not return to a finished form.
      leave: () => navigate(paths.authHub.href(query.pid), { replace: true }),
      draft: contactsDraft(),
      ownPhone: normalizeOwn(session.phone()),
    }),
    [navigate, query.pid],
  );
  return <ContactsFlow query={query} deps={deps} />;
}

/** The stored phone as 10 local digits (it may be kept with its 91). */
function normalizeOwn(phone: string | null): string | null {
  const d = (phone ?? '').replace(/\D+/g, '');
  return d.length >= 10 ? d.slice(-10) : null;
}

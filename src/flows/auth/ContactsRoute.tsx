/**
 * Route component for /auth/contacts?pid=&step=&as=: the contacts machine with its effects
 * (contacts.effects.ts), the draft read when the page opens, the borrower's own phone, and the view.
 * `ContactsFlow` takes the provided machine and its inputs, so tests provide fakes the same way.
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { contactsMachine, type ContactsDraft } from '../../../machines/contacts/contacts.machine';
import { ownPhoneOf } from '../../../machines/contacts/contacts.rules';
import { paths } from '../../../machines/shared/paths';
import { inspect } from '../../lib/inspect';
import { session } from '../../lib/session';
import { contactsDraft, contactsEffects } from './contacts.effects';
import { ContactsView } from './ContactsView';
import { useStepQuery, type StepQuery } from './step';
import './form.css';
import { useProvided } from '../shared/effects';

export interface ContactsFlowProps {
  machine: typeof contactsMachine;
  query: StepQuery;
  /** What was typed before (a reload, an expired session), or null. */
  draft: ContactsDraft | null;
  /** The signed-in borrower's 10-digit phone (a contact cannot be the borrower). */
  ownPhone: string | null;
}

export function ContactsFlow({ machine, query, draft, ownPhone }: ContactsFlowProps) {
  const actor = useActorRef(machine, { input: { pid: query.pid, draft, ownPhone }, inspect });
  return <ContactsView actor={actor} step={query.step} total={query.total} backTo={query.pid ? paths.product.href(query.pid) : paths.home.href()} />;
}

export default function ContactsRoute() {
  const query = useStepQuery();
  const [, navigate] = useLocation();
  // Read once, when the page opens (a reload or a sign-in after an expired session reads it again).
  const [draft] = useState(() => contactsDraft().read());
  const machine = useProvided(contactsMachine, () => contactsEffects(navigate));
  return (
    <ContactsFlow machine={machine} query={query} draft={draft} ownPhone={ownPhoneOf(session.phone())} />
  );
}

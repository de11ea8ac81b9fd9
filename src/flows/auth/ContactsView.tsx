/**
 * The contacts screen: renders the contacts machine's state and sends the borrower's intents.
 * What a field keeps, what is wrong and what the messages say come from machines/contacts.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { contactsMachine } from '../../../machines/contacts/contacts.machine';
import { CONTACT_COUNT, CONTACT_NAME_MAX, contactFieldProblem, contactsSummary, firstShownProblem, type ContactPart, type ContactsSaid } from '../../../machines/contacts/contacts.rules';
import { PHONE_DIGITS, typesCountryCode } from '../../../machines/shared/phone';
import { contactsText } from '../../../i18n/en/contacts';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { Select } from '../../ui/Select';
import { LoadError, Loading } from '../../ui/Status';
import { StepHeader } from '../../ui/StepHeader';
import { TextField } from '../../ui/TextField';
import { useText, type Text } from '../../ui/text';
import { focusField } from '../shared/focus';

export type ContactsActor = ActorRefFrom<typeof contactsMachine>;

export interface ContactsViewProps {
  actor: ContactsActor;
  step: number | null;
  total: number | null;
  backTo: string;
}

/** What the machine said, in the borrower's language (null: nothing). */
const saidBy = (t: Text<typeof contactsText>, said: ContactsSaid | null): string | null => (said ? t.said(said) : null);

export const contactDomId = (index: number, part: ContactPart) => `contact-${index + 1}-${part}`;

export function ContactsView({ actor, step, total, backTo }: ContactsViewProps) {
  const t = useText(contactsText);
  // Loading, or done (saved before: the hub is replacing this page) shows the loader.
  const phase = useSelector(actor, (s) => (s.hasTag('form') ? 'form' : s.hasTag('loadFailed') ? 'failed' : 'loading'));
  const loadError = useSelector(actor, (s) => s.context.loadError);
  return (
    <Screen title={t('title')} backTo={backTo} className="auth-form contacts">
      <StepHeader step={step} total={total} />
      {phase === 'loading' && <Loading label={t('loading')} />}
      {phase === 'failed' && <LoadError message={loadError ? t.said(loadError) : t('loadFailed')} onRetry={() => actor.send({ type: 'relations.retried' })} />}
      {phase === 'form' && <ContactsForm actor={actor} />}
    </Screen>
  );
}

function ContactsForm({ actor }: { actor: ContactsActor }) {
  const t = useText(contactsText);
  const attention = useSelector(actor, (s) => s.context.attention);
  useEffect(() => {
    if (attention === 0) return;
    const first = firstShownProblem(actor.getSnapshot().context);
    if (first) focusField(document.getElementById(contactDomId(...first)));
  }, [attention, actor]);
  return (
    <form
      className="contacts-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'contacts.submitted' });
      }}
    >
      <p className="field-hint contacts-intro">{t('intro')}</p>
      {Array.from({ length: CONTACT_COUNT }, (_, i) => (
        <ContactCard key={i} actor={actor} index={i} />
      ))}
      <Actions actor={actor} />
    </form>
  );
}

function ContactCard({ actor, index }: { actor: ContactsActor; index: number }) {
  const t = useText(contactsText);
  const relations = useSelector(actor, (s) => s.context.relations);
  const relation = useSelector(actor, (s) => s.context.contacts[index]?.relation ?? '');
  const name = useSelector(actor, (s) => s.context.contacts[index]?.name ?? '');
  const mobile = useSelector(actor, (s) => s.context.contacts[index]?.mobile ?? '');
  const problem = {
    relation: useSelector(actor, (s) => saidBy(t, contactFieldProblem(s.context, index, 'relation'))),
    name: useSelector(actor, (s) => saidBy(t, contactFieldProblem(s.context, index, 'name'))),
    mobile: useSelector(actor, (s) => saidBy(t, contactFieldProblem(s.context, index, 'mobile'))),
  };
  const locked = useSelector(actor, (s) => s.hasTag('submitting'));
  const change = (part: ContactPart) => (value: string) => actor.send({ type: 'contact.changed', index, part, value });
  return (
    <fieldset className="contact-card">
      <legend>{t('contactN', { n: index + 1 })}</legend>
      <Select
        id={contactDomId(index, 'relation')}
        label={t('relationLabel')}
        value={relation}
        options={relations}
        placeholder={t('relationPlaceholder')}
        onValueChange={change('relation')}
        error={problem.relation}
        disabled={locked}
        required
      />
      <TextField
        id={contactDomId(index, 'name')}
        label={t('nameLabel')}
        value={name}
        onValueChange={change('name')}
        error={problem.name}
        hint={t('nameHint')}
        maxLength={CONTACT_NAME_MAX}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        autoComplete="off"
        readOnly={locked}
        aria-required
      />
      <TextField
        id={contactDomId(index, 'mobile')}
        label={t('mobileLabel')}
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        // The fixed +91 steps aside while the borrower types their own '+91…'.
        prefix={typesCountryCode(mobile) ? undefined : '+91'}
        placeholder={t('mobilePlaceholder', { digits: PHONE_DIGITS })}
        value={mobile}
        onValueChange={change('mobile')}
        error={problem.mobile}
        readOnly={locked}
        aria-required
      />
    </fieldset>
  );
}

function Actions({ actor }: { actor: ContactsActor }) {
  const t = useText(contactsText);
  const busy = useSelector(actor, (s) => s.hasTag('submitting'));
  const summary = useSelector(actor, (s) => saidBy(t, contactsSummary(s.context)));
  return (
    <div className="form-actions">
      <p className="form-error" role="alert">
        {summary ?? ''}
      </p>
      <Button type="submit" block busy={busy}>
        {t('submit')}
      </Button>
    </div>
  );
}

/**
 * The basic-info and work-info screens: render the dynamic-form machine's state and send the
 * borrower's intents. Which fields show, what a field keeps, what is missing and what the messages
 * say all come from machines/auth-form (the machine and its rules).
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { authFormMachine } from '../../../machines/auth-form/auth-form.machine';
import {
  districtsFor,
  fieldProblem,
  firstProblemField,
  isHidden,
  problemSummary,
  submitEnabled,
  toFillHint,
  type FormField,
  type FormSaid,
} from '../../../machines/auth-form/auth-form.rules';
import { authFormText } from '../../../i18n/en/authForm';
import type { Place } from '../../../contract/verification';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { Select } from '../../ui/Select';
import { LoadError, Loading } from '../../ui/Status';
import { StepHeader } from '../../ui/StepHeader';
import { TextField } from '../../ui/TextField';
import { useText, type Text } from '../../ui/text';
import { focusField } from '../shared/focus';

export type AuthFormActor = ActorRefFrom<typeof authFormMachine>;

export interface AuthFormViewProps {
  actor: AuthFormActor;
  title: string;
  step: number | null;
  total: number | null;
  backTo: string;
}

/** The DOM id of a field's control (focus goes there when it has a problem). */
export const fieldDomId = (name: string) => `auth-field-${name}`;

/** What the machine said, in the borrower's language (null: nothing). */
const saidBy = (t: Text<typeof authFormText>, said: FormSaid | null): string | null => (said ? t.said(said) : null);

const placeOptions = (places: readonly Place[] | null | undefined) => (places ?? []).map((p) => ({ value: p.id, label: p.name }));

export function AuthFormView({ actor, title, step, total, backTo }: AuthFormViewProps) {
  const t = useText(authFormText);
  // Done (saved now, or before this visit): the hub is replacing the page; a spinner meanwhile, no form.
  const phase = useSelector(actor, (s) => (s.status === 'done' ? 'done' : s.hasTag('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'form'));
  const loadError = useSelector(actor, (s) => s.context.loadError);
  return (
    <Screen title={title} backTo={backTo} className="auth-form">
      <StepHeader step={step} total={total} />
      {phase === 'loading' && <Loading label={t('loading')} />}
      {phase === 'failed' && <LoadError message={loadError ? t.said(loadError) : t('loadFailed')} onRetry={() => actor.send({ type: 'form.retried' })} />}
      {phase === 'form' && <Form actor={actor} />}
      {/* Saved: a spinner while the hub replaces the page, as the other steps show. */}
      {phase === 'done' && <Loading />}
    </Screen>
  );
}

function Form({ actor }: { actor: AuthFormActor }) {
  const fields = useSelector(actor, (s) => s.context.fields);
  const attention = useSelector(actor, (s) => s.context.attention);
  // The machine asks for attention (a tap found fields missing, the server flagged some): focus the first.
  useEffect(() => {
    if (attention === 0) return;
    const name = firstProblemField(actor.getSnapshot().context);
    if (name) focusField(document.getElementById(fieldDomId(name)));
  }, [attention, actor]);
  return (
    <form
      className="auth-form-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.submitted' });
      }}
    >
      {fields.map((f) => (
        <Field key={f.name} actor={actor} field={f} />
      ))}
      <Actions actor={actor} />
    </form>
  );
}

function Field({ actor, field }: { actor: AuthFormActor; field: FormField }) {
  const t = useText(authFormText);
  const hidden = useSelector(actor, (s) => isHidden(field, s.context.values));
  const value = useSelector(actor, (s) => s.context.values[field.name] ?? '');
  const problem = useSelector(actor, (s) => saidBy(t, fieldProblem(s.context, field)));
  const locked = useSelector(actor, (s) => s.hasTag('submitting'));
  if (hidden) return null;
  const change = (v: string) => actor.send({ type: 'field.changed', name: field.name, value: v });
  const common = { id: fieldDomId(field.name), label: field.title, value, onValueChange: change, error: problem, name: field.name };
  switch (field.kind) {
    case 'text':
      return (
        <TextField
          {...common}
          placeholder={field.hint || undefined}
          {...(field.email
            ? { type: 'email', inputMode: 'email', autoComplete: 'email', autoCapitalize: 'none', spellCheck: false }
            : { inputMode: field.numeric ? 'numeric' : undefined })}
          maxLength={field.maxLength ?? undefined}
          readOnly={locked}
          aria-required={field.required || undefined}
        />
      );
    case 'select':
    case 'day':
      return <Select {...common} options={field.options} placeholder={field.hint || t('select')} disabled={locked} required={field.required} />;
    case 'state':
      return <StateSelect actor={actor} common={common} field={field} locked={locked} />;
    case 'district':
      return <DistrictSelect actor={actor} common={common} field={field} locked={locked} />;
  }
}

interface SelectCommon {
  id: string;
  label: string;
  value: string;
  name: string;
  error: string | null;
  onValueChange: (value: string) => void;
}

function StateSelect({ actor, common, field, locked }: { actor: AuthFormActor; common: SelectCommon; field: FormField; locked: boolean }) {
  const t = useText(authFormText);
  const states = useSelector(actor, (s) => s.context.states);
  return <Select {...common} options={placeOptions(states)} placeholder={field.hint || t('selectState')} disabled={locked} required={field.required} />;
}

function DistrictSelect({ actor, common, field, locked }: { actor: AuthFormActor; common: SelectCommon; field: FormField; locked: boolean }) {
  const t = useText(authFormText);
  const districts = useSelector(actor, (s) => districtsFor(field, s.context));
  const loading = useSelector(actor, (s) => s.hasTag('districtsLoading') && districtsFor(field, s.context) === undefined);
  const failed = useSelector(actor, (s) => s.hasTag('districtsFailed') && districtsFor(field, s.context) === undefined);
  const noState = districts === null;
  return (
    <Select
      {...common}
      // A restored district waits for its list; until then nothing is shown as chosen.
      value={districts ? common.value : ''}
      options={placeOptions(districts)}
      placeholder={loading ? t('loadingDistricts') : field.hint || t('selectDistrict')}
      disabled={locked || noState || loading || failed}
      required={field.required}
      aria-busy={loading || undefined}
      hint={noState ? t('chooseStateFirst') : failed ? t('districtsFailed') : undefined}
      suffix={
        failed ? (
          <Button variant="link" onClick={() => actor.send({ type: 'districts.retried' })}>
            {t('tryAgain')}
          </Button>
        ) : undefined
      }
    />
  );
}

function Actions({ actor }: { actor: AuthFormActor }) {
  const t = useText(authFormText);
  const kind = useSelector(actor, (s) => s.context.kind);
  const enabled = useSelector(actor, (s) => submitEnabled(s.context.kind, s.context));
  const busy = useSelector(actor, (s) => s.hasTag('submitting'));
  const summary = useSelector(actor, (s) => saidBy(t, problemSummary(s.context)));
  const toFill = useSelector(actor, (s) => t.said(toFillHint(s.context)));
  return (
    <div className="form-actions">
      <p className="form-error" role="alert">
        {summary ?? ''}
      </p>
      <Button type="submit" block busy={busy} disabled={!enabled} aria-describedby={kind === 'basic' && !enabled ? 'auth-form-fill-all' : undefined}>
        {t('submit')}
      </Button>
      {kind === 'basic' && !enabled && (
        <p className="field-hint form-actions-hint" id="auth-form-fill-all">
          {toFill}
        </p>
      )}
    </div>
  );
}

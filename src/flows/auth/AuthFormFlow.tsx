/**
 * The dynamic-form machine with its effects (auth-form.effects.ts) and the view, shared by
 * /auth/basic and /auth/work (BasicRoute.tsx, WorkRoute.tsx). `AuthFormFlow` takes the provided
 * machine and the draft read when the page opened, so tests provide fakes the same way.
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { authFormMachine, type AuthFormDraft } from '../../../machines/auth-form/auth-form.machine';
import { FORM_TITLES, type FormKind } from '../../../machines/auth-form/auth-form.rules';
import { paths } from '../../../machines/shared/paths';
import { authFormText } from '../../../i18n/en/authForm';
import { inspect } from '../../lib/inspect';
import { useText } from '../../ui/text';
import { authFormEffects, formDraft } from './auth-form.effects';
import { AuthFormView } from './AuthFormView';
import { useStepQuery, type StepQuery } from './step';
import './form.css';
import { useProvided } from '../shared/effects';

export interface AuthFormFlowProps {
  machine: typeof authFormMachine;
  kind: FormKind;
  query: StepQuery;
  /** What was typed before (a reload, an expired session), or null. */
  draft: AuthFormDraft | null;
}

export function AuthFormFlow({ machine, kind, query, draft }: AuthFormFlowProps) {
  const t = useText(authFormText);
  const actor = useActorRef(machine, { input: { kind, pid: query.pid, draft }, inspect });
  return (
    <AuthFormView
      actor={actor}
      title={t(FORM_TITLES[kind])}
      step={query.step}
      total={query.total}
      backTo={query.pid ? paths.product.href(query.pid) : paths.home.href()}
    />
  );
}

/** The route component of `kind`. */
export function AuthFormRoute({ kind }: { kind: FormKind }) {
  const query = useStepQuery();
  const [, navigate] = useLocation();
  // Read once, when the page opens (a reload or a sign-in after an expired session reads it again).
  const [draft] = useState(() => formDraft(kind).read());
  const machine = useProvided(authFormMachine, () => authFormEffects(kind, navigate));
  return <AuthFormFlow machine={machine} kind={kind} query={query} draft={draft} />;
}

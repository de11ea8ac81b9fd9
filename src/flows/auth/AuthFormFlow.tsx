/**
 * The edge of the dynamic-form machine, shared by /auth/basic and /auth/work (BasicRoute.tsx,
 * WorkRoute.tsx): restores the draft, provides the calls, the draft, the toast and the way back to
 * the hub, and renders the view. `AuthFormFlow` takes its dependencies so tests render it with
 * fakes; `authFormDeps(kind, …)` wires the real ones.
 */
import { useActorRef } from '@xstate/react';
import { useMemo, useState } from 'react';
import { authFormMachine } from '../../../machines/auth-form/auth-form.machine';
import type { FormDefinition, FormKind, PlaceLike, Values } from '../../../machines/auth-form/auth-form.rules';
import { paths } from '../../../machines/shared/paths';
import { getDistricts, getPageInfo, getStates, getWorkPageInfo, submitBaseInfo, submitWorkInfo } from '../../api/verification';
import { inspect } from '../../lib/inspect';
import { fromCall } from '../../lib/abortable';
import { draftStore, stringRecord, type DraftStore } from '../../lib/draft';
import { showToast } from '../../ui/toast';
import { withErrorColumns } from './AuthFormRejection';
import { AuthFormView } from './AuthFormView';
import type { StepQuery } from './step';
import './form.css';

export interface AuthFormDeps {
  /** The field definition; basic info comes as { cannotHidden: fields, canHidden: [] }. */
  loadDefinition: (signal: AbortSignal) => Promise<FormDefinition>;
  loadStates: (signal: AbortSignal) => Promise<PlaceLike[]>;
  loadDistricts: (stateId: string, signal: AbortSignal) => Promise<PlaceLike[]>;
  /** Rejects with withErrorColumns(error) so the machine can list data.errorColumn. */
  submit: (values: Record<string, string>, signal: AbortSignal) => Promise<void>;
  /** Back to the verification hub. */
  leave: () => void;
  draft: DraftStore<Record<string, string>>;
  /** Defaults to the app's toast. */
  toast?: (message: string) => void;
}

export const FORM_TITLES: Record<FormKind, string> = { basic: 'Basic information', work: 'Work information' };

/** Drafts: 'auth.basic' and 'auth.work' (bw.draft.auth.<kind>.<phone>). */
export const formDraft = (kind: FormKind): DraftStore<Record<string, string>> => draftStore(`auth.${kind}`, stringRecord);

export function AuthFormFlow({ kind, query, deps }: { kind: FormKind; query: StepQuery; deps: AuthFormDeps }) {
  // Read once, when the page opens (a reload or a sign-in after an expired session reads it again).
  const [draft] = useState<Values | null>(() => deps.draft.read());
  const machine = useMemo(
    () =>
      authFormMachine.provide({
        actors: {
          // fromCall: StrictMode's first (aborted) call reports nothing to the restarted actor (src/lib/abortable.ts).
          loadDefinition: fromCall((_, signal) => deps.loadDefinition(signal)),
          loadStates: fromCall((_, signal) => deps.loadStates(signal)),
          loadDistricts: fromCall((input, signal) => deps.loadDistricts(input.stateId, signal)),
          submit: fromCall((input, signal) => deps.submit(input.values, signal)),
        },
        actions: {
          persistDraft: (_, { values }) => deps.draft.write({ ...values }),
          clearDraft: () => deps.draft.remove(),
          leave: () => deps.leave(),
          showToast: (_, { message }) => (deps.toast ?? showToast)(message),
        },
      }),
    [deps],
  );
  const actor = useActorRef(machine, { input: { kind, draft }, inspect });
  return <AuthFormView actor={actor} title={FORM_TITLES[kind]} step={query.step} total={query.total} backTo={query.pid ? paths.product.href(query.pid) : '/'} />;
}

/** The real calls of `kind`; `navigate` replaces the step with the hub when it is done. */
export function authFormDeps(kind: FormKind, pid: string, navigate: (to: string, options?: { replace?: boolean }) => void): AuthFormDeps {
  return {
    loadDefinition:
      kind === 'basic'
        ? async (signal) => ({ cannotHidden: await getPageInfo('baseInfo', { signal }), canHidden: [] })
        : (signal) => getWorkPageInfo({ signal }),
    loadStates: (signal) => getStates({ signal }),
    loadDistricts: (stateId, signal) => getDistricts(stateId, { signal }),
    submit: async (values, signal) => {
      try {
        await (kind === 'basic' ? submitBaseInfo : submitWorkInfo)(values, { signal });
      } catch (error) {
        throw withErrorColumns(error);
      }
    },
    // Replace: Back from the next step does not return to a finished form.
    leave: () => navigate(paths.authHub.href(pid), { replace: true }),
    draft: formDraft(kind),
  };
}

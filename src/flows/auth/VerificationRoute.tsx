/**
 * Route component for /auth/index?pid=: provides the router machine's effects (the status call and
 * the navigation, which replaces the hub in history) and renders the view.
 * `VerificationFlow` takes its dependencies, so tests render it with fakes.
 */
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { verificationMachine } from '../../../machines/verification/verification.machine';
import type { VerificationStatusLike } from '../../../machines/verification/verification.rules';
import { getVerificationStatus } from '../../api/verification';
import { inspect } from '../../app/inspect';
import { fromCall } from '../../lib/abortable';
import { useStepQuery } from './step';
import { VerificationView } from './VerificationView';

export interface VerificationDeps {
  /** GET /auth/v1/find-user-auth */
  loadStatus: (signal: AbortSignal) => Promise<VerificationStatusLike>;
  /** Navigate, replacing the current history entry. */
  replace: (to: string) => void;
  /** Unknown step keys the router skipped (defaults to a console warning for the developers). */
  reportUnknownSteps?: (keys: string[]) => void;
}

const warnUnknown = (keys: string[]) => {
  if (keys.length) console.warn(`Verification router: skipped unknown step keys ${keys.join(', ')}`);
};

export function VerificationFlow({ pid, deps }: { pid: string; deps: VerificationDeps }) {
  const machine = useMemo(
    () =>
      verificationMachine.provide({
        actors: { loadStatus: fromCall((_, signal) => deps.loadStatus(signal)) },
        actions: {
          replaceRoute: (_, { to }) => deps.replace(to),
          reportUnknownSteps: (_, { keys }) => (deps.reportUnknownSteps ?? warnUnknown)(keys),
        },
      }),
    [deps],
  );
  const actor = useActorRef(machine, { input: { pid }, inspect });
  return <VerificationView actor={actor} />;
}

export default function VerificationRoute() {
  const { pid } = useStepQuery();
  const [, navigate] = useLocation();
  const deps = useMemo<VerificationDeps>(
    () => ({
      loadStatus: (signal) => getVerificationStatus({ signal }),
      replace: (to) => navigate(to, { replace: true }),
    }),
    [navigate],
  );
  // A new pid is a new routing: key the flow by it.
  return <VerificationFlow key={pid} pid={pid} deps={deps} />;
}

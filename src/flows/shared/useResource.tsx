/**
 * The edge of the generic resource machine (machines/resource): the one place its `load` actor is
 * provided, from the screen's call. Then loading, failure (with retry) or the data.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import type { Said } from '../../../i18n/core';
import { commonText, type CommonKey } from '../../../i18n/en/common';
import type { ResourceData, ResourceMachine } from '../../../machines/resource/resource.machine';
import { fromCall } from '../../lib/abortable';
import { inspect } from '../../lib/inspect';
import { LoadError, Loading } from '../../ui/Status';
import { useText } from '../../ui/text';

type Load<T> = (signal: AbortSignal) => Promise<T>;
/** The call that loads resource machine M's data, given the actor's abort signal. */
export type ResourceLoad<M> = Load<ResourceData<M>>;

/** Runs `machine` (resourceMachineFor<T>()) with `load` as its actor; T comes from the machine. */
export function useResource<T>(machine: ResourceMachine<T>, load: Load<NoInfer<T>>) {
  // The loader of the first render is used for the actor's lifetime (screens remount per path).
  const [provided] = useState(() => machine.provide({ actors: { load: fromCall((_, signal) => load(signal)) } }));
  const actor = useActorRef(provided, { inspect });
  const data = useSelector(actor, (s) => s.context.data);
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
  return { data, error, retry: () => actor.send({ type: 'resource.retried' }) };
}

export function ResourceView<T>({
  resource,
  loadingLabel,
  children,
}: {
  resource: ReturnType<typeof useResource<T>>;
  loadingLabel?: string;
  children: (data: T) => ReactNode;
}) {
  const t = useText(commonText);
  // The error: the server's text, or the common 'somethingWrong'.
  const error: Said<CommonKey> | null = resource.error;
  // The screen around keeps its header; the failure offers a retry and a way home (offline, it may stay failed).
  if (error !== null) return <LoadError message={t.said(error)} onRetry={resource.retry} homeLink />;
  if (resource.data === null) return <Loading label={loadingLabel} />;
  return <>{children(resource.data)}</>;
}

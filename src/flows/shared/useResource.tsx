/** Loads one resource through the resource machine and renders loading, failure (with retry) or the data. */
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import type { ResourceMachine } from '../../../machines/resource/resource.machine';
import { fromCall } from '../../lib/abortable';
import { LoadError, Loading } from '../../ui/Status';
import { inspect } from '../../lib/inspect';

export function useResource<T>(machine: ResourceMachine<T>, load: (signal: AbortSignal) => Promise<T>) {
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
  resource: { data: T | null; error: string | null; retry: () => void };
  loadingLabel?: string;
  children: (data: T) => ReactNode;
}) {
  if (resource.error !== null) return <LoadError message={resource.error} onRetry={resource.retry} />;
  if (resource.data === null) return <Loading label={loadingLabel} />;
  return <>{children(resource.data)}</>;
}

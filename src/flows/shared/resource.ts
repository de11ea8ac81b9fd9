/**
 * The edge of the generic resource machine (machines/resource): the one place its `load` actor is
 * provided, from the screen's call. No markup here (ResourceView, in useResource.tsx, draws it), so
 * a lazy piece of a screen can run the machine without pulling the view's chunk in with it.
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { ResourceData, ResourceMachine } from '../../../machines/resource/resource.machine';
import { fromCall } from '../../lib/abortable';
import { inspect } from '../../lib/inspect';
import { useProvided } from './effects';

type Load<T> = (signal: AbortSignal) => Promise<T>;
/** The call that loads resource machine M's data, given the actor's abort signal. */
export type ResourceLoad<M> = Load<ResourceData<M>>;

/** Runs `machine` (resourceMachineFor<T>()) with `load` as its actor; T comes from the machine. */
export function useResource<T>(machine: ResourceMachine<T>, load: Load<NoInfer<T>>) {
  // The loader of the first render is used for the actor's lifetime (screens remount per path).
  const provided = useProvided(machine, () => ({ actors: { load: fromCall((_, signal) => load(signal)) } }));
  const actor = useActorRef(provided, { inspect });
  const data = useSelector(actor, (s) => s.context.data);
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
  return { data, error, retry: () => actor.send({ type: 'resource.retried' }) };
}

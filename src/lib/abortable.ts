import { fromPromise } from 'xstate';

/**
 * The outcome of a call made for an actor, dropped once the call's signal has aborted.
 *
 * Why: in development React StrictMode mounts, unmounts and remounts every component. @xstate/react
 * stops the actor (aborting its invoked calls' signals), restores its snapshot and starts it again,
 * which starts the invoked call a second time. The FIRST call then rejects with an abort error, and
 * xstate relays that rejection to the restored actor (whose child is 'active' again): the screen
 * showed 'The request was cancelled.' although the second call was fine. A call whose signal
 * aborted has nobody left to report to, so its promise simply never settles.
 *
 *     fromPromise(({ signal }) => unlessAborted(signal, getVerificationStatus({ signal })))
 */
export function unlessAborted<T>(signal: AbortSignal, promise: Promise<T>): Promise<T> {
  const never = () => new Promise<T>(() => {});
  return promise.then(
    (value) => (signal.aborted ? never() : value),
    (error: unknown) => (signal.aborted ? never() : Promise.reject(error)),
  );
}

/**
 * The actor every route provides for a call: a promise actor that passes its `signal` to the call
 * and reports nothing once that signal has aborted (see unlessAborted). One mechanism for all calls:
 *
 *     machine.provide({ actors: { loadStatus: fromCall((_, signal) => getVerificationStatus({ signal })) } })
 */
export function fromCall<TOutput, TInput = unknown>(call: (input: TInput, signal: AbortSignal) => Promise<TOutput>) {
  return fromPromise<TOutput, TInput>(({ input, signal }) => unlessAborted(signal, call(input, signal)));
}

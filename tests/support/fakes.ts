/** Fakes for the calls a machine's actors make: deferred promises the test settles when the path says so. */
import { fromCall } from '../../src/lib/abortable';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
  readonly settled: boolean;
}

/** A promise the test settles: give it to a fake actor, resolve or reject it when the path says so. */
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  let settled = false;
  const promise = new Promise<T>((res, rej) => {
    resolve = (v) => {
      settled = true;
      res(v);
    };
    reject = (e) => {
      settled = true;
      rej(e);
    };
  });
  return {
    promise,
    resolve,
    reject,
    get settled() {
      return settled;
    },
  };
}

/**
 * The calls of a fake actor, one deferred each. Like the real client, a call whose signal aborts
 * rejects (StrictMode aborts the first call of every mount: the screen must not show it).
 * - `actor`: the promise actor to provide (`machine.provide({ actors: { submit: calls.actor } })`),
 *   made with the app's own `fromCall`, so an aborted call reports nothing, as in the app;
 * - `fn(signal)` / `call(input, signal)`: the call itself, for code that takes a function;
 * - `all()`: every call started, aborted ones included (a new pick aborts the upload in flight);
 * - `live()`: the calls whose signal did not abort, with their inputs; `pending()`: the newest
 *   unsettled live call's deferred, to resolve or reject when the path says so.
 */
export function fakeCalls<T, I = unknown>() {
  const calls: { d: Deferred<T>; signal: AbortSignal; input: I }[] = [];
  const call = (input: I, signal: AbortSignal) => {
    const d = deferred<T>();
    calls.push({ d, signal, input });
    signal.addEventListener('abort', () => d.reject(new DOMException('The request was cancelled.', 'AbortError')), { once: true });
    return d.promise;
  };
  const fn = (signal: AbortSignal) => call(undefined as I, signal);
  const actor = fromCall<T, I>((input, signal) => call(input, signal));
  const live = () => calls.filter((c) => !c.signal.aborted);
  const pending = () => {
    const c = live().filter((x) => !x.d.settled).at(-1);
    if (!c) throw new Error('no request in flight to settle');
    return c.d;
  };
  const all = () => [...calls];
  return { fn, call, actor, all, live, pending };
}

/** fromCall: the actor every route provides for a call (src/lib/abortable.ts). */
import { describe, expect, it } from 'vitest';
import { createActor, setup, toPromise } from 'xstate';
import { fromCall, unlessAborted } from '../../src/lib/abortable';

describe('unlessAborted and fromCall', () => {
  it('passes an outcome through while the signal is live', async () => {
    const live = new AbortController().signal;
    await expect(unlessAborted(live, Promise.resolve(7))).resolves.toBe(7);
    await expect(unlessAborted(live, Promise.reject(new Error('msg')))).rejects.toThrow('msg');
  });

  it('drops the outcome (never settles) once the signal has aborted', async () => {
    const c = new AbortController();
    let settled = false;
    void unlessAborted(c.signal, Promise.reject(new Error('The request was cancelled.'))).finally(() => (settled = true));
    c.abort();
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
  });

  it('gives the call its input and the actor signal, and aborts it when the actor stops', async () => {
    const seen: { input: unknown; signal: AbortSignal | null } = { input: null, signal: null };
    const logic = fromCall((input: { id: string }, signal) => {
      seen.input = input;
      seen.signal = signal;
      return new Promise<string>(() => {});
    });
    const actor = createActor(logic, { input: { id: '9' } }).start();
    expect(seen.input).toEqual({ id: '9' });
    expect(seen.signal?.aborted).toBe(false);
    actor.stop();
    expect(seen.signal?.aborted).toBe(true);
  });

  it('is what machines get: the output of the call', async () => {
    const machine = setup({ actors: { load: fromCall((_: unknown, _signal) => Promise.resolve('ok')) } }).createMachine({
      initial: 'loading',
      states: { loading: { invoke: { src: 'load', onDone: 'done' } }, done: { type: 'final' } },
    });
    await expect(toPromise(createActor(machine).start())).resolves.toBeUndefined();
  });
});

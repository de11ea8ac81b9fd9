/** src/lib/inspect.ts: ?inspect detection, and events buffered until the inspector has loaded. */
import { describe, expect, it, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { createDeferredInspector, inspect, wantsInspector } from '../../src/lib/inspect';
import { deferred } from '../support/fakes';

const event = (n: number) => ({ type: '@xstate.event', n }) as unknown as InspectionEvent;

describe('inspect', () => {
  it('without ?inspect, is the analytics observer of key actions alone (src/lib/analytics.ts)', () => {
    expect(inspect).toBeTypeOf('function');
    expect(() => inspect(event(1))).not.toThrow();
  });

  it('reads ?inspect and &inspect only', () => {
    expect(wantsInspector('?inspect')).toBe(true);
    expect(wantsInspector('?pid=3&inspect=1')).toBe(true);
    expect(wantsInspector('pid=3&inspect')).toBe(true);
    expect(wantsInspector('?inspector=1')).toBe(false);
    expect(wantsInspector('')).toBe(false);
  });

  it('buffers events until the inspector loads, then forwards them in order', async () => {
    const loaded = deferred<{ next: (e: InspectionEvent) => void }>();
    const seen: unknown[] = [];
    const observer = createDeferredInspector(() => loaded.promise);
    observer(event(1));
    observer(event(2));
    expect(seen).toEqual([]);
    loaded.resolve({ next: (e) => seen.push((e as unknown as { n: number }).n) });
    await loaded.promise;
    await Promise.resolve();
    observer(event(3));
    expect(seen).toEqual([1, 2, 3]);
  });

  it('drops the buffer and reports when the inspector cannot load', async () => {
    const onError = vi.fn();
    const failed = deferred<never>();
    const observer = createDeferredInspector(() => failed.promise, onError);
    observer(event(1));
    failed.reject(new Error('offline'));
    await failed.promise.catch(() => {});
    await Promise.resolve();
    expect(onError).toHaveBeenCalledWith(new Error('offline'));
    expect(() => observer(event(2))).not.toThrow();
  });
});

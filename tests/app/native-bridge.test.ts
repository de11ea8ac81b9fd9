/**
 * The native bridge (src/lib/native-bridge.ts) against fake shells: an iOS WKWebView message handler
 * and an Android JavaScript interface answering through window.borrowerBridgeReceive; refusals,
 * timeouts, no shell, a shell that appears late, answers as JSON text, stray answers, cancellation.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE, BridgeError, createBridge, type BridgeRequest, type BridgeResponse, type BridgeWindow } from '../../src/lib/native-bridge';

const DEVICE = { sign: 'abc', deviceId: 'd-1', version: '1.4.0', idfv: 'V', idfa: 'A', systemVersion: '17.5', model: 'iPhone15,2' };

type Answer = (request: BridgeRequest) => BridgeResponse | string | null;

function fakeWindow(): BridgeWindow {
  return { setTimeout: ((fn: () => void, ms?: number) => setTimeout(fn, ms)) as typeof setTimeout, clearTimeout: ((id: number) => clearTimeout(id)) as typeof clearTimeout };
}
const receiver = (win: BridgeWindow) => win[BRIDGE.receiver] as (r: unknown) => void;

/** An iOS shell: the message is an object; answers after 10 ms (null: never). */
function installIos(win: BridgeWindow, answer: Answer) {
  const received: unknown[] = [];
  win.webkit = {
    messageHandlers: {
      [BRIDGE.iosHandler]: {
        postMessage(message: unknown) {
          received.push(message);
          const response = answer(message as BridgeRequest);
          if (response !== null) setTimeout(() => receiver(win)(response), 10);
        },
      },
    },
  };
  return received;
}

/** An Android shell: the message is a JSON string. */
function installAndroid(win: BridgeWindow, answer: Answer) {
  const received: unknown[] = [];
  win[BRIDGE.androidInterface] = {
    postMessage(json: string) {
      received.push(json);
      const response = answer(JSON.parse(json) as BridgeRequest);
      if (response !== null) setTimeout(() => receiver(win)(response), 10);
    },
  };
  return received;
}

const okWith = (data: unknown): Answer => (r) => ({ id: r.id, ok: true, data });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function settle<T>(promise: Promise<T>, ms = 10_000): Promise<{ value?: T; error?: unknown }> {
  const out: { value?: T; error?: unknown } = {};
  const done = promise.then(
    (value) => void (out.value = value),
    (error: unknown) => void (out.error = error),
  );
  await vi.advanceTimersByTimeAsync(ms);
  await done;
  return out;
}

describe.each([
  ['iOS', installIos],
  ['Android', installAndroid],
] as const)('%s shell', (_, install) => {
  it('asks for the device info with {id, method, params} and parses the answer (extra fields kept)', async () => {
    const win = fakeWindow();
    const received = install(win, okWith({ ...DEVICE, sdkVersion: '17', brand: 'Apple' }));
    const bridge = createBridge(win);
    expect(bridge.available()).toBe(true);
    const { value } = await settle(bridge.deviceInfo());
    expect(value).toMatchObject({ ...DEVICE, sdkVersion: '17', brand: 'Apple' });
    const message = (typeof received[0] === 'string' ? JSON.parse(received[0]) : received[0]) as BridgeRequest;
    expect(message).toEqual({ id: expect.any(String), method: 'deviceInfo', params: {} });
    if (install === installAndroid) expect(typeof received[0]).toBe('string');
    else expect(typeof received[0]).toBe('object');
  });

  it('sends openStoreReview, closeWebview and finish, each with its own id, and resolves on ok', async () => {
    const win = fakeWindow();
    const received = install(win, okWith(null));
    const bridge = createBridge(win);
    await settle(Promise.all([bridge.openStoreReview(), bridge.closeWebview(), bridge.finish()]));
    const messages = received.map((m) => (typeof m === 'string' ? JSON.parse(m) : m) as BridgeRequest);
    expect(messages.map((m) => m.method)).toEqual(['openStoreReview', 'closeWebview', 'finish']);
    expect(new Set(messages.map((m) => m.id)).size).toBe(3);
  });

  it("rejects with kind 'refused' and the shell's message when it answers ok: false", async () => {
    const win = fakeWindow();
    install(win, (r) => ({ id: r.id, ok: false, error: { message: 'The user said no.' } }));
    const { error } = await settle(createBridge(win).deviceInfo());
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ kind: 'refused', message: 'The user said no.' });
  });

  it("rejects with kind 'timeout' when no answer comes within 3 s, and ignores a late one", async () => {
    const win = fakeWindow();
    install(win, () => null);
    const bridge = createBridge(win);
    const call = bridge.deviceInfo();
    let outcome: unknown = 'pending';
    call.catch((e: unknown) => (outcome = e));
    await vi.advanceTimersByTimeAsync(BRIDGE.timeoutMs - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(BridgeError);
    expect(outcome).toMatchObject({ kind: 'timeout', message: 'The app did not answer in time. Please try again.' });
    expect(() => receiver(win)({ id: 'x-1', ok: true, data: DEVICE })).not.toThrow();
  });
});

describe('no shell', () => {
  it("waits up to 1 s for one, then rejects with kind 'no-shell' and a clear message", async () => {
    const win = fakeWindow();
    const bridge = createBridge(win);
    expect(bridge.available()).toBe(false);
    const call = bridge.deviceInfo();
    let outcome: unknown = 'pending';
    call.catch((e: unknown) => (outcome = e));
    await vi.advanceTimersByTimeAsync(BRIDGE.appearMs - BRIDGE.pollMs);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(BRIDGE.pollMs * 2);
    expect(outcome).toBeInstanceOf(BridgeError);
    expect(outcome).toMatchObject({ kind: 'no-shell', message: 'This page only works inside the app.' });
  });

  it('uses a shell that appears within the wait (injected after the page started)', async () => {
    const win = fakeWindow();
    const bridge = createBridge(win);
    const call = settle(bridge.deviceInfo());
    await vi.advanceTimersByTimeAsync(400);
    installIos(win, okWith(DEVICE));
    expect((await call).value).toMatchObject(DEVICE);
  });

  it('without a window at all (server rendering, tests) says no-shell at once', async () => {
    const { error } = await settle(createBridge(undefined).finish(), 0);
    expect(error).toMatchObject({ kind: 'no-shell' });
    expect(createBridge(undefined).available()).toBe(false);
  });
});

describe('answers', () => {
  it('accepts an answer given as JSON text, and ignores answers that are not its own', async () => {
    const win = fakeWindow();
    installAndroid(win, (r) => JSON.stringify({ id: r.id, ok: true, data: DEVICE }));
    const bridge = createBridge(win);
    const call = settle(bridge.deviceInfo());
    await vi.advanceTimersByTimeAsync(1);
    for (const stray of [null, 'not json', 42, { id: 'other', ok: true }, { ok: true }, { id: 'x' }]) expect(() => receiver(win)(stray)).not.toThrow();
    expect((await call).value).toMatchObject(DEVICE);
  });

  it("refuses device info it cannot read (kind 'refused')", async () => {
    const win = fakeWindow();
    installIos(win, okWith('not an object'));
    expect((await settle(createBridge(win).deviceInfo())).error).toMatchObject({ kind: 'refused' });
  });

  it('missing device fields read as empty text (an unsigned shell sends no sign)', async () => {
    const win = fakeWindow();
    installIos(win, okWith({ deviceId: 'd-2', model: null }));
    expect((await settle(createBridge(win).deviceInfo())).value).toMatchObject({ sign: '', deviceId: 'd-2', model: '', version: '' });
  });

  it('prefers the iOS handler when both are present', async () => {
    const win = fakeWindow();
    const ios = installIos(win, okWith(null));
    const android = installAndroid(win, okWith(null));
    await settle(createBridge(win).closeWebview());
    expect([ios.length, android.length]).toEqual([1, 0]);
  });

  it('a cancelled call rejects with an AbortError and its late answer is dropped', async () => {
    const win = fakeWindow();
    installIos(win, okWith(DEVICE));
    const controller = new AbortController();
    const call = createBridge(win).deviceInfo({ signal: controller.signal });
    controller.abort();
    const { error } = await settle(call);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('a shell that throws while posting counts as no shell', async () => {
    const win = fakeWindow();
    win.webkit = { messageHandlers: { [BRIDGE.iosHandler]: { postMessage: () => { throw new Error('gone'); } } } };
    expect((await settle(createBridge(win).finish())).error).toMatchObject({ kind: 'no-shell' });
  });
});

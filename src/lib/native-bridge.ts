/**
 * The one module that talks to the native app embedding this web app (spec §2 /joint, §3 'Native
 * device info', §4 'Native bridge login'; the rating pages' store review, close and finish): a request
 * `{ id, method, params }` posted to the shell's handler, answered through `window.borrowerBridgeReceive`.
 * Pure browser code: `createBridge(win)` takes the window, so tests pass fakes.
 * The interface for the native team: docs/native-bridge.md.
 */
import { textOf } from '../../i18n/core';
import { networkText, type NetworkKey } from '../../i18n/en/network';
import { language } from './language';
import * as v from 'valibot';
import { DeviceInfo } from '../../contract/device';

export const BRIDGE = {
  /** iOS: the WKScriptMessageHandler's name (`window.webkit.messageHandlers.<name>`). */
  iosHandler: 'borrowerBridge',
  /** Android: the JavaScript interface's name (`addJavascriptInterface(obj, name)`). */
  androidInterface: 'BorrowerBridge',
  /** The global function the shell calls with each answer. */
  receiver: 'borrowerBridgeReceive',
  /** How long a request waits for its answer. */
  timeoutMs: 3_000,
  /** How long a call waits for the shell's object to appear before saying there is no shell. */
  appearMs: 1_000,
  /** How often it looks while waiting. */
  pollMs: 50,
} as const;

export type BridgeMethod = 'deviceInfo' | 'openStoreReview' | 'closeWebview' | 'finish';
export interface BridgeRequest {
  /** Unique per page load; the answer carries it back. */
  id: string;
  method: BridgeMethod;
  params: Record<string, unknown>;
}
export type BridgeResponse = { id: string; ok: true; data?: unknown } | { id: string; ok: false; error?: { message?: string; code?: string } };

export type BridgeErrorKind = 'no-shell' | 'timeout' | 'refused';

const BRIDGE_KEYS = { 'no-shell': 'noShell', timeout: 'shellTimeout', refused: 'shellRefused' } as const satisfies Record<BridgeErrorKind, NetworkKey>;

/** The bridge's own messages, in English (i18n/en/network.ts). */
export const BRIDGE_MESSAGES: Record<BridgeErrorKind, string> = {
  'no-shell': networkText.en.noShell,
  timeout: networkText.en.shellTimeout,
  refused: networkText.en.shellRefused,
};

/** The bridge's message of `kind` in the borrower's language. */
const bridgeMessage = (kind: BridgeErrorKind): string => textOf(networkText, BRIDGE_KEYS[kind], language.current(), language.hindi());

export class BridgeError extends Error {
  override readonly name = 'BridgeError';
  constructor(
    readonly kind: BridgeErrorKind,
    message: string = bridgeMessage(kind),
  ) {
    super(message);
  }
}

export interface CallOptions {
  /** Stops waiting: the call rejects with an AbortError and its late answer is ignored. */
  signal?: AbortSignal;
}

export interface Bridge {
  /** The device info (sign, deviceId, version, idfv, idfa, systemVersion, model, and a signing shell's timestamp and nonce; extra fields kept). */
  deviceInfo(options?: CallOptions): Promise<DeviceInfo>;
  /** Opens the app store's review page for this app. */
  openStoreReview(options?: CallOptions): Promise<void>;
  /** Closes the webview (the borrower goes back to the native app). */
  closeWebview(options?: CallOptions): Promise<void>;
  /** Tells the shell this web flow is finished (the shell decides what comes next). */
  finish(options?: CallOptions): Promise<void>;
  /** Whether a shell's object is there right now (no waiting). */
  available(): boolean;
}

interface IosHandler {
  postMessage(message: unknown): void;
}
interface AndroidInterface {
  postMessage(json: string): void;
}
/** The part of `window` the bridge uses (a fake in tests). */
export type BridgeWindow = {
  webkit?: { messageHandlers?: Record<string, IosHandler | undefined> };
  setTimeout: typeof setTimeout;
  clearTimeout: typeof clearTimeout;
} & Record<string, unknown>;

type Post = (request: BridgeRequest) => void;

/** The shell's way in, or null: the iOS handler first, then the Android interface. */
function findShell(win: BridgeWindow | undefined): Post | null {
  if (!win) return null;
  const ios = win.webkit?.messageHandlers?.[BRIDGE.iosHandler];
  if (ios && typeof ios.postMessage === 'function') return (request) => ios.postMessage(request);
  const android = win[BRIDGE.androidInterface] as AndroidInterface | undefined;
  if (android && typeof android.postMessage === 'function') return (request) => android.postMessage(JSON.stringify(request));
  return null;
}

const abortError = () => new DOMException('The call was cancelled.', 'AbortError');

function readResponse(raw: unknown): BridgeResponse | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const r = value as { id?: unknown; ok?: unknown };
  return typeof r.id === 'string' && typeof r.ok === 'boolean' ? (value as BridgeResponse) : null;
}

export interface BridgeOptions {
  timeoutMs?: number;
  appearMs?: number;
  pollMs?: number;
}

export function createBridge(win: BridgeWindow | undefined, options: BridgeOptions = {}): Bridge {
  const timeoutMs = options.timeoutMs ?? BRIDGE.timeoutMs;
  const appearMs = options.appearMs ?? BRIDGE.appearMs;
  const pollMs = options.pollMs ?? BRIDGE.pollMs;
  const pending = new Map<string, { resolve: (data: unknown) => void; reject: (error: Error) => void }>();
  let seq = 0;
  const prefix = Math.random().toString(36).slice(2, 8);

  function receive(raw: unknown): void {
    const response = readResponse(raw);
    const waiting = response && pending.get(response.id);
    if (!response || !waiting) return; // not ours, or too late (timed out, cancelled)
    pending.delete(response.id);
    if (response.ok) waiting.resolve(response.data);
    else waiting.reject(new BridgeError('refused', response.error?.message || BRIDGE_MESSAGES.refused));
  }

  /** The shell's way in, waiting up to appearMs for it. */
  function shell(signal: AbortSignal | undefined): Promise<Post> {
    const now = findShell(win);
    if (now || !win) return now ? Promise.resolve(now) : Promise.reject(new BridgeError('no-shell'));
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const look = () => {
        if (signal?.aborted) return reject(abortError());
        const found = findShell(win);
        if (found) return resolve(found);
        if (Date.now() - started >= appearMs) return reject(new BridgeError('no-shell'));
        win.setTimeout(look, pollMs);
      };
      win.setTimeout(look, pollMs);
    });
  }

  async function call(method: BridgeMethod, { signal }: CallOptions = {}, params: Record<string, unknown> = {}): Promise<unknown> {
    if (signal?.aborted) throw abortError();
    const post = await shell(signal);
    if (signal?.aborted) throw abortError();
    if (!win) throw new BridgeError('no-shell');
    win[BRIDGE.receiver] = receive;
    seq += 1;
    const request: BridgeRequest = { id: `${prefix}-${seq}`, method, params };
    return new Promise((resolve, reject) => {
      const done = () => {
        win.clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        pending.delete(request.id);
      };
      const timer = win.setTimeout(() => {
        done();
        reject(new BridgeError('timeout'));
      }, timeoutMs);
      const onAbort = () => {
        done();
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      pending.set(request.id, {
        resolve: (data) => (done(), resolve(data)),
        reject: (error) => (done(), reject(error)),
      });
      try {
        post(request);
      } catch {
        done();
        reject(new BridgeError('no-shell'));
      }
    });
  }

  return {
    async deviceInfo(options) {
      const data = await call('deviceInfo', options);
      const parsed = v.safeParse(DeviceInfo, data);
      if (!parsed.success) throw new BridgeError('refused', 'The app sent device details this page cannot read.');
      return parsed.output;
    },
    openStoreReview: async (options) => void (await call('openStoreReview', options)),
    closeWebview: async (options) => void (await call('closeWebview', options)),
    finish: async (options) => void (await call('finish', options)),
    available: () => findShell(win) !== null,
  };
}

/** The app's bridge, on this page's window. */
export const bridge: Bridge = createBridge(typeof window === 'undefined' ? undefined : (window as unknown as BridgeWindow));

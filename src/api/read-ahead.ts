/**
 * Read-ahead: a GET the next screen will make, started while the borrower is still on this one
 * (docs/performance.md#round-trips). Only reads: nothing here sends a call that changes anything.
 * An entry belongs to the session that started it and lives a few seconds; a screen that finds
 * no fresh entry of its own session simply calls.
 */
import { session } from '../lib/session';

/** How long a read-ahead answer may stand in for the screen's own call. */
export const READ_AHEAD_MS = 10_000;

interface Entry {
  /** The token the call was sent with: an answer is never shown to another session. */
  owner: string | null;
  at: number;
  answer: Promise<unknown>;
  controller: AbortController;
}

const entries = new Map<string, Entry>();

/** The key of a read: the call's path and its query, in a stable order. */
export function readKey(path: string, query: Record<string, string | number> = {}): string {
  const q = Object.keys(query)
    .sort()
    .map((k) => `${k}=${String(query[k])}`)
    .join('&');
  return q ? `${path}?${q}` : path;
}

/** Forgets every entry and cancels what is in flight (sign-out, another session, tests). */
export function dropReadAhead(): void {
  for (const entry of entries.values()) entry.controller.abort();
  entries.clear();
}

/** Forgets the entry of `key` (a call just changed what it read); a screen reading it calls. */
export function forgetRead(key: string): void {
  entries.delete(key);
}

/**
 * Keeps an answer this screen has just read for the next screen's read of `key` (which asks it first),
 * in place of any entry before it: taken once, by this session, within READ_AHEAD_MS.
 */
export function keepRead(key: string, answer: unknown): void {
  forgetRead(key);
  readAhead(key, () => Promise.resolve(answer)).catch(() => {});
}

function fresh(key: string, now: number): Entry | null {
  const entry = entries.get(key);
  if (!entry) return null;
  if (entry.owner !== session.token()) {
    // The session changed since: nothing read under the old one may be shown.
    dropReadAhead();
    return null;
  }
  if (now - entry.at > READ_AHEAD_MS) {
    entries.delete(key);
    return null;
  }
  return entry;
}

/** Starts `load` unless a fresh entry for `key` exists; a failure forgets the entry (the screen calls again). */
export function readAhead<T>(key: string, load: (signal: AbortSignal) => Promise<T>, now: number = Date.now()): Promise<T> {
  const kept = fresh(key, now);
  if (kept) return kept.answer as Promise<T>;
  const controller = new AbortController();
  const answer = load(controller.signal);
  const entry: Entry = { owner: session.token(), at: now, answer, controller };
  entries.set(key, entry);
  answer.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return answer;
}

/**
 * The screen's read: the fresh read-ahead answer of this session, used once, else `load` itself.
 * An entry is spent only when its answer reaches a caller still waiting (a StrictMode remount or
 * a cancelled screen leaves it for the next one).
 */
export function readOrCall<T>(key: string, load: (signal?: AbortSignal) => Promise<T>, signal?: AbortSignal, now: number = Date.now()): Promise<T> {
  const entry = fresh(key, now);
  if (!entry) {
    // The screen's own call, under way: a read ahead asked meanwhile shares it (and it ends with it).
    const own = load(signal);
    const mine: Entry = { owner: session.token(), at: now, answer: own, controller: new AbortController() };
    entries.set(key, mine);
    const forget = () => {
      if (entries.get(key) === mine) entries.delete(key);
    };
    own.then(forget, forget);
    return own;
  }
  return (entry.answer as Promise<T>).then(
    (value) => {
      if (!signal?.aborted && entries.get(key) === entry) entries.delete(key);
      return value;
    },
    () => load(signal),
  );
}

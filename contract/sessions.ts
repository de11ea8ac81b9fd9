/**
 * Signed-in devices: every sign-in is a session the borrower sees in Account and may end from any of
 * their devices. Beyond the spec (its calls are in ./beyond-spec.ts): a backend may not have them.
 */
import * as v from 'valibot';
import { id, text } from './common';
import { Ignored } from './envelope';
import type { Endpoint } from './endpoint';

/** How a session signed in: a phone and SMS code, the native app (signed), a partner's app (unsigned). */
export const SIGN_IN_METHODS = ['code', 'app', 'partner'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** A yes/no a backend may send as a boolean, 1/0 or '1'/'true'; anything else is no. */
const flag = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((x) => x === true || x === 1 || x === '1' || x === 'true'),
  ),
  false,
);

/**
 * One signed-in device. `id` is the session's own random id (never its token or the token's hash);
 * `current` marks the session that asked; `browser` and `os` are names ('Chrome', 'Android'), `model`
 * the native shell's device; times are lender times ('YYYY-MM-DD HH:mm:ss', India time). Only `id` is
 * needed: the rest may be missing.
 */
export const SessionItem = v.looseObject({
  id,
  current: flag,
  /** One of SIGN_IN_METHODS, or another backend's word (then not shown). */
  method: text,
  browser: text,
  os: text,
  model: text,
  signedInAt: text,
  lastUsedAt: text,
});
export type SessionItem = v.InferOutput<typeof SessionItem>;

/**
 * GET /user/v1/sessions: the borrower's live sessions. Read leniently: a missing or null list is
 * none, and an item that cannot be read (no id) is left out rather than failing the others.
 */
export const SessionList = v.looseObject({
  sessions: v.optional(
    v.pipe(
      v.nullable(v.array(v.unknown())),
      v.transform((items) => (items ?? []).flatMap((item) => {
        const read = v.safeParse(SessionItem, item);
        return read.success ? [read.output] : [];
      })),
    ),
    [],
  ),
});
export type SessionList = v.InferOutput<typeof SessionList>;
/** What the sandbox writes for one item (typed, so the app and the sandbox cannot drift apart). */
export type SessionItemAnswer = v.InferInput<typeof SessionItem> & { method: SignInMethod | '' };

/** POST /user/v1/sessions/revoke {id}: ends that session of the borrower's. */
export const RevokeSessionPayload = v.object({
  id: v.pipe(v.string('id is required'), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'id must be a sign-in id')),
});
export type RevokeSessionPayload = v.InferOutput<typeof RevokeSessionPayload>;

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// The signed-in devices and signing out: beyond the spec.

/** The borrower's signed-in devices, this one marked `current`. */
const listSessions = { method: 'GET', path: '/user/v1/sessions', answer: SessionList, token: true, beyondSpec: true } as const satisfies Endpoint;

/** Signs one of the borrower's sessions out. */
const revokeSession = { method: 'POST', path: '/user/v1/sessions/revoke', body: RevokeSessionPayload, answer: Ignored, token: true, beyondSpec: true } as const satisfies Endpoint;

/** Quit: ends the session of the token it is sent with (none: nothing to end). */
const logout = { method: 'POST', path: '/user/v1/logout', answer: Ignored, token: false, beyondSpec: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const sessionCalls = { listSessions, revokeSession, logout } as const;

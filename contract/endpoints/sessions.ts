/** The signed-in devices and signing out: beyond the spec. */
import { Ignored } from '../envelope';
import type { Endpoint } from '../endpoint';
import { RevokeSessionPayload, SessionList } from '../sessions';

/** The borrower's signed-in devices, this one marked `current`. */
export const listSessions = { method: 'GET', path: '/user/v1/sessions', answer: SessionList, token: true, beyondSpec: true } as const satisfies Endpoint;

/** Signs one of the borrower's sessions out. */
export const revokeSession = { method: 'POST', path: '/user/v1/sessions/revoke', body: RevokeSessionPayload, answer: Ignored, token: true, beyondSpec: true } as const satisfies Endpoint;

/** Quit: ends the session of the token it is sent with (none: nothing to end). */
export const logout = { method: 'POST', path: '/user/v1/logout', answer: Ignored, token: false, beyondSpec: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const sessionCalls = { listSessions, revokeSession, logout } as const;

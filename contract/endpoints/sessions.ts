/** The signed-in devices and signing out: beyond the spec. */
import { Ignored } from '../envelope';
import type { Endpoint } from '../endpoint';
import { RevokeSessionPayload, SessionList } from '../sessions';

export const sessionCalls = {
  /** The borrower's signed-in devices, this one marked `current`. */
  listSessions: { method: 'GET', path: '/user/v1/sessions', answer: SessionList, token: true, beyondSpec: true },
  /** Signs one of the borrower's sessions out. */
  revokeSession: { method: 'POST', path: '/user/v1/sessions/revoke', body: RevokeSessionPayload, answer: Ignored, token: true, beyondSpec: true },
  /** Quit: ends the session of the token it is sent with (none: nothing to end). */
  logout: { method: 'POST', path: '/user/v1/logout', answer: Ignored, token: false, beyondSpec: true },
} as const satisfies Record<string, Endpoint>;

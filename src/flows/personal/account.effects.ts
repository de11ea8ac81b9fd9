/** The effects of Account: the signed-in devices' calls, and Quit. */
import type { sessionsMachine } from '../../../machines/sessions/sessions.machine';
import { paths } from '../../../machines/shared/paths';
import { endSession, listSessions, revokeSession } from '../../api/sessions';
import { fromCall } from '../../lib/abortable';
import { session } from '../../lib/session';
import type { Effects, Navigate } from '../shared/effects';

export function sessionsEffects(calls = { listSessions, revokeSession }): Effects<typeof sessionsMachine> {
  return {
    actors: {
      listSessions: fromCall((_, signal) => calls.listSessions({ signal })),
      revokeSession: fromCall(({ id }, signal) => calls.revokeSession(id, { signal })),
    },
  };
}

/**
 * Quit: the lender is asked to end this session (sent with its token, not awaited), and the browser's
 * session ends at once, whatever the answer, offline or a lender without the call included. Its data
 * and drafts go, the device's preferences stay, and /login replaces the page.
 */
export function quit(nav: Navigate, end: (token: string) => Promise<void> = endSession): void {
  const token = session.token();
  if (token) void end(token);
  session.clear();
  nav(paths.login.href(), { replace: true });
}

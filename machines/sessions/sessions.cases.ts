/**
 * The event cases of the signed-in devices list (tests/machines/sessions.machine.test.ts, the view
 * tests and `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { SessionItem } from '../../contract/sessions';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import type { SessionsContext, sessionsMachine } from './sessions.machine';

/** A device as the lender lists it. */
export const device = (over: Partial<SessionItem> & Pick<SessionItem, 'id'>): SessionItem => ({
  current: false,
  method: 'code',
  browser: '',
  os: '',
  model: '',
  signedInAt: '2026-05-01 10:00:00',
  lastUsedAt: '2026-05-02 09:30:00',
  ...over,
});

export const THIS_DEVICE = device({ id: 'this-device', current: true, browser: 'Safari', os: 'iPhone', lastUsedAt: '2026-05-03 18:45:00' });
export const LOST_PHONE = device({ id: 'lost-phone', browser: 'Chrome', os: 'Android', signedInAt: '2026-04-20 08:15:00' });
export const SHELL = device({ id: 'shell', method: 'app', model: 'Apple iPhone15,2' });
/** As a lender may send it: this device not first. */
export const LISTED = { sessions: [LOST_PHONE, THIS_DEVICE, SHELL] };

export const FAILURE = new Error('Service busy, please try again');
export const REVOKE_FAILURE = new Error('This device is not signed in to your account.');

export const cases = [
  actorDone('listSessions', { offered: true, value: LISTED }),
  actorDone('listSessions', { offered: false }),
  actorError('listSessions', FAILURE),
  { type: 'devices.retried' },
  { type: 'device.signOutTapped', id: LOST_PHONE.id },
  { type: 'signOut.declined' },
  { type: 'signOut.confirmed' },
  actorDone('revokeSession', { offered: true, value: undefined }),
  actorDone('revokeSession', { offered: false }),
  actorError('revokeSession', REVOKE_FAILURE),
] satisfies CaseList<typeof sessionsMachine>;

/** What decides what can happen next: the state, how many devices, what the status line says. */
export function serialize(snapshot: { value: unknown; context: SessionsContext }) {
  const c = snapshot.context;
  return { value: snapshot.value, devices: c.sessions.length, chosen: c.chosen, signedOut: c.signedOut?.id ?? null, signOutError: c.signOutError !== null, error: c.error !== null };
}

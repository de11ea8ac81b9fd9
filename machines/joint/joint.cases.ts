/**
 * The event cases of the /joint machine (tests/machines/joint.machine.test.ts, tests/views/joint.test.tsx,
 * `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { SnapshotFrom } from 'xstate';
import type { LoginResponse } from '../../contract/auth';
import type { DeviceInfo } from '../../contract/device';
import type { CaseList } from '../shared/cases';
import type { jointMachine } from './joint.machine';

export const SIGNED_DEVICE: DeviceInfo = {
  sign: 'a'.repeat(64),
  deviceId: 'device-1',
  version: '1.4.0',
  idfv: 'IDFV-1',
  idfa: 'IDFA-1',
  systemVersion: '17.5',
  model: 'iPhone15,2',
  timestamp: '1768458600',
  nonce: 'n0nce-0000000000000001',
};
export const LOGGED_IN: LoginResponse = { token: 'f'.repeat(64), isRegister: 0 };

/** Errors shaped like the bridge's BridgeError and the client's ApiError (only `kind` and `message` are read). */
const failure = (kind: string, message: string) => Object.assign(new Error(message), { kind });
export const NO_SHELL = failure('no-shell', 'This page only works inside the app.');
export const REFUSED = failure('refused', 'Device info is not available right now.');
export const LOGIN_FAILED = failure('server', 'The device info signature is not valid.');

export const cases = [
  { type: 'xstate.done.actor.deviceInfo', output: SIGNED_DEVICE, actorId: 'deviceInfo' },
  { type: 'xstate.error.actor.deviceInfo', error: NO_SHELL, actorId: 'deviceInfo' },
  { type: 'xstate.error.actor.deviceInfo', error: REFUSED, actorId: 'deviceInfo' },
  { type: 'xstate.done.actor.login', output: LOGGED_IN, actorId: 'login' },
  { type: 'xstate.error.actor.login', error: LOGIN_FAILED, actorId: 'login' },
  { type: 'joint.retried' },
] satisfies CaseList<typeof jointMachine>;

export function serialize(snapshot: SnapshotFrom<typeof jointMachine>) {
  return { value: snapshot.value, error: snapshot.context.error };
}

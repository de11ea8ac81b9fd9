/** The native-bridge logins (spec §7): sent without a token, with the device's own headers. */
import { LoginResponse } from '../auth';
import { BridgeLoginPayload } from '../device';
import type { Endpoint } from '../endpoint';

export const bridgeCalls = {
  /** The shell's device info carries a sign. */
  signedLogin: { method: 'POST', path: '/user/v1/user-login', body: BridgeLoginPayload, answer: LoginResponse, token: false, beyondSpec: false },
  /** The shell's device info carries no sign. */
  unsignedLogin: { method: 'POST', path: '/tripartite/v1/user-login', body: BridgeLoginPayload, answer: LoginResponse, token: false, beyondSpec: false },
} as const satisfies Record<string, Endpoint>;

/** The native-bridge logins (spec §7): sent without a token, with the device's own headers. */
import { LoginResponse } from '../auth';
import { BridgeLoginPayload } from '../device';
import type { Endpoint } from '../endpoint';

/** The shell's device info carries a sign. */
export const signedLogin = { method: 'POST', path: '/user/v1/user-login', body: BridgeLoginPayload, answer: LoginResponse, token: false, beyondSpec: false } as const satisfies Endpoint;

/** The shell's device info carries no sign. */
export const unsignedLogin = { method: 'POST', path: '/tripartite/v1/user-login', body: BridgeLoginPayload, answer: LoginResponse, token: false, beyondSpec: false } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const bridgeCalls = { signedLogin, unsignedLogin } as const;

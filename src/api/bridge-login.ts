/**
 * The native-bridge logins (contract/device.ts): the signed call when the shell's device
 * info carries a sign, else the unsigned one; sent WITHOUT a token, with the device's headers. The
 * signed call adds the shell's `timestamp` and `nonce`, which its sign covers (fresh, used once).
 * sdkVersion and brand are not device-info fields: the shell may add them; when it does not, they are
 * the systemVersion and the model. Header values outside printable ASCII are percent-encoded.
 */
import type { LoginResponse } from '../../contract/auth';
import { BRIDGE_LOGIN_HEADERS, type DeviceInfo } from '../../contract/device';
import { bridgeCalls } from '../../contract/device';
import { API_ROOT } from './base';
import { createApiClient, PACKAGE_NAME, waits, type ApiClient, type CallOptions } from './client';
import { requestHeaders } from './headers';

/** The two calls, by whether the device info is signed. */
export const BRIDGE_LOGIN_CALLS = { signed: bridgeCalls.signedLogin, unsigned: bridgeCalls.unsignedLogin } as const;

/** The device-info fields sent as the body, in this order. */
export const DEVICE_FIELDS = ['sign', 'deviceId', 'version', 'idfv', 'idfa', 'systemVersion', 'model'] as const;
/** What makes a signature fresh and single-use: signed with the device fields, sent only with a sign. */
export const FRESHNESS_FIELDS = ['timestamp', 'nonce'] as const;

const headerSafe = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? value : encodeURIComponent(value));
const extra = (info: DeviceInfo, name: string): string | null => {
  const value = (info as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
};

/** The six bridge-login headers of a device info (contract/device.ts BRIDGE_LOGIN_HEADERS). */
export function bridgeLoginHeaders(info: DeviceInfo): Record<(typeof BRIDGE_LOGIN_HEADERS)[number], string> {
  const values = {
    deviceId: info.deviceId,
    version: info.version,
    idfv: info.idfv,
    idfa: info.idfa,
    sdkVersion: extra(info, 'sdkVersion') ?? info.systemVersion,
    brand: extra(info, 'brand') ?? info.model,
  };
  return Object.fromEntries(BRIDGE_LOGIN_HEADERS.map((h) => [h, headerSafe(values[h])])) as Record<(typeof BRIDGE_LOGIN_HEADERS)[number], string>;
}

/** Signed when the shell gave a (non-blank) sign. */
export const isSigned = (info: DeviceInfo) => info.sign.trim() !== '';

/** The body: the device-info fields, with the timestamp and nonce when signed (without `sign` when unsigned). */
export function bridgeLoginBody(info: DeviceInfo): Record<string, string> {
  const fields = isSigned(info) ? [...DEVICE_FIELDS, ...FRESHNESS_FIELDS] : DEVICE_FIELDS.filter((f) => f !== 'sign');
  return Object.fromEntries(fields.map((f) => [f, info[f]]));
}

/** The spec's common headers without a token, plus the device's. */
function anonymousClient(info: DeviceInfo, transport: Transport): ApiClient {
  return createApiClient({
    base: transport.base ?? API_ROOT,
    ...(transport.fetch ? { fetch: transport.fetch } : {}),
    headers: () => ({
      ...requestHeaders({
        userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
        maxTouchPoints: typeof navigator === 'undefined' ? 0 : (navigator.maxTouchPoints ?? 0),
        cookies: typeof document === 'undefined' ? '' : document.cookie,
        packageName: PACKAGE_NAME,
        token: null,
      }),
      ...bridgeLoginHeaders(info),
    }),
    // Signing in needs no session, so another tab's change of session holds nothing back here.
    sessionChanged: () => false,
    waits,
  });
}

/** Where the call goes (tests give a fake fetch). */
export interface Transport {
  base?: string;
  fetch?: typeof fetch;
}

/** Signs in with the shell's device info. */
export function bridgeLogin(info: DeviceInfo, { signal }: CallOptions = {}, transport: Transport = {}): Promise<LoginResponse> {
  const entry = isSigned(info) ? BRIDGE_LOGIN_CALLS.signed : BRIDGE_LOGIN_CALLS.unsigned;
  // deviceId is always one of the body's fields; naming it again lets the compiler see it.
  return anonymousClient(info, transport).call(entry, { json: { ...bridgeLoginBody(info), deviceId: info.deviceId }, signal });
}

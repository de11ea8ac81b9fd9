/**
 * The native-bridge logins (spec §7): POST /user/v1/user-login when the shell's device info carries a
 * sign, else POST /tripartite/v1/user-login; sent WITHOUT a token, with the headers deviceId, version,
 * idfv, idfa, sdkVersion and brand; the body is the device-info fields. The signed call adds the
 * shell's `timestamp` and `nonce`, which its sign covers (a signature is fresh and used once); the
 * unsigned call leaves out `sign` and those two. The answer is a login result (token, isRegister).
 *
 * sdkVersion and brand are not device-info fields: the shell may add them to its device info
 * (docs/native-bridge.md 'The native shell bridge'); when it does not, sdkVersion is the systemVersion and brand
 * the model. Header values outside printable ASCII (which fetch cannot send) are percent-encoded.
 */
import { LoginResponse } from '../../contract/auth';
import { BRIDGE_LOGIN_HEADERS, type DeviceInfo } from '../../contract/device';
import { createApiClient, PACKAGE_NAME, waits, type ApiClient, type CallOptions } from './client';
import { requestHeaders } from './headers';

export const BRIDGE_LOGIN_PATHS = { signed: 'user/v1/user-login', unsigned: 'tripartite/v1/user-login' } as const;

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
    base: transport.base ?? import.meta.env.VITE_API_BASE ?? '/api1',
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

/** POST /user/v1/user-login (signed) or /tripartite/v1/user-login (unsigned). */
export function bridgeLogin(info: DeviceInfo, { signal }: CallOptions = {}, transport: Transport = {}): Promise<LoginResponse> {
  const path = isSigned(info) ? BRIDGE_LOGIN_PATHS.signed : BRIDGE_LOGIN_PATHS.unsigned;
  return anonymousClient(info, transport).post(path, LoginResponse, { json: bridgeLoginBody(info), signal });
}

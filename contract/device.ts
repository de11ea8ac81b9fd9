/** The native shell's device info and the download check (spec §3 'Native device info'; §7 device, download check). */
import * as v from 'valibot';
import { codeOr, flag, list, num, text } from './common';
import { LoginResponse } from './auth';
import type { Endpoint } from './endpoint';
import { Ignored } from './envelope';

/** Unix seconds, as a JSON number or a numeric string; a string afterwards ('' when absent). */
const unixSeconds = v.optional(
  v.pipe(v.nullable(v.union([v.pipe(v.number(), v.transform(String)), v.string()])), v.transform((s) => s ?? '')),
  '',
);

/**
 * The shell's device info (spec §3). Beyond the spec, a signing shell adds `timestamp` (Unix seconds)
 * and `nonce` (16 to 128 letters, digits, - or _), both inside what it signs, so a signature is fresh
 * and used once (docs/native-bridge.md 'The native shell bridge'); a shell that cannot sign leaves them out.
 */
export const DeviceInfo = v.looseObject({
  sign: text,
  deviceId: text,
  version: text,
  idfv: text,
  idfa: text,
  systemVersion: text,
  model: text,
  timestamp: unixSeconds,
  nonce: text,
});
export type DeviceInfo = v.InferOutput<typeof DeviceInfo>;
/**
 * The download check (spec §7 'Download check: returns data.accordWith'; method and path not given):
 * GET /client/v1/download-check, no session needed (the token is sent when there is one). accordWith
 * is a flag: true, 1, '1' or 'true' accord; anything else (missing, null, 2, an object…) does not.
 */
export const DownloadCheck = v.looseObject({ accordWith: flag });
export type DownloadCheck = v.InferOutput<typeof DownloadCheck>;

/**
 * The headers of the native-bridge logins (POST /user/v1/user-login signed, /tripartite/v1/user-login
 * unsigned), sent without a token; the body is the DeviceInfo fields.
 */
export const BRIDGE_LOGIN_HEADERS = ['deviceId', 'version', 'idfv', 'idfa', 'sdkVersion', 'brand'] as const;

/**
 * POST /device/v1/upload/device_info: the browser's position, sent once after the borrower agreed. The
 * app sends `address: ''` (it does not look addresses up); degrees in range, as the browser gives them.
 */
export const DeviceLocationPayload = v.object({
  gps: v.object({
    address: v.optional(v.pipe(v.string(), v.maxLength(500)), ''),
    latitude: v.pipe(num, v.minValue(-90, 'must be between -90 and 90'), v.maxValue(90, 'must be between -90 and 90')),
    longitude: v.pipe(num, v.minValue(-180, 'must be between -180 and 180'), v.maxValue(180, 'must be between -180 and 180')),
  }),
});
export type DeviceLocationPayload = v.InferOutput<typeof DeviceLocationPayload>;

/**
 * POST /device/v1/needUpload, sent with no body (the session says whose device it is): the answer lists
 * which device data the lender wants, `[{ type: 'gps', needUpload: 1 }]` (1 wanted, anything else not);
 * for type 'gps' the app asks the borrower, then sends the browser's geolocation (DeviceLocationPayload).
 * A list the app cannot read is [] (nothing wanted); so is an entry without a type or a readable needUpload.
 */
export const NeedUpload = list(v.looseObject({ type: text, needUpload: codeOr(0) }));
export type NeedUpload = v.InferOutput<typeof NeedUpload>;

/** A text field of a request body: a text, or '' when absent or null; anything else is refused, by name. */
const sentText = v.optional(v.pipe(v.nullable(v.string('must be a text')), v.transform((s) => s ?? '')), '');
/**
 * The body of the native-bridge logins as the sandbox reads it: the device-info fields; `deviceId`
 * is required (it names the device), the others are text ('' when absent). The unsigned
 * /tripartite/v1/user-login has no `sign`. A request is checked strictly (unlike the shell's answer
 * the app reads, DeviceInfo): a field sent as an object is refused, by name.
 */
export const BridgeLoginPayload = v.looseObject({
  ...(Object.fromEntries(Object.keys(DeviceInfo.entries).map((k) => [k, sentText])) as Record<keyof typeof DeviceInfo.entries, typeof sentText>),
  deviceId: v.pipe(v.string('deviceId is required'), v.trim(), v.minLength(1, 'deviceId is required'), v.maxLength(128, 'deviceId is at most 128 characters')),
});
export type BridgeLoginPayload = v.InferOutput<typeof BridgeLoginPayload>;

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// The native-bridge logins (spec §7): sent without a token, with the device's own headers.

/** The shell's device info carries a sign. */
const signedLogin = { method: 'POST', path: '/user/v1/user-login', body: BridgeLoginPayload, answer: LoginResponse, token: false, beyondSpec: false } as const satisfies Endpoint;

/** The shell's device info carries no sign. */
const unsignedLogin = { method: 'POST', path: '/tripartite/v1/user-login', body: BridgeLoginPayload, answer: LoginResponse, token: false, beyondSpec: false } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const bridgeCalls = { signedLogin, unsignedLogin } as const;

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// Device data (spec §7): what the lender wants, the location, and the download check.

/** No body: `[{ type: 'gps', needUpload: 1 }]` when the lender wants the location. */
const needUpload = { method: 'POST', path: '/device/v1/needUpload', answer: NeedUpload, token: true, beyondSpec: false } as const satisfies Endpoint;

const uploadDeviceInfo = { method: 'POST', path: '/device/v1/upload/device_info', body: DeviceLocationPayload, answer: Ignored, token: true, beyondSpec: false } as const satisfies Endpoint;

/** data.accordWith. */
const downloadCheck = { method: 'GET', path: '/client/v1/download-check', answer: DownloadCheck, token: false, beyondSpec: false, pathChosen: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const deviceCalls = { needUpload, uploadDeviceInfo, downloadCheck } as const;

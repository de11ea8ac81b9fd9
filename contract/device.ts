/** The native shell's device info and the download check (spec §3 'Native device info'; §7 device, download check). */
import * as v from 'valibot';
import { num, text } from './common';

export const DeviceInfo = v.looseObject({
  sign: text,
  deviceId: text,
  version: text,
  idfv: text,
  idfa: text,
  systemVersion: text,
  model: text,
});
export type DeviceInfo = v.InferOutput<typeof DeviceInfo>;
export const DownloadCheck = v.looseObject({ accordWith: v.optional(v.unknown()) });

/**
 * The headers of the native-bridge logins (POST /user/v1/user-login signed, /tripartite/v1/user-login
 * unsigned), sent without a token; the body is the DeviceInfo fields.
 */
export const BRIDGE_LOGIN_HEADERS = ['deviceId', 'version', 'idfv', 'idfa', 'sdkVersion', 'brand'] as const;

/** POST /device/v1/upload/device_info */
export const DeviceLocationPayload = v.object({
  gps: v.object({ address: v.optional(v.string(), ''), latitude: num, longitude: num }),
});
export type DeviceLocationPayload = v.InferOutput<typeof DeviceLocationPayload>;

/** POST /device/v1/needUpload: which device data the lender wants (type 'gps': the browser's geolocation). */
export const NeedUpload = v.array(v.looseObject({ type: v.string(), needUpload: num }));
export type NeedUpload = v.InferOutput<typeof NeedUpload>;

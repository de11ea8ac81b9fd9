/** The native shell's device info and the download check (spec §3 'Native device info'; §7 device, download check). */
import * as v from 'valibot';
import { text } from './common';

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

/** Device data calls (contract/device.ts): which data the lender wants, and the location the borrower agreed to send. */
import { Ignored } from '../../contract/common';
import { NeedUpload, type DeviceLocationPayload } from '../../contract/device';
import { api, type CallOptions } from './client';

/** POST /device/v1/needUpload (no body): `[{ type: 'gps', needUpload: 1 }]` when the lender wants the location. */
export function needUpload({ signal }: CallOptions = {}): Promise<NeedUpload> {
  return api.post('device/v1/needUpload', NeedUpload, { signal });
}

/** POST /device/v1/upload/device_info {gps: {address, latitude, longitude}} */
export function uploadDeviceInfo(payload: DeviceLocationPayload, { signal }: CallOptions = {}): Promise<void> {
  return api.post('device/v1/upload/device_info', Ignored, { json: payload, signal }).then(() => undefined);
}

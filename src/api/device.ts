/** Device data: which data the lender wants, and the location the borrower agreed to send. */
import { deviceCalls, type DeviceLocationPayload, type NeedUpload } from '../../contract/device';
import { api, type CallOptions } from './client';

/** No body: `[{ type: 'gps', needUpload: 1 }]` when the lender wants the location. */
export function needUpload({ signal }: CallOptions = {}): Promise<NeedUpload> {
  return api.call(deviceCalls.needUpload, { signal });
}

export function uploadDeviceInfo(payload: DeviceLocationPayload, { signal }: CallOptions = {}): Promise<void> {
  return api.call(deviceCalls.uploadDeviceInfo, { json: payload, signal }).then(() => undefined);
}

/** The download check (contract/device.ts): data.accordWith. */
import { deviceCalls, type DownloadCheck } from '../../contract/device';
import { api, type CallOptions } from './client';

export function getDownloadCheck({ signal }: CallOptions = {}): Promise<DownloadCheck> {
  return api.call(deviceCalls.downloadCheck, { signal });
}

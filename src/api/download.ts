/** The download check (contract/endpoints/device.ts): data.accordWith. */
import { deviceCalls, type DownloadCheck } from '../../contract/device';
import { call, type CallOptions } from './client';

export function getDownloadCheck({ signal }: CallOptions = {}): Promise<DownloadCheck> {
  return call(deviceCalls.downloadCheck, { signal });
}

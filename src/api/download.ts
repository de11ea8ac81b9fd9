/** The download check (contract/endpoints/device.ts): data.accordWith. */
import type { DownloadCheck } from '../../contract/device';
import * as deviceCalls from '../../contract/endpoints/device';
import { call, type CallOptions } from './client';

export function getDownloadCheck({ signal }: CallOptions = {}): Promise<DownloadCheck> {
  return call(deviceCalls.downloadCheck, { signal });
}

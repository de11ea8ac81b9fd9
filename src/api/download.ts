import { api, type CallOptions } from './client';
import { DownloadCheck } from '../../contract/device';

/** GET /client/v1/download-check (spec §7 'Download check'; method and path chosen here): data.accordWith. */
export function getDownloadCheck({ signal }: CallOptions = {}): Promise<DownloadCheck> {
  return api.get('client/v1/download-check', DownloadCheck, { signal });
}

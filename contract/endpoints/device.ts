/** Device data (spec §7): what the lender wants, the location, and the download check. */
import { Ignored } from '../envelope';
import { DeviceLocationPayload, DownloadCheck, NeedUpload } from '../device';
import type { Endpoint } from '../endpoint';

export const deviceCalls = {
  /** No body: `[{ type: 'gps', needUpload: 1 }]` when the lender wants the location. */
  needUpload: { method: 'POST', path: '/device/v1/needUpload', answer: NeedUpload, token: true, beyondSpec: false },
  uploadDeviceInfo: { method: 'POST', path: '/device/v1/upload/device_info', body: DeviceLocationPayload, answer: Ignored, token: true, beyondSpec: false },
  /** data.accordWith. */
  downloadCheck: { method: 'GET', path: '/client/v1/download-check', answer: DownloadCheck, token: false, beyondSpec: false, pathChosen: true },
} as const satisfies Record<string, Endpoint>;

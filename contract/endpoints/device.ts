/** Device data (spec §7): what the lender wants, the location, and the download check. */
import { Ignored } from '../envelope';
import { DeviceLocationPayload, DownloadCheck, NeedUpload } from '../device';
import type { Endpoint } from '../endpoint';

/** No body: `[{ type: 'gps', needUpload: 1 }]` when the lender wants the location. */
export const needUpload = { method: 'POST', path: '/device/v1/needUpload', answer: NeedUpload, token: true, beyondSpec: false } as const satisfies Endpoint;

export const uploadDeviceInfo = { method: 'POST', path: '/device/v1/upload/device_info', body: DeviceLocationPayload, answer: Ignored, token: true, beyondSpec: false } as const satisfies Endpoint;

/** data.accordWith. */
export const downloadCheck = { method: 'GET', path: '/client/v1/download-check', answer: DownloadCheck, token: false, beyondSpec: false, pathChosen: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const deviceCalls = { needUpload, uploadDeviceInfo, downloadCheck } as const;

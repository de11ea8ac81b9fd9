/**
 * What the app itself says when a call fails before the lender answers (src/api/client.ts), and
 * when the native shell does not answer (src/lib/native-bridge.ts). The server's own msg is shown as
 * it came; these are the app's.
 */
import { catalogue } from '../core';

export const networkText = catalogue('network', {
  network: 'Network error. Please check your connection and try again.',
  timeout: 'The request took too long. Please try again.',
  http: 'The service is unavailable right now. Please try again later.',
  schema: 'The server sent an answer the app cannot read. Please try again later.',
  session: 'Your session has expired. Please sign in again.',
  sessionChanged: 'Nothing was sent: the account signed in on this device has changed.',
  aborted: 'The request was cancelled.',
  failedCode: 'Request failed (code {code}).',
  noShell: 'This page only works inside the app.',
  shellTimeout: 'The app did not answer in time. Please try again.',
  shellRefused: 'The app could not share what this page needs. Please try again.',
}, () => import('../hi/network'));

export type NetworkKey = keyof typeof networkText.en;

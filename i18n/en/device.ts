/**
 * The device-data check after sign-in (src/app/DeviceInfo.tsx): the explanation shown before the
 * browser's own location prompt. Its own namespace: DeviceInfo is a lazy chunk, off the first screen.
 */
import { catalogue } from '../core';

export const deviceText = catalogue('device', {
  title: 'Use your location once?',
  text: "To check your application, we'd like to use your location once. We don't track you.",
  detail: 'If you allow it, your browser may ask you to confirm. You can say no: nothing changes for your application.',
  allow: 'Allow',
}, () => import('../hi/device'));

export type DeviceKey = keyof typeof deviceText.en;

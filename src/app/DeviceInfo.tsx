/**
 * The device-data check after sign-in, on home (./device-info.ts): the location explanation as a
 * dialog, and nothing else visible. Its own chunk (App loads it lazily), so the first screen does not
 * carry it.
 */
import { useEffect, useRef, useState } from 'react';
import { needUpload, uploadDeviceInfo } from '../api/device';
import { session } from '../lib/session';
import { tabStorage } from '../lib/tab-storage';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { browserPosition, checkDeviceInfo, deviceCheckKey, LOCATION_CONSENT, type DeviceCheckDeps } from './device-info';

export interface DeviceInfoProps {
  /** The calls and the browser (tests give fakes); the app's by default. */
  deps?: Partial<Pick<DeviceCheckDeps, 'needUpload' | 'upload' | 'locate' | 'canLocate'>>;
}

export default function DeviceInfo({ deps }: DeviceInfoProps) {
  const [asking, setAsking] = useState<((allowed: boolean) => void) | null>(null);
  const depsRef = useRef(deps);

  useEffect(() => {
    const controller = new AbortController();
    const key = deviceCheckKey(session.phone());
    const given = depsRef.current;
    void checkDeviceInfo(
      {
        done: () => tabStorage()?.getItem(key) != null,
        remember: (outcome) => {
          try {
            tabStorage()?.setItem(key, outcome);
          } catch {
            // storage full or disabled: asked again next time
          }
        },
        needUpload: given?.needUpload ?? ((signal) => needUpload({ signal })),
        canLocate: given?.canLocate ?? (() => typeof navigator !== 'undefined' && 'geolocation' in navigator),
        ask: (signal) =>
          new Promise<boolean>((resolve) => {
            const answer = (allowed: boolean) => {
              setAsking(null);
              resolve(allowed);
            };
            signal.addEventListener('abort', () => answer(false), { once: true });
            setAsking(() => answer);
          }),
        locate: given?.locate ?? ((signal) => browserPosition(navigator.geolocation, signal)),
        upload: given?.upload ?? ((payload, signal) => uploadDeviceInfo(payload, { signal })),
      },
      controller.signal,
    );
    return () => controller.abort();
  }, []);

  if (!asking) return null;
  return (
    <Dialog
      open
      title={LOCATION_CONSENT.title}
      onClose={() => asking(false)}
      actions={
        <>
          <Button block onClick={() => asking(true)}>
            {LOCATION_CONSENT.allow}
          </Button>
          <Button block variant="secondary" onClick={() => asking(false)}>
            {LOCATION_CONSENT.notNow}
          </Button>
        </>
      }
    >
      <p>{LOCATION_CONSENT.text}</p>
      <p>{LOCATION_CONSENT.detail}</p>
    </Dialog>
  );
}

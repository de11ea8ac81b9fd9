/**
 * The device-data check after sign-in, on home (./device-info.ts): the location explanation as a
 * dialog, and nothing else visible. Its own chunk (App loads it lazily), so the first screen does not
 * carry it.
 */
import { useEffect, useRef, useState } from 'react';
import { commonText } from '../../i18n/en/common';
import { deviceText } from '../../i18n/en/device';
import { needUpload, uploadDeviceInfo } from '../api/device';
import { noteConsentGiven } from '../api/privacy';
import { localConsents } from '../lib/consents';
import { session } from '../lib/session';
import { tabStorage } from '../lib/tab-storage';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useText } from '../ui/text';
import { browserPosition, checkDeviceInfo, deviceCheckKey, type DeviceCheckDeps } from './device-info';

export interface DeviceInfoProps {
  /** The calls and the browser (tests give fakes); the app's by default. */
  deps?: Partial<Pick<DeviceCheckDeps, 'needUpload' | 'upload' | 'locate' | 'canLocate' | 'consented'>>;
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
        withdrawn: () => localConsents.withdrawn('location'),
        consented: given?.consented ?? (() => noteConsentGiven('location')),
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
  return <Explanation answer={asking} />;
}

/** Why the location, asked before the browser's own prompt: Allow, or Not now. */
function Explanation({ answer }: { answer: (allowed: boolean) => void }) {
  const t = useText(deviceText);
  const common = useText(commonText);
  return (
    <Dialog
      open
      title={t('title')}
      onClose={() => answer(false)}
      actions={
        <>
          <Button block onClick={() => answer(true)}>
            {t('allow')}
          </Button>
          <Button block variant="secondary" onClick={() => answer(false)}>
            {common('notNow')}
          </Button>
        </>
      }
    >
      <p>{t('text')}</p>
      <p>{t('detail')}</p>
    </Dialog>
  );
}

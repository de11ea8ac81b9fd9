/**
 * Device data after sign-in (spec §7 POST /device/v1/needUpload, /device/v1/upload/device_info; §8
 * 'Location fetch failure for device info is silently ignored'; docs/journeys/feedback-and-analytics.md 'Analytics and device info').
 *
 * Once per tab and borrower: ask the lender what it wants; when it wants the location (type 'gps',
 * needUpload 1), explain first and ask; only on Allow read the browser's position once and send it.
 * The answer (or 'nothing wanted') is remembered in this tab, so a reload never asks again. Every
 * failure and refusal ends it quietly: no toast, nothing retried. The explanation's texts: i18n/en/device.ts.
 */
import type { DeviceLocationPayload, NeedUpload } from '../../contract/device';
import { STORAGE_PREFIX } from '../lib/session';

/** Browser position options: one coarse reading, a recent one will do. */
export const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 20_000, maximumAge: 5 * 60_000 };

export type DeviceCheckOutcome = 'nothing-wanted' | 'allowed' | 'declined';

/** Where the tab keeps the outcome (sessionStorage; Quit removes it with the rest of `bw.`). */
export const deviceCheckKey = (borrower: string | null) => `${STORAGE_PREFIX}device.${borrower ?? 'session'}`;

export interface DeviceCheckDeps {
  /** The borrower withdrew the consent to the location: nothing is asked for or sent. */
  withdrawn(): boolean;
  /** Allow: the consent, kept on the device and sent to the lender. */
  consented(): void;
  /** This tab already did it for this borrower. */
  done(): boolean;
  remember(outcome: DeviceCheckOutcome): void;
  needUpload(signal: AbortSignal): Promise<NeedUpload>;
  /** False when the browser has no geolocation: then nothing is asked. */
  canLocate(): boolean;
  /** Shows the explanation; true on Allow. */
  ask(signal: AbortSignal): Promise<boolean>;
  locate(signal: AbortSignal): Promise<{ latitude: number; longitude: number }>;
  upload(payload: DeviceLocationPayload, signal: AbortSignal): Promise<void>;
}

export const wantsLocation = (list: NeedUpload): boolean => list.some((item) => item.type.toLowerCase() === 'gps' && item.needUpload === 1);

/** The whole check; never rejects (failures and refusals are silent). */
export async function checkDeviceInfo(deps: DeviceCheckDeps, signal: AbortSignal): Promise<void> {
  try {
    if (deps.done() || deps.withdrawn()) return;
    const list = await deps.needUpload(signal);
    if (signal.aborted) return;
    if (!wantsLocation(list) || !deps.canLocate()) return deps.remember('nothing-wanted');
    const allowed = await deps.ask(signal);
    if (signal.aborted) return;
    deps.remember(allowed ? 'allowed' : 'declined');
    if (!allowed) return;
    deps.consented();
    const { latitude, longitude } = await deps.locate(signal);
    if (signal.aborted) return;
    await deps.upload({ gps: { address: '', latitude, longitude } }, signal);
  } catch {
    // Silently ignored (spec §8): no location, a refusal, a failed call.
  }
}

/** The browser's position once, as a promise (rejects on refusal, timeout or abort). */
export function browserPosition(geolocation: Geolocation, signal: AbortSignal): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      (e) => reject(new Error(e.message || 'position unavailable')),
      POSITION_OPTIONS,
    );
  });
}

/**
 * Analytics and device data, mounted once by App (docs/journeys/feedback-and-analytics.md 'Analytics and device info'):
 * - starts analytics (src/lib/analytics.ts, loaded after the first screen) with the beacon transport;
 * - the country the lender sees (GET /system/get-country), once per page load, a little after the
 *   first screen, recorded as an analytics event and used for nothing else;
 * - on home, signed in, outside the native shell: the device-data check (./DeviceInfo.tsx, its own chunk).
 */
import { lazy, Suspense, useEffect } from 'react';
import { paths } from '../../machines/shared/paths';
import { startAnalytics, withAnalytics } from '../lib/analytics-front';
import { session } from '../lib/session';
import { withTexts } from '../lib/language';

const DeviceInfo = lazy(() => withTexts(import('./DeviceInfo')));

/** After the first screen: the country is no reason to delay it. */
export const COUNTRY_AFTER_MS = 3_000;

let countryAsked = false;

export interface TelemetryProps {
  /** The address's path: only to know home, never sent. */
  pathname: string;
  signedIn: boolean;
}

export function Telemetry({ pathname, signedIn }: TelemetryProps) {
  // The analytics module and its transport load after the first screen (src/lib/analytics-front.ts).
  useEffect(() => startAnalytics(() => import('../api/analytics').then((m) => m.sendBuryingPoint)), []);

  useEffect(() => {
    if (countryAsked) return;
    const timer = setTimeout(() => {
      countryAsked = true;
      import('../api/country')
        .then(({ getCountry }) => getCountry())
        .then(
          (country) => country && withAnalytics((analytics) => analytics.action('country', country)),
          () => {}, // unknown: nothing recorded
        );
    }, COUNTRY_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  // The native shell reports the device itself (spec §3 'Native device info'): not asked again in app mode.
  const deviceCheck = signedIn && pathname === paths.home.pattern && !session.appMode();
  return deviceCheck ? (
    <Suspense fallback={null}>
      <DeviceInfo />
    </Suspense>
  ) : null;
}

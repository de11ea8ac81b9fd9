/**
 * Analytics calls (contract/analytics.ts). The events go out with navigator.sendBeacon, not the
 * client: a beacon is delivered even while the page closes, and it carries no headers, so events are
 * anonymous (no token: nothing personal, and an analytics ping can never end a session).
 */
import { pathOf } from '../../contract/endpoint';
import { analyticsCalls, type BuryingPoint } from '../../contract/analytics';
import { API_ROOT } from './base';

export const BURYING_POINT_URL = `${API_ROOT.replace(/\/+$/, '')}${pathOf(analyticsCalls.buryingPoint)}`;

/**
 * Sends one event (JSON) with navigator.sendBeacon. False when
 * the browser has no beacon or refused it (its queue is full): the event then waits for the next flush.
 */
export function sendBuryingPoint(event: BuryingPoint, nav: Pick<Navigator, 'sendBeacon'> | undefined = globalThis.navigator): boolean {
  if (typeof nav?.sendBeacon !== 'function') return false;
  return nav.sendBeacon(BURYING_POINT_URL, new Blob([JSON.stringify(event)], { type: 'application/json' }));
}

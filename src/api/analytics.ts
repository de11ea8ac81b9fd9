/**
 * Analytics calls (contract/analytics.ts). The events go out with navigator.sendBeacon, not the
 * client: a beacon is delivered even while the page closes, and it carries no headers, so events are
 * anonymous (no token: nothing personal, and an analytics ping can never end a session).
 */
import type { BuryingPoint } from '../../contract/analytics';

/** The client's base (src/api/client.ts `api`): same-origin /api1 unless VITE_API_BASE was set at build time. */
const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api1';
export const BURYING_POINT_URL = `${API_BASE.replace(/\/+$/, '')}/burying-point/v2/burying-point`;

/**
 * Sends one event (POST /burying-point/v2/burying-point, JSON) with navigator.sendBeacon. False when
 * the browser has no beacon or refused it (its queue is full): the event then waits for the next flush.
 */
export function sendBuryingPoint(event: BuryingPoint, nav: Pick<Navigator, 'sendBeacon'> | undefined = globalThis.navigator): boolean {
  if (typeof nav?.sendBeacon !== 'function') return false;
  return nav.sendBeacon(BURYING_POINT_URL, new Blob([JSON.stringify(event)], { type: 'application/json' }));
}

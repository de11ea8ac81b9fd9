/**
 * Analytics (spec §7 POST /burying-point/v2/burying-point, GET /system/get-country).
 *
 * One event per request, as the spec writes it: {projectName, pageName, behavior, value, eventTime}.
 * The app queues events and sends them in batches, each as its own request (src/lib/analytics.ts).
 */
import * as v from 'valibot';
import { Ignored } from './envelope';
import type { Endpoint } from './endpoint';

export const BuryingPoint = v.looseObject({
  projectName: v.string(),
  pageName: v.string(),
  behavior: v.string(),
  value: v.optional(v.unknown()),
  eventTime: v.union([v.number(), v.string()]),
});
export type BuryingPoint = v.InferOutput<typeof BuryingPoint>;

/**
 * GET /system/get-country: the country the lender sees the request coming from, as an ISO 3166-1
 * alpha-2 code ('IN'). The spec gives no shape: a lender may send the code itself or an object with
 * `country` or `countryCode`; anything else reads as null (unknown). The app only records it in
 * analytics (docs/journeys/feedback-and-analytics.md 'Analytics and device info').
 */
export const Country = v.pipe(
  v.unknown(),
  v.transform((data): string | null => {
    const raw =
      typeof data === 'string'
        ? data
        : typeof data === 'object' && data !== null
          ? ((data as { country?: unknown }).country ?? (data as { countryCode?: unknown }).countryCode)
          : null;
    return typeof raw === 'string' && /^[A-Za-z]{2}$/.test(raw.trim()) ? raw.trim().toUpperCase() : null;
  }),
);
export type Country = v.InferOutput<typeof Country>;

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// Analytics (spec §7): the events, sent as beacons with no token, and the country.

const buryingPoint = { method: 'POST', path: '/burying-point/v2/burying-point', body: BuryingPoint, answer: Ignored, token: false, beyondSpec: false } as const satisfies Endpoint;

const country = { method: 'GET', path: '/system/get-country', answer: Country, token: false, beyondSpec: false } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const analyticsCalls = { buryingPoint, country } as const;

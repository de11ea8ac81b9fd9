/** Analytics (spec §7): the events, sent as beacons with no token, and the country. */
import { BuryingPoint, Country } from '../analytics';
import { Ignored } from '../envelope';
import type { Endpoint } from '../endpoint';

export const buryingPoint = { method: 'POST', path: '/burying-point/v2/burying-point', body: BuryingPoint, answer: Ignored, token: false, beyondSpec: false } as const satisfies Endpoint;

export const country = { method: 'GET', path: '/system/get-country', answer: Country, token: false, beyondSpec: false } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const analyticsCalls = { buryingPoint, country } as const;

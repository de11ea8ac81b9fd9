/** The home screen's one call (spec §7). */
import { HomeResponse } from '../home';
import type { Endpoint } from '../endpoint';

export const home = { method: 'GET', path: '/home/v1/index', answer: HomeResponse, token: true, beyondSpec: false } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const homeCalls = { home } as const;

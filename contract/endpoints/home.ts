/** The home screen's one call (spec §7). */
import { HomeResponse } from '../home';
import type { Endpoint } from '../endpoint';

export const homeCalls = {
  home: { method: 'GET', path: '/home/v1/index', answer: HomeResponse, token: true, beyondSpec: false },
} as const satisfies Record<string, Endpoint>;

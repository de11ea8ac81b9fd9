/** The country the lender sees the request from. Loaded lazily: the first screen does not need it. */
import { analyticsCalls, type Country } from '../../contract/analytics';
import { api, type CallOptions } from './client';

/** 'IN', or null when the lender does not say. */
export function getCountry({ signal }: CallOptions = {}): Promise<Country> {
  return api.call(analyticsCalls.country, { signal });
}

/** GET /system/get-country (contract/analytics.ts Country). Loaded lazily: the first screen does not need it. */
import { Country } from '../../contract/analytics';
import { api, type CallOptions } from './client';

/** The country the lender sees the request from ('IN'), or null when it does not say. */
export function getCountry({ signal }: CallOptions = {}): Promise<Country> {
  return api.get('system/get-country', Country, { signal });
}

import { api, type CallOptions } from './client';
import { HomeResponse } from './schemas';

/** GET /home/v1/index */
export function getHome({ signal }: CallOptions = {}): Promise<HomeResponse> {
  return api.get('home/v1/index', HomeResponse, { signal });
}

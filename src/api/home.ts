import { api, type CallOptions } from './client';
import { HomeResponse } from '../../contract/home';

/** GET /home/v1/index */
export function getHome({ signal }: CallOptions = {}): Promise<HomeResponse> {
  return api.get('home/v1/index', HomeResponse, { signal });
}

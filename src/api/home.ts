import { homeCalls, type HomeResponse } from '../../contract/home';
import { api, type CallOptions } from './client';

export function getHome({ signal }: CallOptions = {}): Promise<HomeResponse> {
  return api.call(homeCalls.home, { signal });
}

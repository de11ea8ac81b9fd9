import { homeCalls, type HomeResponse } from '../../contract/home';
import { call, type CallOptions } from './client';

export function getHome({ signal }: CallOptions = {}): Promise<HomeResponse> {
  return call(homeCalls.home, { signal });
}

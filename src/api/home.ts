import { homeCalls, type HomeResponse } from '../../contract/home';
import { api, type CallOptions } from './client';
import { readKey, readOrCall } from './read-ahead';

export const homeRead = readKey(homeCalls.home.path);

/** Home's data: a fresh read-ahead answer (started at sign-in), else the call. */
export function getHome({ signal }: CallOptions = {}): Promise<HomeResponse> {
  return readOrCall(homeRead, (s) => api.call(homeCalls.home, { signal: s }), signal);
}

import { homeCalls, type HomeResponse } from '../../contract/home';
import { api, type CallOptions } from './client';
import { readAhead, readKey, readOrCall } from './read-ahead';

export const homeRead = readKey(homeCalls.home.path);

/**
 * Home, once the sign-in has answered: its data and its scheduled applications come while its
 * screen loads. Here, in home's own chunk, which Log in has already loaded (the home screen's).
 */
export function readHomeAhead(): void {
  readAhead(homeRead, (signal) => getHome({ signal })).catch(() => {});
  void import('./schedule').then((schedule) => schedule.readSchedulesAhead());
}

/** Home's data: a fresh read-ahead answer (started at sign-in), else the call. */
export function getHome({ signal }: CallOptions = {}): Promise<HomeResponse> {
  return readOrCall(homeRead, (s) => api.call(homeCalls.home, { signal: s }), signal);
}

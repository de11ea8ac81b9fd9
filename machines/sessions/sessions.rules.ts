/**
 * The rules of the signed-in devices list (machines/sessions/sessions.machine.ts), which the view
 * reads too: how a device is named, how it signed in, the order of the list, and which devices
 * are signed out by id (every one but this device, whose Sign out is Quit).
 */
import type { SessionItem } from '../../contract/sessions';
import { say, type Said } from '../../i18n/core';
import type { SessionsKey } from '../../i18n/en/sessions';

/**
 * A device in the words a person knows it by: the native shell's device as the lender sent it
 * ('Apple iPhone15,2'), else '{browser} on {os}', else what is known of the two.
 */
export function deviceName(s: SessionItem): Said<SessionsKey> {
  if (s.model.trim()) return { server: s.model.trim() };
  const browser = s.browser.trim();
  const os = s.os.trim();
  if (browser && os) return say('browserOnOs', { browser, os });
  if (browser) return { server: browser };
  if (os) return say('osDevice', { os });
  return say('unknownDevice');
}

const METHODS: Readonly<Record<string, SessionsKey>> = { code: 'methodCode', app: 'methodApp', partner: 'methodPartner' };

/** How it signed in, for the methods the app knows; another backend's word is not shown. */
export const methodKey = (method: string): SessionsKey | null => METHODS[method] ?? null;

/** This device first; the others in the lender's order (the sandbox's: the most recently used first). */
export const ordered = (sessions: readonly SessionItem[]): SessionItem[] => [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];

/** Whether `id` is a listed device other than this one: those are signed out by id. */
export const isOtherDevice = (sessions: readonly SessionItem[], id: string): boolean => sessions.some((s) => s.id === id && !s.current);

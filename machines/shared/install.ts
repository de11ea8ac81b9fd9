/**
 * Add to home screen and app updates: the pure rules; their texts are in
 * i18n/en/install.ts. No browser here: the edge (src/flows/install/) reads the user agent, display
 * mode, storage and the captured `beforeinstallprompt`, and these decide what home shows.
 */

/** What home offers: the browser's own install prompt, the iOS Safari guide, or nothing. */
export type InstallOffer = 'prompt' | 'ios-guide' | 'none';

export interface InstallEnv {
  /** navigator.userAgent. */
  userAgent: string;
  /** navigator.maxTouchPoints (iPadOS Safari calls itself a Mac: a Mac with a touch screen is an iPad). */
  maxTouchPoints: number;
  /** Opened in the native shell: the session's app mode, or the bridge answers. */
  inShell: boolean;
  /** Already launched from the home screen: display-mode standalone, or iOS navigator.standalone. */
  standalone: boolean;
  /** The browser fired `beforeinstallprompt` and its prompt() has not been used yet. */
  promptAvailable: boolean;
  /** When the borrower last said 'Not now' (ms since the epoch), or null. */
  dismissedAt: number | null;
  /** Now, in ms since the epoch. */
  now: number;
}

/** A dismissal is remembered this long; after it, home offers again (calmly, once). */
export const DISMISS_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * iOS or iPadOS Safari itself: only Safari can add to the home screen on iOS (Chrome, Firefox, Edge and
 * Opera on iOS say CriOS, FxiOS, EdgiOS, OPiOS; in-app browsers and web views carry no `Safari/` token
 * or name themselves: FBAN/FBAV, Instagram, Line, GSA).
 */
export function isIosSafari(userAgent: string, maxTouchPoints = 0): boolean {
  const ios = /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
  if (!ios) return false;
  if (!/\bSafari\//.test(userAgent) || !/\bVersion\//.test(userAgent)) return false;
  return !/\b(CriOS|FxiOS|EdgiOS|OPiOS|OPT|YaBrowser|DuckDuckGo|GSA|FBAN|FBAV|Instagram|Line)\b/.test(userAgent);
}

/** True while a dismissal made at `dismissedAt` still holds. */
export function dismissalHolds(dismissedAt: number | null, now: number): boolean {
  return dismissedAt !== null && now >= dismissedAt && now - dismissedAt < DISMISS_DAYS * DAY_MS;
}

/** The stored dismissal ('2026-11-23T05:00:00.000Z') as ms, or null when missing or not a date. */
export function parseDismissal(raw: string | null): number | null {
  if (!raw) return null;
  const ms = Date.parse(raw);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * What home shows: nothing inside the native shell, when already installed or while a dismissal
 * holds; else the browser's prompt where it offered one, else the guide on iOS Safari, else nothing.
 */
export function installOffer(env: InstallEnv): InstallOffer {
  if (env.inShell || env.standalone || dismissalHolds(env.dismissedAt, env.now)) return 'none';
  if (env.promptAvailable) return 'prompt';
  if (isIosSafari(env.userAgent, env.maxTouchPoints)) return 'ios-guide';
  return 'none';
}

/** The request headers of spec §7, computed from the environment. Pure helpers, easy to test. */

/** 'ios-h5' on iPhone/iPad/iPod (including iPadOS that reports itself as a Mac with touch), else 'android-h5'. */
export function osFromUserAgent(ua: string, maxTouchPoints = 0): 'ios-h5' | 'android-h5' {
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios-h5';
  if (/Macintosh/i.test(ua) && maxTouchPoints > 1) return 'ios-h5';
  return 'android-h5';
}

/** The value of one cookie, or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/** Facebook tracking cookies, read for tracking only (spec §9). */
export const TRACKING_COOKIES = { fbp: '_fbp', fbc: '_fbc', fbUserId: 'fbUserId' } as const;

export interface HeaderEnv {
  userAgent: string;
  maxTouchPoints: number;
  cookies: string;
  packageName: string;
  token: string | null;
  /** The borrower's language: sent as Accept-Language, which a backend may ignore. */
  language?: string;
}

export function requestHeaders(env: HeaderEnv): Record<string, string> {
  const h: Record<string, string> = {
    os: osFromUserAgent(env.userAgent, env.maxTouchPoints),
    packageName: env.packageName,
  };
  if (env.token) h.token = env.token;
  // The sandbox answers its content (FAQ, About us, form labels, relations) in Hindi for 'hi';
  // a standard header, so any other backend may ignore it and answer in English.
  if (env.language) h['Accept-Language'] = env.language === 'hi' ? 'hi-IN, hi;q=0.9, en;q=0.5' : 'en-IN, en;q=0.9';
  for (const [header, cookie] of Object.entries(TRACKING_COOKIES)) {
    const value = readCookie(env.cookies, cookie);
    if (value) h[header] = value;
  }
  return h;
}

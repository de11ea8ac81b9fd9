/**
 * A User-Agent in the words a person tells their devices apart by: the browser's name and the
 * system's ('Chrome' on 'Android', 'Safari' on 'iPhone'), as Account's list of signed-in devices shows
 * them. Names only, no versions: a borrower knows "Chrome on Android", not "Chrome 126 on Android 14".
 * An agent it cannot read gives '' for that part, and the app words what is left.
 */
export interface DeviceKind {
  browser: string;
  os: string;
}

/** First match wins: the order matters (Edge and Samsung Internet also say Chrome; Chrome also says Safari). */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/EdgA?\/|EdgiOS\//, 'Edge'],
  [/OPR\/|OPiOS\/|Opera/, 'Opera'],
  [/UCBrowser\//, 'UC Browser'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/; wv\)/, 'Android WebView'],
  [/CriOS\/|Chrome\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
];

const first = (table: readonly (readonly [RegExp, string])[], ua: string) => table.find(([pattern]) => pattern.test(ua))?.[1] ?? '';

export function deviceKind(userAgent: string): DeviceKind {
  return { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent) };
}

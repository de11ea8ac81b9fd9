/**
 * The Hindi every screen draws (the app's titles and navigation, the shared controls), in one chunk:
 * one request, and one gzip stream for both (src/lib/language.ts loads it with the first screen).
 */
export { app } from './app';
export { common } from './common';

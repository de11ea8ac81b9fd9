/**
 * Another tab changed the session (src/ui/SessionNotice.tsx): signed out, or signed in as someone
 * else. Its own namespace: the notice is a lazy chunk (App loads it after the first screen).
 */
import { catalogue } from '../core';

export const sessionText = catalogue('session', {
  signedOut: 'Signed out',
  otherAccount: 'Another account',
  signedIn: 'Signed in',
  signInAgain: 'Sign in again',
  continueAs: 'Continue as {phone}',
  continueThat: 'Continue with that account',
  kept: 'What you typed here is kept.',
  keptFor: 'What you typed here is kept for {phone}.',
  outText: 'You signed out in another tab. Nothing more is sent from this page.',
  otherIn: 'Another account ({phone}) is now signed in on this device.',
  otherInAnon: 'Another account is now signed in on this device.',
  notSent: 'Nothing more is sent from this page, which belongs to the account it was opened with.',
  anyIn: 'An account ({phone}) is now signed in on this device, in another tab.',
  anyInAnon: 'An account is now signed in on this device, in another tab.',
}, () => import('../hi/session'));

export type SessionKey = keyof typeof sessionText.en;

/** Signed-in devices (Account): the borrower's sessions, each with Sign out. Beyond the spec. */
import { catalogue } from '../core';

export const sessionsText = catalogue('sessions', {
  heading: 'Signed-in devices',
  intro: 'Lost a phone? Sign it out here. It will need a new code to sign in again.',
  thisDevice: 'This device',
  browserOnOs: '{browser} on {os}',
  osDevice: '{os} device',
  unknownDevice: 'Unknown device',
  methodCode: 'Signed in with an SMS code',
  methodApp: 'Signed in through the app',
  methodPartner: "Signed in through a partner's app",
  signedInAt: 'Signed in {time}',
  lastUsedAt: 'Last used {time}',
  signOut: 'Sign out',
  signOutDevice: 'Sign out {device}',
  signOutQuestion: 'Sign out {device}?',
  signOutConsequence: 'That device will need a new code to sign in again.',
  signedOut: '{device} is signed out.',
  loading: 'Loading your signed-in devices…',
  loadFailed: 'Could not load your signed-in devices.',
  signOutFailed: 'Could not sign out that device. Please try again.',
  signOutNotOffered: 'Your lender does not offer signing out other devices.',
}, () => import('../hi/sessions'));

export type SessionsKey = keyof typeof sessionsText.en;

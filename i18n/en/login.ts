/** The sign-in screen (spec §5 Login, §8): the first one verbatim, typo included. */
import { catalogue } from '../core';

export const loginText = catalogue('login', {
  agreementRequired: 'Please agree with Loan Guarantee Argreement.',
  invalidPhone: 'Please enter a valid 10-digit mobile number.',
  sendFailed: 'Could not send the code. Please try again.',
  loginFailed: 'Could not log you in. Please try again.',
  pitch: 'Instant personal loans up to ₹40,000',
  signIn: 'Sign in',
  phoneLabel: 'Mobile number',
  phonePlaceholder: '{digits}-digit mobile number',
  codeLabel: 'Verification code',
  codePlaceholder: '{digits} digits',
  sendCode: 'Send code',
  resendIn: 'Resend in {seconds}s',
  cooldownStarted: 'You can request a new code in {seconds} seconds.',
  cooldownEnded: 'You can request a new code now.',
  agreeWith: 'I have read and agree to the {agreement}',
  agreementName: 'Loan Guarantee Agreement',
  close: 'Close',
  loadingAgreement: 'Loading the agreement…',
  logIn: 'Log in',
}, () => import('../hi/login'));

export type LoginKey = keyof typeof loginText.en;

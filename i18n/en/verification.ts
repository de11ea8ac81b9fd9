/** The verification hub, /auth/index (spec §2 'Verification router', §8 'Info' dialog). */
import { catalogue } from '../core';

export const verificationText = catalogue('verification', {
  title: 'Verification',
  checking: 'Checking your verification…',
  noProduct: 'This link does not say which loan product you are applying for.',
  chooseProduct: 'Choose a loan product on the home page to start.',
  goHome: 'Go to Home',
  info: 'Info',
  ok: 'OK',
  loadFailed: 'Could not check your verification. Please try again.',
}, () => import('../hi/verification'));

export type VerificationKey = keyof typeof verificationText.en;

/**
 * The face step (spec §2 'Face', §5) and its result page (spec §4 'Face result'): the spec's
 * message verbatim (trailing space included) and the screens' texts.
 */
import { catalogue } from '../core';

export const faceText = catalogue('face', {
  /** Spec §5, verbatim (trailing space included): Continue without a checked photo. */
  required: 'Please Upload Face Recognition ',
  configFailed: 'Could not open face recognition. Please try again.',
  holdFailed: 'Could not complete face recognition. Please try again.',
  // The face step.
  title: 'Face recognition',
  consentTitle: 'Before we take your photo',
  consentWhy: 'To confirm that it is really you applying, we need one clear photo of your face.',
  consentCamera: 'On a phone, the front camera opens to take it; elsewhere you choose a photo of yourself.',
  consentUse: 'The photo is sent to us only to check it against your identity documents, and is kept with your loan application.',
  consentNothing: 'Nothing is taken until you choose to.',
  consentAsk: 'Do you agree to take and send a photo of your face for this check?',
  agree: 'I agree',
  notNow: 'Not now',
  photoLabel: 'Your face photo',
  photoHint: 'Face the camera in good light, without a cap, mask or dark glasses.',
  continue: 'Continue',
  // The result page.
  resultTitle: 'Face recognition result',
  resultLoading: 'Getting your result…',
  passedTitle: 'Face recognition successful',
  passedText: 'Your photo matches. Let’s continue with your verification.',
  failedTitle: 'Face recognition failed',
  failedText: 'We could not confirm your face from this photo. Take another one in good light, facing the camera.',
  tryAgain: 'Try again',
}, () => import('../hi/face'));

export type FaceKey = keyof typeof faceText.en;

/**
 * The identity step, KYC (spec §2 'KYC (/auth/kyc)', §5 'KYC upload' and 'No-upload KYC'): the
 * spec's messages verbatim (capitals and trailing spaces included), the Aadhaar and PAN checks
 * (machines/shared/identity.ts reasons), and the screen's texts.
 */
import { catalogue } from '../core';

export const kycText = catalogue('kyc', {
  // Spec §5, verbatim (trailing spaces included).
  frontMissing: 'Please Upload Aadhaar front',
  backMissing: 'Please Upload Aadhaar Back ',
  panImageMissing: 'Please Upload PAN ',
  idNoMissing: 'Please Input IDcard No.',
  panNoMissing: 'Please Input Pan Id. ',
  // Ours (the spec is silent).
  nameMissing: 'Please enter your name as on the Aadhaar card.',
  notVerified: 'Please verify your Aadhaar number first.',
  otpIncomplete: 'Please enter the {digits}-digit OTP.',
  sendFailed: 'Could not send the OTP. Please try again.',
  verifyFailed: 'Could not verify the OTP. Please try again.',
  submitFailed: 'Could not submit. Please try again.',
  loadFailed: 'Could not load this step. Please try again.',
  stillReading: 'Still reading your Aadhaar card. Please wait a moment.',
  // The Aadhaar and PAN checks (machines/shared/identity.ts: the same English the sandbox sends).
  aadhaarLength: 'Aadhaar number must be 12 digits.',
  aadhaarStart: 'Aadhaar number cannot start with 0 or 1.',
  aadhaarChecksum: 'This Aadhaar number is not valid. Please check it.',
  panFormat: 'PAN must be 10 characters like ABCPE1234F.',
  // The screen.
  title: 'Identity verification',
  uploadIntro: 'Upload clear photos of your Aadhaar card (both sides) and your PAN card.',
  aadhaarCard: 'Aadhaar card',
  frontLabel: 'Aadhaar front',
  frontHint: 'The side with your photo, name and number.',
  backLabel: 'Aadhaar back',
  backHint: 'The side with your address.',
  panCard: 'PAN card',
  panHint: 'The front of your PAN card.',
  readingCard: 'Reading your card…',
  ocrUnreadable: 'We could not read the card. Please type your name and Aadhaar number.',
  nameLabel: 'Name as on Aadhaar',
  aadhaarLabel: 'Aadhaar number',
  digitsPlaceholder: '{digits} digits',
  verifiedHint: 'Verified by OTP. Only the last 4 digits are shown.',
  panLabel: 'PAN',
  otpIntro: 'Verify your Aadhaar number with an OTP sent to the mobile number linked with it, then enter your PAN.',
  verify: 'Verify',
  verified: 'Verified',
  otpTitle: 'Enter the OTP',
  otpSentTo: 'We sent an OTP to the mobile number linked with Aadhaar {number}.',
  otpLabel: 'OTP',
  verifyOtp: 'Verify OTP',
  resendIn: 'Resend in {seconds}s',
  resendOtp: 'Resend OTP',
  cancel: 'Cancel',
  submit: 'Submit',
}, () => import('../hi/kyc'));

export type KycKey = keyof typeof kycText.en;

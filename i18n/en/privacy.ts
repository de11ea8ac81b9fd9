/**
 * The privacy centre (Account → Privacy centre) and the consent before the Aadhaar and PAN images
 * (the identity step). Beyond the spec: docs/borrower-rights.md 'Privacy centre and consent'.
 */
import { catalogue } from '../core';

export const privacyText = catalogue('privacy', {
  // Account's link and the page.
  link: 'Privacy centre',
  title: 'Privacy centre',
  intro: 'What this app collects about you and why, the consents you gave, and how to ask for your data to be deleted.',
  loading: 'Loading your privacy details…',
  loadFailed: 'Could not load your privacy details. Please try again.',
  // What the app collects.
  collectedHeading: 'What we collect and why',
  collectedIdentity: 'Identity: your name, Aadhaar and PAN numbers and photos of both cards, to verify who you are (KYC), as RBI rules require.',
  collectedFace: 'Face: one photo of your face, to check it against your identity documents.',
  collectedForms: 'Basic and work details you type in, to assess your application.',
  collectedContacts: 'Contacts you give: the names and mobile numbers of three emergency contacts you type in. The app never reads the contact list of your phone.',
  collectedBank: 'Your bank account, to pay your loan into it and to collect repayments.',
  collectedLocation: 'Location: one reading, only when the lender asks and you allow it, to check your application.',
  collectedDevice: 'Device information: the pages you open and key actions (such as applying), with no name, number or identity details, to improve the app.',
  // Consents.
  consentsHeading: 'Your consents',
  consentsLocalNote: 'Your lender does not keep these consents online, so they are kept on this phone.',
  purposeIdentity: 'Photos of your Aadhaar and PAN cards',
  purposeFace: 'Camera, for the photo of your face',
  purposeLocation: 'Your location',
  purposeDevice: 'Device information',
  givenAt: 'Given {time}',
  withdrawnAt: 'Withdrawn {time}',
  notGiven: 'Not given yet. The step asks you first.',
  deviceOn: 'On. It carries no personal data.',
  withdraw: 'Withdraw',
  withdrawPurpose: 'Withdraw: {purpose}',
  allowAgain: 'Allow again',
  allowAgainPurpose: 'Allow again: {purpose}',
  afterIdentity: 'No more card photos are sent. If the identity step is still to do, it asks you again first.',
  afterFace: 'No more face photos are sent. The face step asks you again before the camera opens.',
  afterLocation: 'Your location is not asked for or sent again from this phone.',
  afterDevice: 'No more page views or actions are sent from this phone.',
  withdrawn: 'Withdrawn: {purpose}. Nothing more is sent under it.',
  allowed: 'Allowed again: {purpose}.',
  saveFailed: 'Could not tell your lender. It stays withdrawn on this phone; please try again.',
  // Deletion.
  deletionHeading: 'Delete my data',
  deletionIntro: 'Ask the lender to delete the data the law does not require it to keep. Loan and KYC records are kept as long as RBI rules and the law require; everything else is deleted.',
  deletionAsk: 'Ask for deletion',
  deletionQuestion: 'Ask for deletion?',
  deletionConsequence: 'The lender deletes what the law does not require it to keep, and says here when it is done.',
  deletionSend: 'Ask',
  deletionReceived: 'Received {time}. The lender is working on it.',
  deletionDone: 'Done {time}.',
  deletionDeclined: 'Declined {time}.',
  deletionReason: 'Why: {reason}',
  deletionSent: 'Your request was received.',
  deletionFailed: 'Could not send your request. Please try again.',
  deletionNotOffered: 'Your lender does not take deletion requests in the app. Please write to it through the Help Center.',
  // The policy.
  policyHeading: 'Privacy policy',
  policyWho: 'The lender named on the home page decides how your data is used and is responsible for it.',
  policyUse: 'Your data is used only to verify you, to decide on your application, to pay and collect your loan, and as the law requires. It is never sold or used for marketing without your consent.',
  policyShare: 'It is shared only where the law requires: with credit bureaus, and with authorities that ask for it lawfully.',
  policyKeep: 'Loan and KYC records are kept as long as RBI rules and the law require; the rest is deleted when you ask, or when it is no longer needed.',
  policyRights: 'You may see what was collected here, withdraw a consent, ask for deletion, and complain to the grievance officer named in the app.',
  // The consent before the Aadhaar and PAN images (identity step).
  identityTitle: 'Before you send your cards',
  identityWhy: 'To verify who you are, as RBI rules require, we need photos of both sides of your Aadhaar card and of your PAN card.',
  identityUse: 'The photos go to the lender only for this check (the front is read to fill in your name and number) and are kept with your KYC records as the law requires.',
  identityNothing: 'Nothing is sent until you choose a photo.',
  identityWithdraw: 'You can withdraw this consent in Account, Privacy centre.',
  identityAsk: 'Do you agree to send photos of your Aadhaar and PAN cards for this check?',
  agree: 'I agree',
  notNow: 'Not now',
}, () => import('../hi/privacy'));

export type PrivacyKey = keyof typeof privacyText.en;

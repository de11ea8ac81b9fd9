/** Add to home screen on home (the offer, the iOS Safari guide in three steps) and the update prompt. */
import { catalogue } from '../core';

export const installText = catalogue('install', {
  title: 'Add the app to your home screen',
  body: 'Open your loans in one tap, full screen, like an app.',
  install: 'Add to home screen',
  guide: 'In Safari, three steps:',
  share: 'Tap Share in the toolbar',
  choose: 'Choose Add to Home Screen',
  tapAdd: 'Tap Add',
  /** Safari's own Add button, drawn beside the third step. */
  add: 'Add',
  newVersion: 'A new version is available',
  update: 'Update',
  later: 'Later',
  updating: 'Updating…',
}, () => import('../hi/install'));

export type InstallKey = keyof typeof installText.en;

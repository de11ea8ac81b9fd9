/** Application Denied (spec §2 'Denied', §8, §9): the spec's text verbatim, typo included. */
import { catalogue } from '../core';

export const deniedText = catalogue('denied', {
  title: 'Application Denied',
  /** Spec §8, verbatim (typo included). */
  text: 'We could not approve your apolication at this moment. Please re-apply in 15 days',
  reapplyIn: 'You can re-apply in',
  againNow: 'You can apply again now.',
  dayOne: '{n} day',
  dayOther: '{n} days',
  hourOne: '{n} hour',
  hourOther: '{n} hours',
  back: 'Back',
}, () => import('../hi/denied'));

export type DeniedKey = keyof typeof deniedText.en;

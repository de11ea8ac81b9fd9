/** Help Center (/personal/help): the FAQ as the server sends it, and these few texts around it. */
import { catalogue } from '../core';

export const helpText = catalogue('help', {
  loading: 'Loading questions…',
  none: 'No questions yet.',
}, () => import('../hi/help'));

export type HelpKey = keyof typeof helpText.en;

import type { Translation } from '../core';
import type { helpText } from '../en/help';

export const help: Translation<typeof helpText> = {
  loading: 'सवाल लोड हो रहे हैं…',
  none: 'अभी कोई सवाल नहीं है।',
};

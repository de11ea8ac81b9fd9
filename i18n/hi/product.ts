import type { Translation } from '../core';
import type { productText } from '../en/product';

export const product: Translation<typeof productText> = {
  title: 'प्रोडक्ट की जानकारी',
  loading: 'प्रोडक्ट लोड हो रहा है…',
  summary: 'लोन का सारांश',
  maxAmount: 'अधिकतम राशि',
  lendingTime: 'लोन मिलने का समय',
  period: 'अवधि',
  days: '{n} दिन',
  rating: 'रेटिंग',
  outOf5: '5 में से {score}',
  interest: 'ब्याज',
  eligibility: 'प्रोडक्ट पात्रता',
  requirement: 'ज़रूरतें',
  applyNow: 'अभी आवेदन करें',
};

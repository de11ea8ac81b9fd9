import type { Translation } from '../core';
import type { homeOrdersText } from '../en/homeOrders';

export const homeOrders: Translation<typeof homeOrdersText> = {
  loanAmount: 'लोन राशि',
  amountDue: 'बकाया राशि',
  overdueTitle: 'भुगतान की तारीख निकल गई',
  overdue: 'ओवरड्यू',
  overdueOne: '{days} दिन से ओवरड्यू',
  overdueOther: '{days} दिन से ओवरड्यू',
  overdueFee: 'अब तक की ओवरड्यू फ़ीस',
  penal: 'दंड शुल्क',
  penalValue: 'बकाया मूलधन का {rate} प्रति दिन (इस लोन पर {amount} प्रति दिन)',
  notProvided: 'ऋणदाता ने यह जानकारी नहीं दी',
  penalNote: 'भुगतान में देरी के हर दिन दंड शुल्क जुड़ता है। यह शुल्क है, ब्याज नहीं।',
  loading: 'बकाया राशि लोड हो रही है…',
  loadFailed: 'इस लोन की बकाया राशि लोड नहीं हो सकी।',
  repay: 'अभी भुगतान करें',
};

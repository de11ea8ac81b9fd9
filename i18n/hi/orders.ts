import type { Translation } from '../core';
import type { ordersText } from '../en/orders';

export const orders: Translation<typeof ordersText> = {
  title: 'लोन हिस्ट्री',
  loading: 'आपके ऑर्डर लोड हो रहे हैं…',
  loadFailed: 'आपके ऑर्डर लोड नहीं हो सके। कृपया फिर से कोशिश करें।',
  refresh: 'रिफ्रेश करें',
  refreshFailed: 'आपके ऑर्डर रिफ्रेश नहीं हो सके। कृपया फिर से कोशिश करें।',
  empty: 'अभी कोई ऑर्डर नहीं है, अपना पहला लोन लें',
  orderNo: 'ऑर्डर {orderNo}',
  loanAmount: 'लोन राशि',
  amountReceived: 'मिली राशि',
  repaymentAmount: 'चुकाने की राशि',
  blockedTitle: 'आपका एक लोन अभी चालू है',
  blockedNamed: 'आपका {name} लोन अभी चालू है, इसलिए उसके चुकने तक आप इसके लिए फिर से आवेदन नहीं कर सकते।',
  blocked: 'इस प्रोडक्ट पर आपका लोन अभी चालू है, इसलिए उसके चुकने तक आप इसके लिए फिर से आवेदन नहीं कर सकते।',
  scheduleOffer: 'अपना अगला आवेदन अभी शेड्यूल करें, लोन चुकते ही हम उसे आपकी ओर से भेज देंगे।',
  scheduleNext: 'अगला आवेदन शेड्यूल करें',
  applyLater: 'लोन चुकने के बाद आप फिर से आवेदन कर सकते हैं।',
};

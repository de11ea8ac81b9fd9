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
  willReceive: 'आपको मिलेंगे',
  afterFees: 'फ़ीस के बाद की राशि',
  repaymentAmount: 'चुकाने की राशि',
  blockedTitle: 'आपका एक लोन अभी चालू है',
  blockedNamed: 'वह लोन चुकने के बाद ही {name} के लिए नया आवेदन किया जा सकता है।',
  blocked: 'वह लोन चुकने के बाद ही इस प्रोडक्ट के लिए नया आवेदन किया जा सकता है।',
  scheduleOffer: 'आप इसे अभी शेड्यूल कर सकते हैं, हम इसे तब आपकी ओर से भेज देंगे।',
  scheduleNext: 'अगला आवेदन शेड्यूल करें',
  submittedTitle: 'आवेदन भेज दिया गया',
  submittedNamed: 'हमें {name} के लिए आपका आवेदन मिल गया है।',
  submitted: 'हमें आपका आवेदन मिल गया है।',
  submittedNext: 'ऋणदाता अब इसकी जाँच कर रहा है। इसमें आम तौर पर कुछ मिनट लगते हैं, और फ़ैसला होते ही आपको SMS मिलेगा। मंज़ूरी के बाद, पैसे पाने के लिए यहीं कन्फ़र्म करें।',
  followReview: 'जाँच देखें',
};

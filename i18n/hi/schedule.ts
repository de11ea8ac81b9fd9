import type { Translation } from '../core';
import type { scheduleText } from '../en/schedule';

export const schedule: Translation<typeof scheduleText> = {
  listTitle: 'शेड्यूल सूची',
  loadingList: 'आपके शेड्यूल किए गए आवेदन लोड हो रहे हैं…',
  listFailed: 'आपके शेड्यूल किए गए आवेदन लोड नहीं हो सके। कृपया फिर से कोशिश करें।',
  empty: 'कोई शेड्यूल किया गया ऑर्डर नहीं है',
  viewDetail: 'विवरण देखें',
  scheduledApplication: 'शेड्यूल किया गया आवेदन',
  stateScheduled: 'शेड्यूल किया गया',
  stateApplied: 'आवेदन हो गया',
  stateCanceled: 'रद्द किया गया',
  stateOther: 'स्थिति {state}',
  expectedAmount: 'अपेक्षित राशि',
  bankAccount: 'बैंक अकाउंट',
  created: 'बनाया गया',
  orderNumber: 'ऑर्डर नंबर',
  accountEnding: 'अकाउंट के आखिरी अंक {digits}',
  myLoans: 'मेरे लोन',

  detailTitle: 'शेड्यूल किया गया ऑर्डर',
  loadingDetail: 'आपका शेड्यूल किया गया आवेदन लोड हो रहा है…',
  openingList: 'आपके शेड्यूल किए गए आवेदन खुल रहे हैं…',
  detailFailed: 'यह शेड्यूल किया गया आवेदन लोड नहीं हो सका। कृपया फिर से कोशिश करें।',
  cancel: 'रद्द करें',
  cancelQuestion: 'क्या आप सच में यह शेड्यूल ऑर्डर रद्द करना चाहते हैं?',
  cancelConsequence: 'आपकी ओर से यह आवेदन नहीं भेजा जाएगा।',
  yes: 'हाँ',
  no: 'नहीं',
  cancelFailed: 'शेड्यूल किया गया आवेदन रद्द नहीं हो सका। कृपया फिर से कोशिश करें।',

  applyTitle: 'आवेदन शेड्यूल करें',
  loadingProduct: 'प्रोडक्ट लोड हो रहा है…',
  openingScheduled: 'आपका शेड्यूल किया गया आवेदन खुल रहा है…',
  whyBlocked: 'आप अभी आवेदन क्यों नहीं कर सकते',
  explanation:
    'जैसे ही यह प्रोडक्ट आपके लिए खुलेगा, उदाहरण के लिए जब आपका मौजूदा लोन चुका दिया जाएगा, हम आपकी ओर से अपने-आप आवेदन कर देंगे। उससे पहले आप इसे रद्द कर सकते हैं।',
  openOrder:
    'आपका एक लोन अभी चालू है, इसलिए आप अभी इस प्रोडक्ट के लिए आवेदन नहीं कर सकते। इसके बजाय आवेदन शेड्यूल करें, वह लोन चुकते ही हम इसे आपकी ओर से भेज देंगे।',
  scheduleButton: 'आवेदन शेड्यूल करें',
  loadFailed: 'यह प्रोडक्ट लोड नहीं हो सका। कृपया फिर से कोशिश करें।',
  noAmounts: 'इस प्रोडक्ट में अभी कोई लोन राशि उपलब्ध नहीं है।',
  noCard: 'कृपया बैंक अकाउंट चुनें या जोड़ें',
  scheduleFailed: 'आपका आवेदन शेड्यूल नहीं हो सका। कृपया फिर से कोशिश करें।',
};

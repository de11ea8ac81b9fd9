import type { Translation } from '../core';
import type { homeText } from '../en/home';

export const home: Translation<typeof homeText> = {
  home: 'होम',
  pitch: 'तुरंत पर्सनल लोन, सीधे आपके बैंक अकाउंट में।',
  loadFailed: 'आपका होम पेज लोड नहीं हो सका।',
  loading: 'आपके ऑफ़र लोड हो रहे हैं…',
  offer: 'आपका लोन ऑफ़र',
  products: 'लोन प्रोडक्ट',
  none: 'अभी कोई लोन प्रोडक्ट उपलब्ध नहीं है।',
  schedules: 'शेड्यूल किए गए आवेदन',
  borrowUpTo: 'अधिकतम लोन',
  period: 'अवधि',
  days: '{n} दिन',
  interest: 'ब्याज',
  applyNow: 'अभी आवेदन करें',
  details: 'प्रोडक्ट की जानकारी',
  upTo: 'अधिकतम',
  applyFor: '{name} के लिए आवेदन करें',
  apply: 'आवेदन करें',
  unavailable: 'उपलब्ध नहीं',
  scheduleFor: '{name} के लिए आवेदन शेड्यूल करें',
  schedule: 'शेड्यूल',
  inProgress: 'चालू ऑर्डर',
  view: 'देखें',
  linkBroken: 'यह प्रोडक्ट अभी उपलब्ध नहीं है।',
  failed: 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
};

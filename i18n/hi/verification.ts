import type { Translation } from '../core';
import type { verificationText } from '../en/verification';

export const verification: Translation<typeof verificationText> = {
  title: 'वेरिफ़िकेशन',
  checking: 'आपका वेरिफ़िकेशन जाँचा जा रहा है…',
  noProduct: 'इस लिंक में यह नहीं बताया गया है कि आप किस लोन के लिए आवेदन कर रहे हैं।',
  chooseProduct: 'शुरू करने के लिए होम पेज पर कोई लोन चुनें।',
  goHome: 'होम पर जाएँ',
  info: 'जानकारी',
  ok: 'ठीक है',
  loadFailed: 'आपका वेरिफ़िकेशन जाँचा नहीं जा सका। कृपया फिर से कोशिश करें।',
};

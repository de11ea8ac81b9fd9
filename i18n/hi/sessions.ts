import type { Translation } from '../core';
import type { sessionsText } from '../en/sessions';

export const sessions: Translation<typeof sessionsText> = {
  heading: 'साइन इन किए हुए डिवाइस',
  intro: 'फ़ोन खो गया? उसे यहाँ से साइन आउट करें। फिर से साइन इन करने के लिए उसे नया कोड चाहिए होगा।',
  thisDevice: 'यह डिवाइस',
  browserOnOs: '{os} पर {browser}',
  osDevice: '{os} डिवाइस',
  unknownDevice: 'अनजान डिवाइस',
  methodCode: 'SMS कोड से साइन इन',
  methodApp: 'ऐप से साइन इन',
  methodPartner: 'पार्टनर के ऐप से साइन इन',
  signedInAt: 'साइन इन: {time}',
  lastUsedAt: 'आखिरी बार इस्तेमाल: {time}',
  signOut: 'साइन आउट',
  signOutDevice: '{device} साइन आउट करें',
  signOutQuestion: '{device} साइन आउट करें?',
  signOutConsequence: 'फिर से साइन इन करने के लिए उस डिवाइस को नया कोड चाहिए होगा।',
  signedOut: '{device} साइन आउट हो गया।',
  loading: 'साइन इन किए हुए डिवाइस खुल रहे हैं…',
  loadFailed: 'साइन इन किए हुए डिवाइस नहीं दिख सके।',
  signOutFailed: 'वह डिवाइस साइन आउट नहीं हो सका। कृपया फिर से कोशिश करें।',
  signOutNotOffered: 'आपका लेंडर दूसरे डिवाइस साइन आउट करने की सुविधा नहीं देता।',
};

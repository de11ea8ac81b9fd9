import type { Translation } from '../core';
import type { loginText } from '../en/login';

export const login: Translation<typeof loginText> = {
  agreementRequired: 'कृपया लोन गारंटी एग्रीमेंट से सहमति दें।',
  invalidPhone: 'कृपया 10 अंकों का सही मोबाइल नंबर डालें।',
  sendFailed: 'कोड नहीं भेजा जा सका। कृपया फिर से कोशिश करें।',
  loginFailed: 'लॉग इन नहीं हो सका। कृपया फिर से कोशिश करें।',
  pitch: '₹40,000 तक का तुरंत पर्सनल लोन',
  signIn: 'साइन इन',
  phoneLabel: 'मोबाइल नंबर',
  phonePlaceholder: '{digits} अंकों का मोबाइल नंबर',
  codeLabel: 'वेरिफ़िकेशन कोड',
  codePlaceholder: '{digits} अंक',
  sendCode: 'कोड भेजें',
  resendIn: '{seconds} सेकंड में फिर भेजें',
  cooldownStarted: 'आप {seconds} सेकंड बाद नया कोड मांग सकते हैं।',
  cooldownEnded: 'अब आप नया कोड मांग सकते हैं।',
  agreeWith: 'मैंने {agreement} पढ़ लिया है और मैं इससे सहमत हूँ',
  agreementName: 'लोन गारंटी एग्रीमेंट',
  close: 'बंद करें',
  loadingAgreement: 'एग्रीमेंट लोड हो रहा है…',
  logIn: 'लॉग इन करें',
};

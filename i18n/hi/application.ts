import type { Translation } from '../core';
import type { applicationText } from '../en/application';

export const application: Translation<typeof applicationText> = {
  noCard: 'कृपया बैंक अकाउंट चुनें या जोड़ें',
  acknowledge: 'कृपया मुख्य तथ्य विवरण (KFS) पढ़ें और स्वीकार करें।',
  loadFailed: 'आपके लोन की जानकारी लोड नहीं हो सकी। कृपया फिर से कोशिश करें।',
  noAmounts: 'इस प्रोडक्ट में अभी कोई लोन राशि उपलब्ध नहीं है।',
  calculateFailed: 'चुकाने की राशि की गणना नहीं हो सकी। कृपया फिर से कोशिश करें।',
  applyFailed: 'आपका आवेदन नहीं भेजा जा सका। कृपया फिर से कोशिश करें।',
  title: 'लोन की पुष्टि',
  checking: 'आपके आवेदन की जाँच हो रही है…',
  opening: 'खुल रहा है…',
  loanAmount: 'लोन राशि',
  repayment: 'रीपेमेंट',
  repaymentAmount: 'रीपेमेंट राशि',
  interestRate: 'ब्याज दर',
  interestFee: 'ब्याज राशि',
  period: 'अवधि',
  periodDays: '{days} दिन',
  calculating: 'गणना हो रही है…',
  tryAgain: 'फिर कोशिश करें',
  chooseAccount: 'बैंक अकाउंट चुनें या जोड़ें',
  autoGetMoney: 'पैसे अपने-आप पाएँ',
  autoGetMoneyHint: 'लोन मंज़ूर होते ही पैसे आपके अकाउंट में भेज दिए जाएँगे।',
  applied: 'आवेदन भेज दिया गया।',
  applyNow: 'अभी आवेदन करें',
};

import type { Translation } from '../core';
import type { accountText } from '../en/account';

export const account: Translation<typeof accountText> = {
  account: 'अकाउंट',
  orders: 'ऑर्डर हिस्ट्री',
  schedules: 'शेड्यूल किए गए आवेदन',
  documents: 'दस्तावेज़',
  help: 'सहायता केंद्र',
  about: 'हमारे बारे में',
  quit: 'बाहर निकलें',
  quitQuestion: 'साइन आउट करें?',
  quitConsequence: 'दोबारा साइन इन करने के लिए आपको नया कोड चाहिए होगा। जो आपने भरा पर भेजा नहीं, वह इस फ़ोन से हट जाएगा।',
  signOut: 'साइन आउट',
};

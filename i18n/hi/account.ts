import type { Translation } from '../core';
import type { accountText } from '../en/account';

export const account: Translation<typeof accountText> = {
  account: 'अकाउंट',
  orders: 'ऑर्डर हिस्ट्री',
  schedules: 'शेड्यूल किए गए आवेदन',
  help: 'सहायता केंद्र',
  about: 'हमारे बारे में',
  quit: 'बाहर निकलें',
};

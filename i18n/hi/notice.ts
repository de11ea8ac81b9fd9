import type { Translation } from '../core';
import type { noticeText } from '../en/notice';

export const notice: Translation<typeof noticeText> = {
  title: 'सूचना',
  iosOnly: 'सिर्फ़ iOS के लिए',
  iosUsers: 'यह प्रोडक्ट सिर्फ़ iOS यूज़र्स के लिए उपलब्ध है।',
  iosBrowser: 'कृपया यह पेज खोलने के लिए iOS ब्राउज़र का इस्तेमाल करें।',
  contacts: 'इमरजेंसी कॉन्टैक्ट',
  contactsLead: 'साइन इन करने के बाद, वेरिफ़िकेशन के एक स्टेप के रूप में, आप ऐप में अपने तीन इमरजेंसी कॉन्टैक्ट जोड़ते हैं।',
  contactsPrivacy: 'इस पेज पर आपकी या आपके कॉन्टैक्ट की कोई जानकारी नहीं दिखाई जाती।',
  addContacts: 'इमरजेंसी कॉन्टैक्ट जोड़ें',
};

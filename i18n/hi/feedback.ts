import type { Translation } from '../core';
import type { feedbackText } from '../en/feedback';

export const feedback: Translation<typeof feedbackText> = {
  button: 'फ़ीडबैक',
  title: 'फ़ीडबैक',
  intro: 'बताएँ कि हम क्या बेहतर कर सकते हैं। आप कस्टमर केयर से भी संपर्क कर सकते हैं:',
  phone: 'फ़ोन',
  email: 'ईमेल',
  label: 'आपका फ़ीडबैक',
  send: 'भेजें',
  sending: 'भेज रहे हैं…',
  cancel: 'रद्द करें',
  thanks: 'आपके फ़ीडबैक के लिए धन्यवाद',
  sendFailed: 'आपका फ़ीडबैक नहीं भेजा जा सका। कृपया फिर से कोशिश करें।',
  refused: 'सिर्फ़ अक्षर, अंक, स्पेस और _ ? ! , . । ही लिखे जा सकते हैं',
  truncated: 'फ़ीडबैक ज़्यादा से ज़्यादा {max} अक्षरों का हो सकता है: बाकी हिस्सा हटा दिया गया।',
  refusedAndTruncated: 'सिर्फ़ अक्षर, अंक, स्पेस और _ ? ! , . । ही लिखे जा सकते हैं, और ज़्यादा से ज़्यादा {max} अक्षर: बाकी हिस्सा हटा दिया गया।',
  empty: 'कृपया पहले अपना फ़ीडबैक लिखें।',
};

import type { Translation } from '../core';
import type { deviceText } from '../en/device';

export const device: Translation<typeof deviceText> = {
  title: 'एक बार अपनी लोकेशन इस्तेमाल करने दें?',
  text: 'आपके आवेदन की जाँच के लिए हम एक बार आपकी लोकेशन इस्तेमाल करना चाहते हैं। हम आपको ट्रैक नहीं करते।',
  detail: 'अनुमति देने पर आपका ब्राउज़र आपसे पुष्टि माँग सकता है। आप मना भी कर सकते हैं: इससे आपके आवेदन पर कोई असर नहीं पड़ेगा।',
  allow: 'अनुमति दें',
};

import type { Translation } from '../core';
import type { deniedText } from '../en/denied';

export const denied: Translation<typeof deniedText> = {
  title: 'आवेदन अस्वीकार',
  text: 'हम अभी आपका आवेदन मंज़ूर नहीं कर सके। कृपया 15 दिन बाद फिर से आवेदन करें',
  reapplyIn: 'दोबारा आवेदन करने में बाकी समय',
  againNow: 'अब आप फिर से आवेदन कर सकते हैं।',
  dayOne: '{n} दिन',
  dayOther: '{n} दिन',
  hourOne: '{n} घंटा',
  hourOther: '{n} घंटे',
  back: 'वापस',
};

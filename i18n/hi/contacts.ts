import type { Translation } from '../core';
import type { contactsText } from '../en/contacts';

export const contacts: Translation<typeof contactsText> = {
  title: 'संपर्क',
  loading: 'फ़ॉर्म लोड हो रहा है…',
  intro: 'तीन ऐसे लोग, जिनसे हम तब बात कर सकें जब आपसे संपर्क न हो पाए।',
  contactN: 'संपर्क {n}',
  relationLabel: 'रिश्ता',
  relationPlaceholder: 'रिश्ता चुनें',
  nameLabel: 'नाम',
  mobileLabel: 'मोबाइल नंबर',
  submit: 'सबमिट करें',
  relation: 'कृपया रिश्ता चुनें।',
  name: 'कृपया नाम डालें।',
  mobile: 'कृपया मोबाइल नंबर डालें।',
  mobileInvalid: '6, 7, 8 या 9 से शुरू होने वाला 10 अंकों का मोबाइल नंबर डालें।',
  mobileRepeated: 'यह नंबर किसी दूसरे संपर्क के लिए पहले ही दिया जा चुका है।',
  mobileOwn: 'अपना नहीं, किसी और का नंबर डालें।',
  mobilePlaceholder: '{digits} अंकों का मोबाइल नंबर',
  nameHint: "सिर्फ़ अंग्रेज़ी के छोटे अक्षर a–z, ' और . (बिना स्पेस)। बड़े अक्षर छोटे हो जाते हैं।",
  missing: 'कृपया हाइलाइट किए गए फ़ील्ड भरें।',
  checkHighlighted: 'कृपया हाइलाइट किए गए फ़ील्ड ठीक करें।',
  submitFailed: 'आपके संपर्क सेव नहीं हो सके। कृपया फिर से कोशिश करें।',
  loadFailed: 'फ़ॉर्म लोड नहीं हो सका। कृपया फिर से कोशिश करें।',
  noRelations: 'रिश्ते के विकल्प नहीं मिले। कृपया बाद में फिर से कोशिश करें।',
};

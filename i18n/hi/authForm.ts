import type { Translation } from '../core';
import type { authFormText } from '../en/authForm';

export const authForm: Translation<typeof authFormText> = {
  titleBasic: 'बुनियादी जानकारी',
  titleWork: 'काम की जानकारी',
  loading: 'फ़ॉर्म लोड हो रहा है…',
  required: 'ज़रूरी है',
  missingOne: 'कृपया {field} भरें।',
  missingTwo: 'कृपया {first} और {second} भरें।',
  missingMany: 'कृपया {first} और {count} अन्य फ़ील्ड भरें।',
  checkHighlighted: 'कृपया हाइलाइट किए गए फ़ील्ड ठीक करें।',
  toFillOne: 'अभी भरना बाकी है: {field}।',
  toFillMany: 'अभी भरना बाकी है: {fields} और {last}।',
  fillAll: 'आगे बढ़ने के लिए सभी फ़ील्ड भरें।',
  chooseStateFirst: 'पहले राज्य चुनें।',
  emailInvalid: 'कृपया सही ई-मेल पता डालें, जैसे name@example.com',
  submitFailed: 'आपकी जानकारी सेव नहीं हो सकी। कृपया फिर से कोशिश करें।',
  loadFailed: 'फ़ॉर्म लोड नहीं हो सका। कृपया फिर से कोशिश करें।',
  districtsFailed: 'ज़िले लोड नहीं हो सके।',
  select: 'चुनें',
  selectState: 'राज्य चुनें',
  selectDistrict: 'ज़िला चुनें',
  loadingDistricts: 'ज़िले लोड हो रहे हैं…',
  tryAgain: 'फिर से कोशिश करें',
  submit: 'सबमिट करें',
};

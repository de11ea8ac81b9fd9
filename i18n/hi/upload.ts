import type { Translation } from '../core';
import type { uploadText } from '../en/upload';

export const upload: Translation<typeof uploadText> = {
  notImage: 'सिर्फ़ इमेज फ़ाइलें अपलोड की जा सकती हैं',
  tooBig: 'इमेज का साइज़ बहुत बड़ा है, सीमा 10MB है',
  uploadFailed: 'अपलोड नहीं हो सका। कृपया फिर से कोशिश करें।',
  choosePhoto: 'फ़ोटो चुनें',
  changePhoto: 'फ़ोटो बदलें',
  preview: '{label}: चुनी गई फ़ोटो',
  compressing: 'फ़ोटो छोटी की जा रही है…',
  uploadingLabel: '{label}: अपलोड हो रहा है',
  uploaded: 'अपलोड हो गया',
  retry: 'दोबारा भेजें',
  retryLabel: '{label}: दोबारा अपलोड करें',
  uploading: 'अपलोड हो रहा है',
  preparing: 'तैयार हो रहा है',
};

import type { Translation } from '../core';
import type { sessionText } from '../en/session';

export const session: Translation<typeof sessionText> = {
  signedOut: 'साइन आउट हो गया',
  otherAccount: 'दूसरा अकाउंट',
  signedIn: 'साइन इन हो गया',
  signInAgain: 'फिर से साइन इन करें',
  continueAs: '{phone} से जारी रखें',
  continueThat: 'उसी अकाउंट से जारी रखें',
  kept: 'आपने यहाँ जो लिखा है, वह सेव है।',
  keptFor: 'आपने यहाँ जो लिखा है, वह {phone} के लिए सेव है।',
  outText: 'आपने दूसरे टैब में साइन आउट किया है। इस पेज से अब कुछ नहीं भेजा जाएगा।',
  otherIn: 'इस डिवाइस पर अब दूसरा अकाउंट ({phone}) साइन इन है।',
  otherInAnon: 'इस डिवाइस पर अब दूसरा अकाउंट साइन इन है।',
  notSent: 'यह पेज उस अकाउंट का है जिससे इसे खोला गया था, इसलिए इससे अब कुछ नहीं भेजा जाएगा।',
  anyIn: 'इस डिवाइस पर दूसरे टैब में अब एक अकाउंट ({phone}) साइन इन है।',
  anyInAnon: 'इस डिवाइस पर दूसरे टैब में अब एक अकाउंट साइन इन है।',
};

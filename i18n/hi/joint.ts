import type { Translation } from '../core';
import type { jointText } from '../en/joint';

export const joint: Translation<typeof jointText> = {
  title: 'साइन इन हो रहा है',
  asking: 'ऐप से जुड़ रहे हैं…',
  loggingIn: 'आपको साइन इन कर रहे हैं…',
  noShellTitle: 'यह पेज ऐप में खोलें',
  noShell: 'यह पेज सिर्फ़ ऐप के अंदर काम करता है।',
  noShellHint: 'जिस ऐप से आपने इसे खोला है, यह उसी से आपको साइन इन करता है। ब्राउज़र में, इसके बजाय अपने मोबाइल नंबर से साइन इन करें।',
  loginLink: 'मोबाइल नंबर से साइन इन करें',
  retry: 'फिर से कोशिश करें',
  failedFallback: 'आपको साइन इन नहीं किया जा सका। कृपया फिर से कोशिश करें।',
  shellTimeout: 'ऐप ने समय पर जवाब नहीं दिया। कृपया फिर से कोशिश करें।',
};

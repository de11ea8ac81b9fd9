import type { Translation } from '../core';
import type { installText } from '../en/install';

/** The guide names Safari's controls as Safari in Hindi shows them ('शेयर करें', 'होम स्क्रीन में जोड़ें', 'जोड़ें'). */
export const install: Translation<typeof installText> = {
  title: 'ऐप को अपनी होम स्क्रीन पर जोड़ें',
  body: 'एक टैप में अपने लोन देखें, फ़ुल स्क्रीन में, बिल्कुल ऐप की तरह।',
  install: 'होम स्क्रीन पर जोड़ें',
  guide: 'Safari में, तीन स्टेप:',
  share: 'टूलबार में ‘शेयर करें’ पर टैप करें',
  choose: '‘होम स्क्रीन में जोड़ें’ चुनें',
  tapAdd: '‘जोड़ें’ पर टैप करें',
  add: 'जोड़ें',
  newVersion: 'ऐप का नया वर्ज़न उपलब्ध है',
  update: 'अपडेट करें',
  later: 'बाद में',
  updating: 'अपडेट हो रहा है…',
};

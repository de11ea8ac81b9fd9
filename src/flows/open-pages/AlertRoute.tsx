/** /alert (public): the iOS-only notice, the spec's two sentences verbatim (spec §2, §8), nothing else to do. */
import { noticeText } from '../../../i18n/en/notice';
import { Screen } from '../../ui/Screen';
import { useText } from '../../ui/text';
import './notice.css';

export default function AlertRoute() {
  const t = useText(noticeText);
  return (
    <Screen title={t('title')}>
      <section className="notice" aria-label={t('iosOnly')}>
        <svg className="notice-art" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="var(--brand-soft)" />
          <path d="M24 14v12" stroke="var(--brand)" strokeWidth="4" strokeLinecap="round" />
          <circle cx="24" cy="33" r="2.5" fill="var(--brand)" />
        </svg>
        <p>{t('iosUsers')}</p>
        <p>{t('iosBrowser')}</p>
      </section>
    </Screen>
  );
}

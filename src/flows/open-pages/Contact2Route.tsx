/**
 * /verify/contact2 (public; the spec names the route but gives no screen): a notice that the emergency
 * contacts are added in the app, after signing in, with a link to the contacts step through sign-in
 * (a borrower already signed in goes straight on). It makes no call and shows no data.
 */
import { Link } from 'wouter';
import { paths } from '../../../machines/shared/paths';
import { noticeText } from '../../../i18n/en/notice';
import { Screen } from '../../ui/Screen';
import { useText } from '../../ui/text';
import './notice.css';

/** /login?redirect=/auth/contacts: the contacts step checks itself and hands a finished step to the hub. */
export const CONTACT2_LINK = paths.login.href(paths.authStep.patterns.contacts);

export default function Contact2Route() {
  const t = useText(noticeText);
  return (
    <Screen title={t('contacts')}>
      <section className="notice" aria-label={t('contacts')}>
        <svg className="notice-art" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="var(--brand-soft)" />
          <circle cx="24" cy="19" r="6" fill="none" stroke="var(--brand)" strokeWidth="3" />
          <path d="M13 35c2-6 6-8 11-8s9 2 11 8" fill="none" stroke="var(--brand)" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <p>{t('contactsLead')}</p>
        <p className="muted">{t('contactsPrivacy')}</p>
        <Link href={CONTACT2_LINK} className="btn btn-primary btn-block">
          {t('addContacts')}
        </Link>
      </section>
    </Screen>
  );
}

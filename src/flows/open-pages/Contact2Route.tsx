/**
 * /verify/contact2 (public; the spec names the route but gives no screen): a notice that the emergency
 * contacts are added in the app, after signing in, with a link to the contacts step through sign-in
 * (a borrower already signed in goes straight on). It makes no call and shows no data.
 */
import { Link } from 'wouter';
import { CONTACT2_TEXTS } from '../../../machines/download/download.rules';
import { paths } from '../../../machines/shared/paths';
import { Screen } from '../../ui/Screen';
import './notice.css';

/** /login?redirect=/auth/contacts: the contacts step checks itself and hands a finished step to the hub. */
export const CONTACT2_LINK = paths.login.href(paths.authStep.patterns.contacts);

export default function Contact2Route() {
  return (
    <Screen title={CONTACT2_TEXTS.title}>
      <section className="notice" aria-label={CONTACT2_TEXTS.title}>
        <svg className="notice-art" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="var(--brand-soft)" />
          <circle cx="24" cy="19" r="6" fill="none" stroke="var(--brand)" strokeWidth="3" />
          <path d="M13 35c2-6 6-8 11-8s9 2 11 8" fill="none" stroke="var(--brand)" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <p>{CONTACT2_TEXTS.lead}</p>
        <p className="muted">{CONTACT2_TEXTS.privacy}</p>
        <Link href={CONTACT2_LINK} className="btn btn-primary btn-block">
          {CONTACT2_TEXTS.action}
        </Link>
      </section>
    </Screen>
  );
}

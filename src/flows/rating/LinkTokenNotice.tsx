/**
 * When the page's link carried another sign-in than the one on this device (src/lib/url-token.ts),
 * accounts are never switched silently: this says so and offers the choice. Until then the page works
 * as the borrower signed in here.
 */
import { useId, useSyncExternalStore } from 'react';
import { formatPhone } from '../../../machines/shared/phone';
import { session } from '../../lib/session';
import { linkToken } from '../../lib/url-token';
import { ratingText } from '../../../i18n/en/rating';
import { Button } from '../../ui/Button';
import { useText } from '../../ui/text';

const shown = (phone: string | null) => (phone ? formatPhone(phone.replace(/^91(?=\d{10}$)/, '')) : null);

export function LinkTokenNotice() {
  const titleId = useId();
  const t = useText(ratingText);
  const waiting = useSyncExternalStore(linkToken.subscribe, linkToken.waiting, () => false);
  if (!waiting) return null;
  const phone = shown(session.phone());
  return (
    <section className="link-notice" role="region" aria-labelledby={titleId}>
      <h2 id={titleId} className="link-notice-title">
        {t('linkTitle')}
      </h2>
      <p>{phone ? t('linkSignedInAs', { phone }) : t('linkSomeoneSignedIn')}</p>
      <div className="link-notice-actions">
        <Button variant="secondary" onClick={() => linkToken.decline()}>
          {phone ? t('linkStayAs', { phone }) : t('linkStay')}
        </Button>
        <Button variant="link" onClick={() => linkToken.accept()}>
          {t('linkSwitch')}
        </Button>
      </div>
    </section>
  );
}

/**
 * When the page's link carried another sign-in than the one on this device (src/lib/url-token.ts),
 * accounts are never switched silently: this says so and offers the choice. Until then the page works
 * as the borrower signed in here.
 */
import { useId, useSyncExternalStore } from 'react';
import { formatPhone } from '../../../machines/shared/phone';
import { session } from '../../lib/session';
import { linkToken } from '../../lib/url-token';
import { Button } from '../../ui/Button';

export const LINK_NOTICE = {
  title: 'This link is for another sign-in',
  text: (phone: string | null) =>
    `${phone ? `You are signed in as ${phone} on this device.` : 'Someone is already signed in on this device.'} The link you opened carries a different sign-in, possibly another account. Nothing was switched.`,
  stay: (phone: string | null) => (phone ? `Stay as ${phone}` : 'Stay signed in'),
  switch: "Use the link's account",
} as const;

const shown = (phone: string | null) => (phone ? formatPhone(phone.replace(/^91(?=\d{10}$)/, '')) : null);

export function LinkTokenNotice() {
  const titleId = useId();
  const waiting = useSyncExternalStore(linkToken.subscribe, linkToken.waiting, () => false);
  if (!waiting) return null;
  const phone = shown(session.phone());
  return (
    <section className="link-notice" role="region" aria-labelledby={titleId}>
      <h2 id={titleId} className="link-notice-title">
        {LINK_NOTICE.title}
      </h2>
      <p>{LINK_NOTICE.text(phone)}</p>
      <div className="link-notice-actions">
        <Button variant="secondary" onClick={() => linkToken.decline()}>
          {LINK_NOTICE.stay(phone)}
        </Button>
        <Button variant="link" onClick={() => linkToken.accept()}>
          {LINK_NOTICE.switch}
        </Button>
      </div>
    </section>
  );
}

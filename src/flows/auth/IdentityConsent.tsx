/**
 * The consent before the Aadhaar and PAN images (the identity step's upload variant): what the card
 * photos are for, I agree, or Not now back to the product. Shown instead of the form, so no image
 * slot exists before the borrower agrees, as on the face step.
 */
import { Link } from 'wouter';
import { privacyText } from '../../../i18n/en/privacy';
import { Button } from '../../ui/Button';
import { useText } from '../../ui/text';
import './face.css';

export function IdentityConsent({ onAgree, backTo }: { onAgree: () => void; backTo: string }) {
  const t = useText(privacyText);
  return (
    <section className="face-consent card" aria-labelledby="kyc-consent-title">
      <h2 id="kyc-consent-title">{t('identityTitle')}</h2>
      <p>{t('identityWhy')}</p>
      <ul>
        <li>{t('identityUse')}</li>
        <li>{t('identityNothing')}</li>
        <li>{t('identityWithdraw')}</li>
      </ul>
      <p>{t('identityAsk')}</p>
      <div className="face-actions">
        <Button block onClick={onAgree}>
          {t('agree')}
        </Button>
        <Link href={backTo} className="btn btn-link">
          {t('notNow')}
        </Link>
      </div>
    </section>
  );
}

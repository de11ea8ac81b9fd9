/**
 * The consent before the Aadhaar and PAN images (the identity step's upload variant): what the card
 * photos are for, I agree, or Not now back to the product. Shown instead of the form, so no image
 * slot exists before the borrower agrees, as on the face step.
 */
import { privacyText } from '../../../i18n/en/privacy';
import { useText } from '../../ui/text';
import { ConsentCard } from './ConsentCard';

export function IdentityConsent({ onAgree, backTo }: { onAgree: () => void; backTo: string }) {
  const t = useText(privacyText);
  return (
    <ConsentCard
      id="kyc-consent-title"
      title={t('identityTitle')}
      why={t('identityWhy')}
      points={[t('identityUse'), t('identityNothing'), t('identityWithdraw')]}
      ask={t('identityAsk')}
      agree={t('agree')}
      notNow={t('notNow')}
      onAgree={onAgree}
      backTo={backTo}
    />
  );
}

/**
 * The add-to-home-screen offer on home (InstallSlot renders it when there is one): a calm card
 * with the browser's install button, or the iOS Safari guide in three steps. Texts in
 * i18n/en/install.ts.
 */
import { commonText } from '../../../i18n/en/common';
import { installText } from '../../../i18n/en/install';
import type { InstallOffer as Offer } from '../../../machines/shared/install';
import { bridge } from '../../lib/native-bridge';
import { Button } from '../../ui/Button';
import { useText } from '../../ui/text';
import './install.css';

export interface InstallOfferProps {
  offer: Exclude<Offer, 'none'>;
  onInstall: () => void;
  onDismiss: () => void;
  /** Inside the native shell nothing is offered (the bridge answers there). */
  bridgeAvailable?: () => boolean;
}

export default function InstallOffer({ offer, onInstall, onDismiss, bridgeAvailable = bridge.available }: InstallOfferProps) {
  const t = useText(installText);
  const common = useText(commonText);
  if (bridgeAvailable()) return null;
  return (
    <section className="install card" aria-labelledby="install-title">
      <AppIcon />
      <div className="install-text">
        <h2 id="install-title" className="install-title">
          {t('title')}
        </h2>
        {offer === 'prompt' ? (
          <p className="muted">{t('body')}</p>
        ) : (
          <>
            <p className="muted">{t('guide')}</p>
            <ol className="install-steps">
              <li>
                <ShareIcon />
                <span>{t('share')}</span>
              </li>
              <li>
                <AddIcon />
                <span>{t('choose')}</span>
              </li>
              <li>
                <span className="install-add" aria-hidden="true">
                  {t('add')}
                </span>
                <span>{t('tapAdd')}</span>
              </li>
            </ol>
          </>
        )}
        <div className="install-actions">
          {offer === 'prompt' && <Button onClick={onInstall}>{t('install')}</Button>}
          <Button variant="link" onClick={onDismiss}>
            {common('notNow')}
          </Button>
        </div>
      </div>
    </section>
  );
}

function AppIcon() {
  return <img className="install-icon" src="/favicon.svg" alt="" width={40} height={40} />;
}

/** Safari's Share icon: a box with an arrow up. */
function ShareIcon() {
  return (
    <svg className="install-glyph" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d="M12 3v12M8 7l4-4 4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M8 10H6a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1h-2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The Add to Home Screen item's icon: a rounded square with a plus. */
function AddIcon() {
  return (
    <svg className="install-glyph" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <rect x="4" y="4" width="16" height="16" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 8v8M8 12h8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

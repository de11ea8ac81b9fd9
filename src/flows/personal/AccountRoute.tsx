import { useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../../machines/shared/paths';
import { formatPhone } from '../../../machines/shared/phone';
import { session } from '../../lib/session';
import { accountText } from '../../../i18n/en/account';
import { commonText } from '../../../i18n/en/common';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { PageHeading } from '../../ui/PageHeading';
import { useText } from '../../ui/text';
import './account.css';

/**
 * Account (/personal): Order History, Scheduled applications, Help Center, About us, the language and
 * Quit. Quit asks first: signing out removes the drafts too, and a code is needed to come back.
 */
export default function AccountRoute() {
  const t = useText(accountText);
  const common = useText(commonText);
  const [, navigate] = useLocation();
  const phone = useSyncExternalStore(session.subscribe, session.phone);
  const [asking, setAsking] = useState(false);
  const quit = () => {
    // Quit ends the session and removes what is stored for it, drafts included; the device's preferences stay.
    session.clear();
    navigate(paths.login.href(), { replace: true });
  };
  const local = phone?.replace(/^91(?=\d{10}$)/, '') ?? null;
  return (
    <div className="account">
      <header className="account-header">
        <span className="avatar" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="32" height="32">
            <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0z" fill="currentColor" />
          </svg>
        </span>
        <div>
          <PageHeading>{t('account')}</PageHeading>
          {local && <p className="account-phone">{formatPhone(local)}</p>}
        </div>
      </header>
      <nav aria-label={t('account')}>
        <ul className="list card account-links">
          <li>
            <Link href={paths.orders.href()} className="list-row">
              {t('orders')}
            </Link>
          </li>
          <li>
            <Link href={paths.schedule.href()} className="list-row">
              {t('schedules')}
            </Link>
          </li>
          <li>
            <Link href={paths.help.href()} className="list-row">
              {t('help')}
            </Link>
          </li>
          <li>
            <Link href={paths.aboutUs.href()} className="list-row">
              {t('about')}
            </Link>
          </li>
        </ul>
      </nav>
      {/* English or Hindi (issue 14): the same switch as on the login screen, remembered on the device. */}
      <div className="card account-lang">
        <span className="account-lang-label">{common('languageLabel')}</span>
        <LanguageSwitch />
      </div>
      <Button variant="secondary" block onClick={() => setAsking(true)} className="quit" aria-haspopup="dialog">
        {t('quit')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('quitQuestion')}
        keepLabel={common('cancel')}
        onKeep={() => setAsking(false)}
        actLabel={t('signOut')}
        onAct={quit}
        busy={false}
      >
        <p>{t('quitConsequence')}</p>
      </ConfirmDialog>
    </div>
  );
}

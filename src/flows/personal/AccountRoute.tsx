import { useActorRef } from '@xstate/react';
import { useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'wouter';
import { sessionsMachine } from '../../../machines/sessions/sessions.machine';
import { paths } from '../../../machines/shared/paths';
import { formatPhone } from '../../../machines/shared/phone';
import { inspect } from '../../lib/inspect';
import { session } from '../../lib/session';
import { accountText } from '../../../i18n/en/account';
import { commonText } from '../../../i18n/en/common';
import { privacyText } from '../../../i18n/en/privacy';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { PageHeading } from '../../ui/PageHeading';
import { useText } from '../../ui/text';
import { quit, sessionsEffects } from './account.effects';
import { DevicesView } from './DevicesView';
import './account.css';
import { useProvided } from '../shared/effects';

/**
 * Account (/personal): Order History, Scheduled applications, Documents, Help Center, About us, the privacy centre, the language,
 * Quit and, last, the signed-in devices (when the lender offers them). Quit asks first: signing out
 * removes the drafts too, and a code is needed to come back. The devices block comes last, so its
 * arrival moves nothing on the page.
 */
export default function AccountRoute() {
  const [, navigate] = useLocation();
  const machine = useProvided(sessionsMachine, () => sessionsEffects());
  return <AccountFlow machine={machine} onQuit={() => quit(navigate)} />;
}

export interface AccountFlowProps {
  /** The signed-in devices' machine, provided (the route's effects, or a test's fakes). */
  machine: typeof sessionsMachine;
  /** Sign out, once the borrower answered Quit's question. */
  onQuit: () => void;
}

export function AccountFlow({ machine, onQuit }: AccountFlowProps) {
  const t = useText(accountText);
  const common = useText(commonText);
  const privacy = useText(privacyText);
  const devices = useActorRef(machine, { inspect });
  const phone = useSyncExternalStore(session.subscribe, session.phone);
  const [asking, setAsking] = useState(false);
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
            <Link href={paths.documents.href()} className="list-row">
              {t('documents')}
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
          <li>
            <Link href={paths.privacy.href()} className="list-row">
              {privacy('link')}
            </Link>
          </li>
        </ul>
      </nav>
      {/* English or Hindi: the same switch as on the login screen, remembered on the device. */}
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
        onAct={onQuit}
        busy={false}
      >
        <p>{t('quitConsequence')}</p>
      </ConfirmDialog>
      <DevicesView actor={devices} onSignOutThisDevice={() => setAsking(true)} />
    </div>
  );
}

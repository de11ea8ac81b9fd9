import { commonText } from '../../i18n/en/common';
import { sessionText } from '../../i18n/en/session';
import { formatPhone } from '../../machines/shared/phone';
import type { SessionNotice as Notice } from '../lib/session';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { textFor, useText, type Text } from './text';
import './session-notice.css';

/** '+91 90000 00001' from a stored phone (10 digits, or 91 and 10 digits). */
export const shownPhone = (phone: string): string => formatPhone(phone.replace(/^91(?=\d{10}$)/, ''));

export interface SessionNoticeProps {
  /** What another tab changed; null: nothing to say. */
  notice: Notice | null;
  /** Go on as the account now signed in (the app reloads the page under it). */
  onContinue: () => void;
  /** Let this tab's session go (sign in again), or, in a tab signed out, stay so. */
  onSignInAgain: () => void;
}

/** The notice's words: title, text and the buttons it offers. */
function wording(notice: Notice, t: Text<typeof sessionText>): { title: string; text: string; continueLabel: string | null; otherLabel: string } {
  const other = notice.kind !== 'signedOut' && notice.phone ? shownPhone(notice.phone) : null;
  const continueLabel = other ? t('continueAs', { phone: other }) : t('continueThat');
  const kept = notice.kind !== 'signedIn' && notice.own ? t('keptFor', { phone: shownPhone(notice.own) }) : t('kept');
  switch (notice.kind) {
    case 'signedOut':
      return { title: t('signedOut'), text: `${t('outText')} ${kept}`, continueLabel: null, otherLabel: t('signInAgain') };
    case 'otherAccount':
      return {
        title: t('otherAccount'),
        text: `${other ? t('otherIn', { phone: other }) : t('otherInAnon')} ${t('notSent')} ${kept}`,
        continueLabel,
        otherLabel: t('signInAgain'),
      };
    case 'signedIn':
      return { title: t('signedIn'), text: other ? t('anyIn', { phone: other }) : t('anyInAnon'), continueLabel, otherLabel: textFor(commonText, t.lang)('notNow') };
  }
}

/**
 * Another tab signed out, or signed in as someone else: a page belongs to the session it was opened
 * in, so this one says so and sends nothing more until the borrower chooses. What they typed stays
 * under their own number. A choice is needed: Escape does not close it.
 */
export function SessionNotice({ notice, onContinue, onSignInAgain }: SessionNoticeProps) {
  const t = useText(sessionText);
  const words = notice && wording(notice, t);
  return (
    <Dialog
      open={words !== null}
      title={words?.title ?? ''}
      onClose={() => {}}
      actions={
        words && (
          <div className="session-notice-actions">
            {words.continueLabel && (
              <Button block onClick={onContinue}>
                {words.continueLabel}
              </Button>
            )}
            <Button block variant={words.continueLabel ? 'secondary' : 'primary'} onClick={onSignInAgain}>
              {words.otherLabel}
            </Button>
          </div>
        )
      }
    >
      {words && <p>{words.text}</p>}
    </Dialog>
  );
}

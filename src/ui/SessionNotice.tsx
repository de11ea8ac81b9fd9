import { formatPhone } from '../../machines/shared/phone';
import type { SessionNotice as Notice } from '../lib/session';
import { Button } from './Button';
import { Dialog } from './Dialog';
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
function wording(notice: Notice): { title: string; text: string; continueLabel: string | null; otherLabel: string } {
  const other = notice.kind !== 'signedOut' && notice.phone ? shownPhone(notice.phone) : null;
  const continueLabel = other ? `Continue as ${other}` : 'Continue with that account';
  const kept = notice.kind !== 'signedIn' && notice.own ? `What you typed here is kept for ${shownPhone(notice.own)}.` : 'What you typed here is kept.';
  switch (notice.kind) {
    case 'signedOut':
      return { title: 'Signed out', text: `You signed out in another tab. Nothing more is sent from this page. ${kept}`, continueLabel: null, otherLabel: 'Sign in again' };
    case 'otherAccount':
      return {
        title: 'Another account',
        text: `${other ? `Another account (${other})` : 'Another account'} is now signed in on this device. Nothing more is sent from this page, which belongs to the account it was opened with. ${kept}`,
        continueLabel,
        otherLabel: 'Sign in again',
      };
    case 'signedIn':
      return { title: 'Signed in', text: `${other ? `An account (${other})` : 'An account'} is now signed in on this device, in another tab.`, continueLabel, otherLabel: 'Not now' };
  }
}

/**
 * Another tab signed out, or signed in as someone else: a page belongs to the session it was opened
 * in, so this one says so and sends nothing more until the borrower chooses. What they typed stays
 * under their own number. A choice is needed: Escape does not close it.
 */
export function SessionNotice({ notice, onContinue, onSignInAgain }: SessionNoticeProps) {
  const words = notice && wording(notice);
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

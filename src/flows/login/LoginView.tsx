/**
 * The sign-in screen: renders the sign-in machine's state and sends the borrower's intents.
 * No rules here: what is valid, when Send code or Log in may be used, and what the messages say
 * come from the machine (tags, context) and machines/login/login.rules.ts (lengths). Two pieces of
 * view state only: whether the agreement dialog is open, and a once-a-second tick that redraws the
 * resend countdown.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { loginMachine } from '../../../machines/login/login.machine';
import { LOGIN_CODE_DIGITS, PHONE_DIGITS } from '../../../machines/login/login.rules';
import { remainingSeconds } from '../../../machines/shared/countdown';
import { typesCountryCode } from '../../../machines/shared/phone';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog } from '../../ui/Dialog';
import { Loading } from '../../ui/Status';
import { TextField } from '../../ui/TextField';
import { useFirstTap } from '../../ui/useFirstTap';
import { useSecondsLeft } from '../../ui/useSecondsLeft';
import { loginText } from '../../../i18n/en/login';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { useText } from '../../ui/text';
import type { AgreementContent } from './agreement';
import { withTexts } from '../../lib/language';

export type LoginActor = ActorRefFrom<typeof loginMachine>;

export interface LoginViewProps {
  actor: LoginActor;
  /** The clock the countdown is drawn with (the machine's own). */
  now: () => number;
}

export function LoginView({ actor, now }: LoginViewProps) {
  const t = useText(loginText);
  return (
    <div className="screen login">
      <header className="screen-header login-header">
        <LanguageSwitch />
        <AppName />
        <p className="login-pitch">{t('pitch')}</p>
      </header>
      <main className="screen-body login-body">
        <form
          className="login-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'login.submitted' });
          }}
        >
          <PhoneField actor={actor} />
          <CodeField actor={actor} now={now} />
          <Agreement actor={actor} />
          <LoginError actor={actor} />
          <div className="login-actions">
            <LoginButton actor={actor} />
          </div>
        </form>
        <Lender />
      </main>
    </div>
  );
}

// Who lends and the app's name: a small chunk of their own (the content calls), loaded beside this screen.
const LenderBlock = lazy(() => withTexts(import('../shared/LenderBlock')));
const AppNameText = lazy(() => withTexts(import('../shared/LenderBlock')).then((m) => ({ default: m.AppNameText })));

/**
 * The app's name from About us (never hard-coded). The heading keeps its line while the name is
 * unknown (nothing moves when it comes); until then screen readers hear 'Sign in'.
 */
function AppName() {
  const t = useText(loginText);
  const signIn = <span className="visually-hidden">{t('signIn')}</span>;
  return (
    <PageHeading>
      <Suspense fallback={signIn}>
        <AppNameText fallback={signIn} />
      </Suspense>
    </PageHeading>
  );
}

/**
 * Who lends, before the borrower types anything. Its box keeps its height from the first paint
 * (login.css), so the form and the Log in button never move when the config comes.
 */
function Lender() {
  return (
    <div className="login-lender">
      <Suspense fallback={null}>
        <LenderBlock />
      </Suspense>
    </div>
  );
}

/** Shows the phone as typed (a +91, 91 or 0 before the number included until it is whole). */
function PhoneField({ actor }: { actor: LoginActor }) {
  const t = useText(loginText);
  const phone = useSelector(actor, (s) => s.context.phone);
  const locked = useSelector(actor, (s) => s.hasTag('loggingIn'));
  return (
    <TextField
      label={t('phoneLabel')}
      name="phone"
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder={t('phonePlaceholder', { digits: PHONE_DIGITS })}
      // The fixed +91 steps aside while the borrower types their own '+91…'.
      prefix={typesCountryCode(phone) ? undefined : '+91'}
      value={phone}
      readOnly={locked}
      onValueChange={(value) => actor.send({ type: 'phone.changed', value })}
    />
  );
}

function CodeField({ actor, now }: LoginViewProps) {
  const t = useText(loginText);
  const code = useSelector(actor, (s) => s.context.code);
  const locked = useSelector(actor, (s) => s.hasTag('loggingIn'));
  const cooling = useSelector(actor, (s) => s.hasTag('cooldown'));
  const input = useRef<HTMLInputElement>(null);
  // Sending disables the Send code button, which drops keyboard focus to the page: the next
  // thing to do is typing the code, so focus goes there (only if nothing else holds focus).
  useEffect(() => {
    const active = document.activeElement;
    if (cooling && (active === null || active === document.body)) input.current?.focus();
  }, [cooling]);
  return (
    <TextField
      inputRef={input}
      label={t('codeLabel')}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder={t('codePlaceholder', { digits: LOGIN_CODE_DIGITS })}
      maxLength={LOGIN_CODE_DIGITS}
      value={code}
      readOnly={locked}
      onValueChange={(value) => actor.send({ type: 'code.changed', value })}
      suffix={<SendCodeButton actor={actor} now={now} />}
    />
  );
}

function SendCodeButton({ actor, now }: LoginViewProps) {
  const t = useText(loginText);
  const sending = useSelector(actor, (s) => s.hasTag('sending'));
  const cooling = useSelector(actor, (s) => s.hasTag('cooldown'));
  // Set only while the cooldown runs (the machine clears it when the countdown ends).
  const deadline = useSelector(actor, (s) => s.context.resendDeadline);
  const seconds = useSecondsLeft(deadline, now);
  const request = () => actor.send({ type: 'code.requested' });
  // A tap on the prerendered screen, before the app ran (data-sends names the button for the boot
  // script): busy from the app's first render, then acted on as a click (src/lib/first-tap.ts).
  const tappedEarly = useFirstTap('sendCode', request);
  return (
    <>
      <Button variant="secondary" busy={sending || tappedEarly} disabled={cooling} data-sends="sendCode" onClick={request}>
        {cooling ? t('resendIn', { seconds }) : t('sendCode')}
      </Button>
      <CooldownAnnouncement cooling={cooling} startSeconds={deadline === null ? 0 : remainingSeconds(deadline, now())} />
    </>
  );
}

/**
 * Tells screen-reader users when the countdown starts and when it ends, not every second
 * (the button's own text changes silently).
 */
function CooldownAnnouncement({ cooling, startSeconds }: { cooling: boolean; startSeconds: number }) {
  const t = useText(loginText);
  const [message, setMessage] = useState<{ cooling: boolean; seconds: number } | null>(null);
  const [wasCooling, setWasCooling] = useState(false);
  if (cooling !== wasCooling) {
    // Adjusting state while rendering (react.dev "storing information from previous renders").
    setWasCooling(cooling);
    setMessage({ cooling, seconds: startSeconds });
  }
  return (
    <span className="visually-hidden" aria-live="polite" data-testid="cooldown-announcement">
      {message === null ? '' : message.cooling ? t('cooldownStarted', { seconds: message.seconds }) : t('cooldownEnded')}
    </span>
  );
}

function Agreement({ actor }: { actor: LoginActor }) {
  const t = useText(loginText);
  const agreed = useSelector(actor, (s) => s.context.agreed);
  const [open, setOpen] = useState(false);
  const [before, after] = t.around('agreeWith', 'agreement');
  return (
    <>
      <Checkbox checked={agreed} onCheckedChange={() => actor.send({ type: 'agreement.toggled' })}>
        {before}
        <button
          type="button"
          className="login-agreement-link"
          onClick={(e) => {
            // Inside the <label>: open the text without ticking the box.
            e.preventDefault();
            setOpen(true);
          }}
        >
          {t('agreementName')}
        </button>
        {after}
      </Checkbox>
      {open && <AgreementDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/** The agreement's text is content: loaded only when the borrower opens it. */
function AgreementDialog({ onClose }: { onClose: () => void }) {
  const t = useText(loginText);
  const [content, setContent] = useState<AgreementContent | null>(null);
  useEffect(() => {
    let live = true;
    void import('./agreement').then((m) => {
      if (live) setContent(m.AGREEMENT);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <Dialog
      open
      title={t('agreementName')}
      onClose={onClose}
      actions={
        <Button variant="primary" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      {content ? (
        <div className="agreement">
          {content.sections.map((s) => (
            <section key={s.heading}>
              <h3>{s.heading}</h3>
              <p>{s.text}</p>
            </section>
          ))}
        </div>
      ) : (
        <Loading label={t('loadingAgreement')} />
      )}
    </Dialog>
  );
}

function LoginError({ actor }: { actor: LoginActor }) {
  const t = useText(loginText);
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <p className="field-error login-error" role="alert">
      {error ? t.said(error) : ''}
    </p>
  );
}

function LoginButton({ actor }: { actor: LoginActor }) {
  const t = useText(loginText);
  const canLogin = useSelector(actor, (s) => s.hasTag('canLogin'));
  const busy = useSelector(actor, (s) => s.hasTag('loggingIn'));
  return (
    <Button type="submit" block busy={busy} disabled={!canLogin}>
      {t('logIn')}
    </Button>
  );
}

/**
 * The identity step (spec §2 KYC): renders the KYC machine's state and the three image slots, and
 * sends the borrower's intents. No rules here: the variant, the checks, the messages and when
 * Verify, Resend or Submit may be used come from the machine (its tags) and the lengths from
 * machines/kyc/kyc.rules.ts. A problem Submit or Verify finds is shown once, at its field, which is
 * focused and brought to the middle of the screen (clear of the sticky Submit bar).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import { commonText } from '../../../i18n/en/common';
import { kycText } from '../../../i18n/en/kyc';
import type { kycMachine } from '../../../machines/kyc/kyc.machine';
import { AADHAAR_DIGITS, AADHAAR_OTP_DIGITS, aadhaarVerified, PAN_EXAMPLE, PAN_LENGTH, type KycField, type Slot } from '../../../machines/kyc/kyc.rules';
import { AADHAAR_GROUPED_LENGTH, formatAadhaar, maskAadhaar } from '../../../machines/shared/identity';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Screen } from '../../ui/Screen';
import { LoadError, Loading } from '../../ui/Status';
import { StepHeader } from '../../ui/StepHeader';
import { TextField } from '../../ui/TextField';
import { useText } from '../../ui/text';
import { useSecondsLeft } from '../../ui/useSecondsLeft';
import { focusField } from '../shared/focus';
import { IdentityConsent } from './IdentityConsent';
import { ImageUpload } from './upload/ImageUpload';
import type { UploadActorRef } from './upload/useImageUpload';

export type KycActor = ActorRefFrom<typeof kycMachine>;

export interface KycViewProps {
  actor: KycActor;
  slots: Record<Slot, UploadActorRef>;
  /** The clock the countdown is drawn with (the machine's own). */
  now: () => number;
  step: number | null;
  total: number | null;
  backTo: string;
}

/** The DOM id of a KYC field or image slot (focus goes there when Submit finds it wrong). */
const fieldId = (field: KycField) => `kyc-${field}`;

export function KycView({ actor, slots, now, step, total, backTo }: KycViewProps) {
  const t = useText(kycText);
  const common = useText(commonText);
  const phase = useSelector(actor, (s) =>
    s.hasTag('consent') ? 'consent' : s.hasTag('upload') ? 'upload' : s.hasTag('otp') ? 'otp' : s.hasTag('loadFailed') ? 'failed' : 'loading',
  );
  const fieldError = useSelector(actor, (s) => s.context.fieldError);
  // Each new problem moves focus to its field or slot, so keyboard and screen-reader users land on
  // it, and brings it into view above the sticky Submit bar: the message is there, and only there.
  useEffect(() => {
    if (fieldError) focusField(document.getElementById(fieldId(fieldError.field)));
  }, [fieldError]);
  return (
    <Screen title={t('title')} backTo={backTo} className="kyc">
      <StepHeader step={step} total={total} />
      {phase === 'loading' && <Loading label={common('loading')} />}
      {phase === 'failed' && <LoadFailure actor={actor} />}
      {phase === 'consent' && <IdentityConsent onAgree={() => actor.send({ type: 'consent.given' })} backTo={backTo} />}
      {(phase === 'upload' || phase === 'otp') && (
        <form
          className="kyc-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'kyc.submitted' });
          }}
        >
          {phase === 'upload' ? <UploadVariant actor={actor} slots={slots} /> : <OtpVariant actor={actor} />}
          <SubmitButton actor={actor} />
        </form>
      )}
      {/* Outside the form: the dialog has a form of its own. */}
      {phase === 'otp' && <OtpDialog actor={actor} now={now} />}
    </Screen>
  );
}

function LoadFailure({ actor }: { actor: KycActor }) {
  const t = useText(kycText);
  const error = useSelector(actor, (s) => s.context.loadError);
  return <LoadError message={error ? t.said(error) : ''} onRetry={() => actor.send({ type: 'load.retried' })} />;
}

/** The message Submit (or Verify) attached to `field`, if any, in the borrower's language. */
function useFieldError(actor: KycActor, field: KycField): string | null {
  const t = useText(kycText);
  const said = useSelector(actor, (s) => (s.context.fieldError?.field === field ? s.context.fieldError.message : null));
  return said ? t.said(said) : null;
}

function UploadVariant({ actor, slots }: { actor: KycActor; slots: Record<Slot, UploadActorRef> }) {
  const t = useText(kycText);
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const frontError = useFieldError(actor, 'front');
  const backError = useFieldError(actor, 'back');
  const panImageError = useFieldError(actor, 'pan');
  return (
    <>
      <p className="kyc-intro">{t('uploadIntro')}</p>
      <section className="kyc-card" aria-label={t('aadhaarCard')}>
        <ImageUpload actor={slots.front} inputId={fieldId('front')} label={t('frontLabel')} hint={t('frontHint')} disabled={submitting} formError={frontError} />
        <OcrNote actor={actor} />
        <NameField actor={actor} />
        <AadhaarField actor={actor} />
        <ImageUpload actor={slots.back} inputId={fieldId('back')} label={t('backLabel')} hint={t('backHint')} disabled={submitting} formError={backError} />
      </section>
      <section className="kyc-card" aria-label={t('panCard')}>
        <ImageUpload actor={slots.pan} inputId={fieldId('pan')} label={t('panCard')} hint={t('panHint')} disabled={submitting} formError={panImageError} />
        <PanField actor={actor} />
      </section>
    </>
  );
}

function OcrNote({ actor }: { actor: KycActor }) {
  const t = useText(kycText);
  const reading = useSelector(actor, (s) => s.hasTag('reading'));
  const unreadable = useSelector(actor, (s) => s.context.ocrUnreadable);
  return (
    <p className="kyc-ocr-note" role="status">
      {reading ? t('readingCard') : unreadable ? t('ocrUnreadable') : ''}
    </p>
  );
}

function NameField({ actor }: { actor: KycActor }) {
  const t = useText(kycText);
  const value = useSelector(actor, (s) => s.context.realName);
  const locked = useSelector(actor, (s) => s.hasTag('submitting'));
  const error = useFieldError(actor, 'realName');
  return (
    <TextField
      id={fieldId('realName')}
      label={t('nameLabel')}
      name="realName"
      autoComplete="name"
      value={value}
      readOnly={locked}
      error={error}
      onValueChange={(v) => actor.send({ type: 'name.changed', value: v })}
    />
  );
}

/** How many digits `text` has before position `at`. */
const digitsBefore = (text: string, at: number): number => text.slice(0, at).replace(/\D+/g, '').length;

/** The position in `shown` just after its `n`-th digit (0: the start). */
function afterDigits(shown: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < shown.length; i++) if (/\d/.test(shown[i]!) && ++seen === n) return i + 1;
  return shown.length;
}

/**
 * The Aadhaar number, shown grouped as on the card ('2345 6789 0124') while typed (the machine keeps
 * and sends the 12 digits); a number verified by OTP shows masked and read-only, in either variant.
 * The grouping moves characters, so after each edit the caret is put back after as many digits as
 * were before it: typing or deleting in the middle stays in the middle.
 */
function AadhaarField({ actor, verify, inputRef }: { actor: KycActor; verify?: ReactNode; inputRef?: RefObject<HTMLInputElement | null> }) {
  const t = useText(kycText);
  const value = useSelector(actor, (s) => s.context.idNo);
  const verified = useSelector(actor, (s) => aadhaarVerified(s.context));
  const locked = useSelector(actor, (s) => s.hasTag('aadhaarReadOnly') || aadhaarVerified(s.context));
  const error = useFieldError(actor, 'idNo');
  const ownRef = useRef<HTMLInputElement>(null);
  const ref = inputRef ?? ownRef;
  // A new object per edit, so the caret is placed even when the edit changed no digit (a space deleted, a letter refused).
  const [caret, setCaret] = useState<{ digits: number } | null>(null);
  const shown = verified ? maskAadhaar(value) : formatAadhaar(value);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!caret || !el || el.ownerDocument.activeElement !== el) return;
    const at = afterDigits(shown, caret.digits);
    el.setSelectionRange(at, at);
  }, [caret, shown, ref]);
  return (
    <TextField
      id={fieldId('idNo')}
      label={t('aadhaarLabel')}
      name="aadhaar"
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('digitsPlaceholder', { digits: AADHAAR_DIGITS })}
      maxLength={verified ? undefined : AADHAAR_GROUPED_LENGTH}
      value={shown}
      readOnly={locked}
      error={error}
      hint={verified ? t('verifiedHint') : undefined}
      suffix={verify}
      inputRef={ref}
      onValueChange={(v) => {
        const at = ref.current?.selectionStart;
        if (typeof at === 'number') setCaret({ digits: digitsBefore(v, at) });
        actor.send({ type: 'aadhaar.changed', value: v });
      }}
    />
  );
}

function PanField({ actor, inputRef }: { actor: KycActor; inputRef?: RefObject<HTMLInputElement | null> }) {
  const t = useText(kycText);
  const value = useSelector(actor, (s) => s.context.panNo);
  const locked = useSelector(actor, (s) => s.hasTag('submitting'));
  const error = useFieldError(actor, 'panNo');
  return (
    <TextField
      id={fieldId('panNo')}
      label={t('panLabel')}
      name="pan"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      placeholder={PAN_EXAMPLE}
      maxLength={PAN_LENGTH}
      value={value}
      readOnly={locked}
      error={error}
      inputRef={inputRef}
      onValueChange={(v) => actor.send({ type: 'pan.changed', value: v })}
    />
  );
}

function OtpVariant({ actor }: { actor: KycActor }) {
  const t = useText(kycText);
  const inDialog = useSelector(actor, (s) => s.hasTag('dialog'));
  const verified = useSelector(actor, (s) => s.hasTag('verified'));
  const aadhaarRef = useRef<HTMLInputElement>(null);
  const panRef = useRef<HTMLInputElement>(null);
  const wasOpen = useRef(false);
  // The dialog leaves the page when it closes, and with it the focus: put it where the borrower
  // goes on (the PAN once verified; the number after a cancel), not on <body>.
  useEffect(() => {
    if (wasOpen.current && !inDialog) (verified ? panRef : aadhaarRef).current?.focus();
    wasOpen.current = inDialog;
  }, [inDialog, verified]);
  return (
    <>
      <p className="kyc-intro">{t('otpIntro')}</p>
      <AadhaarField actor={actor} verify={<VerifyAction actor={actor} />} inputRef={aadhaarRef} />
      <PanField actor={actor} inputRef={panRef} />
    </>
  );
}

/** The link beside the Aadhaar number: Verify, then Verified. */
function VerifyAction({ actor }: { actor: KycActor }) {
  const t = useText(kycText);
  const verified = useSelector(actor, (s) => s.hasTag('verified'));
  const sending = useSelector(actor, (s) => s.hasTag('sending'));
  const inDialog = useSelector(actor, (s) => s.hasTag('dialog'));
  if (verified)
    return (
      <span className="kyc-verified">
        <span aria-hidden="true">✓ </span>
        {t('verified')}
      </span>
    );
  return (
    <Button variant="link" busy={sending} disabled={inDialog} onClick={() => actor.send({ type: 'otp.requested' })}>
      {t('verify')}
    </Button>
  );
}

function OtpDialog({ actor, now }: { actor: KycActor; now: () => number }) {
  const t = useText(kycText);
  const open = useSelector(actor, (s) => s.hasTag('dialog'));
  const otp = useSelector(actor, (s) => s.context.otp);
  const error = useSelector(actor, (s) => s.context.otpError);
  const verifying = useSelector(actor, (s) => s.hasTag('verifying'));
  const resending = useSelector(actor, (s) => s.hasTag('resending'));
  const canResend = useSelector(actor, (s) => s.hasTag('canResend'));
  const deadline = useSelector(actor, (s) => (s.hasTag('cooldown') ? s.context.otpDeadline : null));
  const masked = useSelector(actor, (s) => maskAadhaar(s.context.idNo));
  const seconds = useSecondsLeft(deadline, now);
  if (!open) return null;
  return (
    <Dialog
      open
      title={t('otpTitle')}
      onClose={() => actor.send({ type: 'otp.dismissed' })}
      actions={
        <div className="kyc-otp-actions">
          <Button variant="primary" block busy={verifying} onClick={() => actor.send({ type: 'otp.submitted' })}>
            {t('verifyOtp')}
          </Button>
          <div className="kyc-otp-secondary">
            <Button variant="link" busy={resending} disabled={!canResend} onClick={() => actor.send({ type: 'otp.resent' })}>
              {deadline !== null ? t('resendIn', { seconds }) : t('resendOtp')}
            </Button>
            <Button variant="link" disabled={verifying} onClick={() => actor.send({ type: 'otp.dismissed' })}>
              {t('cancel')}
            </Button>
          </div>
        </div>
      }
    >
      <p>{t('otpSentTo', { number: masked })}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'otp.submitted' });
        }}
      >
        <TextField
          label={t('otpLabel')}
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('digitsPlaceholder', { digits: AADHAAR_OTP_DIGITS })}
          maxLength={AADHAAR_OTP_DIGITS}
          value={otp}
          readOnly={verifying}
          error={error ? t.said(error) : null}
          autoFocus
          onValueChange={(v) => actor.send({ type: 'otp.changed', value: v })}
        />
      </form>
    </Dialog>
  );
}

function SubmitButton({ actor }: { actor: KycActor }) {
  const t = useText(kycText);
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  return (
    <div className="kyc-actions">
      <Button type="submit" block busy={submitting}>
        {t('submit')}
      </Button>
    </div>
  );
}

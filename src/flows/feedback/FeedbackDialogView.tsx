/**
 * The feedback dialog (spec §2 'Feedback dialog'): the customer phone and e-mail, the text area with
 * its 'n / 300' counter, what the rules said about the last edit, the server's msg after a failed
 * send, Cancel and Send. Thin: the machine decides, this renders its state.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { feedbackMachine } from '../../../machines/feedback/feedback.machine';
import { feedbackText } from '../../../i18n/en/feedback';
import { FEEDBACK_MAX_LENGTH, feedbackCounter, mailtoHref, telHref } from '../../../machines/feedback/feedback.rules';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useText } from '../../ui/text';
import { useComposedText } from '../../ui/useComposedText';

export function FeedbackDialogView({ actor }: { actor: ActorRefFrom<typeof feedbackMachine> }) {
  const t = useText(feedbackText);
  const open = useSelector(actor, (s) => s.hasTag('open'));
  const sending = useSelector(actor, (s) => s.hasTag('sending'));
  const text = useSelector(actor, (s) => s.context.text);
  const contact = useSelector(actor, (s) => s.context.contact);
  const notice = useSelector(actor, (s) => s.context.notice);
  const error = useSelector(actor, (s) => s.context.error);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const close = () => actor.send({ type: 'feedback.closed' });
  // The rules apply to what an input method commits (src/ui/useComposedText.ts).
  const composedText = useComposedText(text, () => actor.getSnapshot().context.text, (value) => {
    actor.send({ type: 'text.changed', value });
    return actor.getSnapshot().context.caret;
  });

  // Opened: the text area gets focus (after the dialog's own effect has shown it).
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);

  const tel = contact?.phone ? telHref(contact.phone) : null;
  const mailto = contact?.email ? mailtoHref(contact.email) : null;
  const hasContact = Boolean(contact?.phone || contact?.email);
  return (
    <ConfirmDialog
      open={open}
      title={t('title')}
      keepLabel={t('cancel')}
      onKeep={close}
      actLabel={sending ? t('sending') : t('send')}
      onAct={() => actor.send({ type: 'feedback.sent' })}
      busy={sending}
    >
      <div className="feedback">
        {hasContact && (
          <>
            <p className="feedback-intro">{t('intro')}</p>
            <dl className="feedback-contact">
              {contact?.phone && (
                <div>
                  <dt>{t('phone')}</dt>
                  <dd>{tel ? <a href={tel}>{contact.phone}</a> : contact.phone}</dd>
                </div>
              )}
              {contact?.email && (
                <div>
                  <dt>{t('email')}</dt>
                  <dd>{mailto ? <a href={mailto}>{contact.email}</a> : contact.email}</dd>
                </div>
              )}
            </dl>
          </>
        )}
        <div className="field feedback-field">
          <label className="field-label" htmlFor={`${id}-text`}>
            {t('label')}
          </label>
          <div className="field-control">
            <textarea
              ref={field}
              id={`${id}-text`}
              rows={5}
              value={composedText.shown}
              readOnly={sending}
              aria-describedby={`${id}-counter ${id}-notice${error ? ` ${id}-error` : ''}`}
              {...composedText.handlers}
            />
          </div>
          <p className="feedback-counter" id={`${id}-counter`}>
            {feedbackCounter(composedText.shown)}
          </p>
          <p className="feedback-notice" id={`${id}-notice`} aria-live="polite">
            {notice ? t(notice, { max: FEEDBACK_MAX_LENGTH }) : ''}
          </p>
          {error && (
            <p className="form-error" id={`${id}-error`} role="alert">
              {t.said(error)}
            </p>
          )}
        </div>
      </div>
    </ConfirmDialog>
  );
}

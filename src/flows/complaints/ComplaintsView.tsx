/**
 * Complaints on Help (machines/complaints): the borrower's tickets with their status, reply date,
 * the lender's replies (as text) and, on a ticket 30 days without a resolution, the RBI route; the
 * form to raise one; and, always, the grievance officer and the RBI route. Thin: the machine decides.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ClientConfig } from '../../../contract/content';
import type { Complaint } from '../../../contract/complaints';
import { complaintsText } from '../../../i18n/en/complaints';
import type { complaintsMachine } from '../../../machines/complaints/complaints.machine';
import { CATEGORIES, categoryKey, COMPLAINT_MAX_LENGTH, complaintLength, isCategory, statusKey } from '../../../machines/complaints/complaints.rules';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { LoadError, Loading } from '../../ui/Status';
import { formatDay, formatTime } from '../../ui/dates';
import { useText } from '../../ui/text';
import { useComposedText } from '../../ui/useComposedText';
import { GrievanceView, RbiLinks } from './GrievanceView';

export type ComplaintsActor = ActorRefFrom<typeof complaintsMachine>;

export function ComplaintsView({ actor, config }: { actor: ComplaintsActor; config: ClientConfig | null }) {
  const t = useText(complaintsText);
  const phase = useSelector(actor, (s) => (s.hasTag('failed') ? 'failed' : s.hasTag('busy') ? 'busy' : s.hasTag('notOffered') ? 'notOffered' : 'ready'));
  const error = useSelector(actor, (s) => (s.hasTag('failed') ? s.context.error : null));
  const headingId = useId();
  return (
    <section className="complaints" aria-labelledby={headingId}>
      <h2 id={headingId} className="complaints-heading" tabIndex={-1}>
        {t('heading')}
      </h2>
      {phase === 'busy' && <Loading label={t('loading')} />}
      {phase === 'failed' && <LoadError message={t.said(error ?? { key: 'loadFailed' })} onRetry={() => actor.send({ type: 'complaints.retried' })} />}
      {phase === 'notOffered' && <p className="complaints-intro">{t('notOffered')}</p>}
      {phase === 'ready' && <Tickets actor={actor} headingId={headingId} />}
      <GrievanceView config={config} />
    </section>
  );
}

function Tickets({ actor, headingId }: { actor: ComplaintsActor; headingId: string }) {
  const t = useText(complaintsText);
  const writing = useSelector(actor, (s) => s.hasTag('writing'));
  const complaints = useSelector(actor, (s) => s.context.complaints);
  const raised = useSelector(actor, (s) => s.context.raised);
  const listId = useId();
  // Raised: the form goes away under the borrower's finger; the focus goes to the heading, and the status line says which ticket.
  useEffect(() => {
    if (raised) document.getElementById(headingId)?.focus();
  }, [raised, headingId]);
  return (
    <>
      <p className="complaints-intro">{t('intro')}</p>
      <p className="complaints-status" role="status">
        {raised ? t('raised', { ticketNo: raised.ticketNo, date: formatDay(raised.replyDueBy) }) : ''}
      </p>
      {writing ? (
        <ComplaintForm actor={actor} />
      ) : (
        <Button block onClick={() => actor.send({ type: 'complaint.started' })}>
          {t('raise')}
        </Button>
      )}
      <h3 id={listId}>{t('yours')}</h3>
      {complaints.length === 0 ? (
        <p className="empty">{t('none')}</p>
      ) : (
        <ul className="complaint-list" aria-labelledby={listId}>
          {complaints.map((c) => (
            <TicketCard key={c.ticketNo} ticket={c} />
          ))}
        </ul>
      )}
    </>
  );
}

function TicketCard({ ticket }: { ticket: Complaint }) {
  const t = useText(complaintsText);
  const category = isCategory(ticket.category) ? t(categoryKey(ticket.category)) : '';
  return (
    <li className="complaint">
      <p className="complaint-head">
        <strong>{t('ticket', { ticketNo: ticket.ticketNo })}</strong>
        <span className={`complaint-status complaint-status-${statusKey(ticket)}`}>{t(statusKey(ticket))}</span>
      </p>
      <p className="complaint-meta">{[category, ticket.orderNo ? t('aboutOrder', { orderNo: ticket.orderNo }) : ''].filter(Boolean).join(' · ')}</p>
      {ticket.content && <p className="complaint-text">{ticket.content}</p>}
      <p className="complaint-meta">
        {t('raisedOn', { time: formatTime(ticket.raisedAt) })}
        {ticket.replyDueBy && statusKey(ticket) !== 'status_resolved' ? ` · ${t('replyDue', { date: formatDay(ticket.replyDueBy) })}` : ''}
      </p>
      {ticket.replies.map((r, i) => (
        <div key={i} className="complaint-reply">
          <p className="complaint-meta">{t('replyFrom', { time: formatTime(r.at) })}</p>
          <p className="complaint-text">{r.text}</p>
        </div>
      ))}
      {ticket.escalation && (
        <div className="complaint-escalate">
          <p>{t('escalate')}</p>
          <RbiLinks />
        </div>
      )}
    </li>
  );
}

function ComplaintForm({ actor }: { actor: ComplaintsActor }) {
  const t = useText(complaintsText);
  const sending = useSelector(actor, (s) => s.hasTag('sending'));
  const category = useSelector(actor, (s) => s.context.category);
  const orderId = useSelector(actor, (s) => s.context.orderId);
  const orders = useSelector(actor, (s) => s.context.orders);
  const text = useSelector(actor, (s) => s.context.text);
  const notice = useSelector(actor, (s) => s.context.notice);
  const error = useSelector(actor, (s) => (s.hasTag('writing') ? s.context.error : null));
  const firstField = useRef<HTMLSelectElement>(null);
  const id = useId();
  // The rules apply to what an input method commits (src/ui/useComposedText.ts).
  const composedText = useComposedText(text, () => actor.getSnapshot().context.text, (value) => {
    actor.send({ type: 'text.changed', value });
    return actor.getSnapshot().context.caret;
  });
  useEffect(() => firstField.current?.focus(), []);
  return (
    <form
      className="complaint-form"
      aria-label={t('raise')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'complaint.sent' });
      }}
    >
      <Select
        selectRef={firstField}
        label={t('category')}
        placeholder={t('categoryPick')}
        value={category}
        disabled={sending}
        options={CATEGORIES.map((c) => ({ value: c, label: t(categoryKey(c)) }))}
        onValueChange={(value) => actor.send({ type: 'category.changed', value })}
        error={notice === 'noCategory' ? t('noCategory') : null}
      />
      <Select
        label={t('order')}
        placeholder={t('orderNone')}
        value={orderId}
        disabled={sending}
        options={orders.map((o) => ({ value: o.orderId, label: t('orderOption', { orderNo: o.orderNo, amount: formatINR(o.loanAmount) }) }))}
        onValueChange={(value) => actor.send({ type: 'order.changed', value })}
      />
      <div className="field complaint-field">
        <label className="field-label" htmlFor={`${id}-text`}>
          {t('label')}
        </label>
        <div className="field-control">
          <textarea
            id={`${id}-text`}
            rows={5}
            value={composedText.shown}
            readOnly={sending}
            aria-describedby={`${id}-counter ${id}-notice${error ? ` ${id}-error` : ''}`}
            {...composedText.handlers}
          />
        </div>
        <p className="complaint-counter" id={`${id}-counter`}>
          {`${complaintLength(composedText.shown)} / ${COMPLAINT_MAX_LENGTH}`}
        </p>
        <p className="complaint-notice" id={`${id}-notice`} aria-live="polite">
          {notice && notice !== 'noCategory' ? t(notice, { max: COMPLAINT_MAX_LENGTH }) : ''}
        </p>
        {error && (
          <p className="form-error" id={`${id}-error`} role="alert">
            {t.said(error)}
          </p>
        )}
      </div>
      <div className="complaint-actions">
        <Button variant="secondary" disabled={sending} onClick={() => actor.send({ type: 'complaint.cancelled' })}>
          {t('cancel')}
        </Button>
        <Button type="submit" busy={sending}>
          {sending ? t('sending') : t('send')}
        </Button>
      </div>
    </form>
  );
}

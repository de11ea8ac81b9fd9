/**
 * Ending the loan early, on its detail page (machines/closure): within the cooling-off period "Exit
 * this loan without penalty", after it "Close the loan today", each with the lender's amount; then
 * every part of it (adding up), the fees kept and until when it holds, before Pay. A part payment
 * from the same card says what it leaves owing. Against a lender without the quote call, nothing.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import type { Actor } from 'xstate';
import type { Order } from '../../../contract/orders';
import { closureText } from '../../../i18n/en/closure';
import type { closureMachine } from '../../../machines/closure/closure.machine';
import { closureLines, dueNow, leavesOwing, partAmount } from '../../../machines/closure/closure.rules';
import { inspect } from '../../lib/inspect';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { formatTime } from '../../ui/dates';
import { Sum, SumLine, signOf } from '../../ui/Sum';
import { TextField } from '../../ui/TextField';
import { useText } from '../../ui/text';

type ClosureActor = Actor<typeof closureMachine>;

export interface ClosureOfferProps {
  machine: typeof closureMachine;
  order: Order;
  origin: string;
  paymentHosts: readonly string[];
  now: () => number;
}

export function ClosureOffer({ machine, order, origin, paymentHosts, now }: ClosureOfferProps) {
  const actor = useActorRef(machine, { input: { orderId: order.orderId, order, origin, paymentHosts, now }, inspect });
  const stage = useSelector(actor, (s) =>
    s.hasTag('quoting') ? 'quoting' : s.hasTag('quoteFailed') ? 'failed' : s.hasTag('redirecting') ? 'redirecting' : s.hasTag('confirming') ? 'confirming' : s.hasTag('part') ? 'part' : s.hasTag('offer') ? 'offer' : 'none',
  );
  if (stage === 'none') return null;
  return (
    <div className="closure" data-stage={stage}>
      {stage === 'quoting' && <Quoting />}
      {stage === 'failed' && <QuoteFailed actor={actor} />}
      {stage === 'offer' && <Offer actor={actor} />}
      {stage === 'confirming' && <Confirming actor={actor} />}
      {stage === 'part' && <Part actor={actor} />}
      {stage === 'redirecting' && <Redirecting />}
    </div>
  );
}

function Quoting() {
  const t = useText(closureText);
  return (
    <p className="closure-quiet muted" role="status">
      {t('quoting')}
    </p>
  );
}

function Redirecting() {
  const t = useText(closureText);
  return (
    <p className="closure-quiet" role="status">
      {t('redirecting')}
    </p>
  );
}

function QuoteFailed({ actor }: { actor: ClosureActor }) {
  const t = useText(closureText);
  const notice = useSelector(actor, (s) => s.context.notice);
  return (
    <section className="card closure-card" aria-label={t('section')}>
      <p className="closure-quiet">{notice ? t.said(notice) : t('quoteFailed')}</p>
      <Button variant="link" onClick={() => actor.send({ type: 'quote.retried' })}>
        {t('tryAgain')}
      </Button>
    </section>
  );
}

/** Moves focus to the card's heading when it opens, so a screen reader and the keyboard go on from there. */
function useFocusOnOpen() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function Offer({ actor }: { actor: ClosureActor }) {
  const t = useText(closureText);
  const quote = useSelector(actor, (s) => s.context.quote);
  const notice = useSelector(actor, (s) => s.context.notice);
  const titleId = useId();
  const noticeId = useId();
  if (!quote) return null;
  const exit = quote.kind === 'coolingOff';
  const amount = formatINR(quote.amount);
  return (
    <section className={`card closure-card${exit ? ' closure-exit' : ''}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="closure-title">
        {t(exit ? 'exitTitle' : 'closeTitle')}
      </h2>
      <p className="closure-lead">
        {exit
          ? t(quote.days === 1 ? 'exitLeadOne' : 'exitLead', { time: formatTime(quote.coolingOffUntil), amount, days: quote.days })
          : t('closeLead', { amount })}
      </p>
      {notice && (
        <p className="order-notice" role="alert" id={noticeId}>
          {t.said(notice)}
        </p>
      )}
      <div className="closure-actions">
        <Button block variant="secondary" aria-describedby={notice ? noticeId : undefined} onClick={() => actor.send({ type: 'closure.tapped' })}>
          {t(exit ? 'exitButton' : 'closeButton')}
        </Button>
        <Button block variant="link" onClick={() => actor.send({ type: 'part.tapped' })}>
          {t('partButton')}
        </Button>
      </div>
    </section>
  );
}

function Confirming({ actor }: { actor: ClosureActor }) {
  const t = useText(closureText);
  const quote = useSelector(actor, (s) => s.context.quote);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const notice = useSelector(actor, (s) => s.context.notice);
  const noticeId = useId();
  const heading = useFocusOnOpen();
  if (!quote) return null;
  const lines = closureLines(quote);
  const label = { principal: t('principal'), interest: t(quote.days === 1 ? 'interestOneDay' : 'interestDays', { days: quote.days }), penalCharge: t('penalCharge'), paidSoFar: t('paidSoFar') };
  return (
    <div className="closure-confirm">
      <h2 className="closure-title" tabIndex={-1} ref={heading}>
        {t(quote.kind === 'coolingOff' ? 'confirmExitTitle' : 'confirmCloseTitle')}
      </h2>
      <Sum title={t('sumTitle')} className="closure-sum">
        {lines?.map((l, i) => <SumLine key={l.part} label={label[l.part]} amount={l.amount} sign={i === 0 ? undefined : signOf(l.amount)} />)}
        <SumLine label={t('total')} amount={quote.amount} total />
      </Sum>
      {(quote.processingFeeKept ?? 0) > 0 && <p className="closure-note">{t('feesKept', { fee: formatINR(quote.processingFeeKept ?? 0), gst: formatINR(quote.gstKept ?? 0) })}</p>}
      {quote.validUntil && <p className="closure-note">{t('validUntil', { time: formatTime(quote.validUntil) })}</p>}
      <p className="closure-note">{t('afterPaying')}</p>
      {notice && (
        <p className="order-notice" role="alert" id={noticeId}>
          {t.said(notice)}
        </p>
      )}
      <div className="closure-actions">
        <Button block busy={busy} aria-describedby={notice ? noticeId : undefined} onClick={() => actor.send({ type: 'closure.confirmed' })}>
          {t('pay', { amount: formatINR(quote.amount) })}
        </Button>
        <Button block variant="link" disabled={busy} onClick={() => actor.send({ type: 'closure.cancelled' })}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}

function Part({ actor }: { actor: ClosureActor }) {
  const t = useText(closureText);
  const text = useSelector(actor, (s) => s.context.part);
  const due = useSelector(actor, (s) => dueNow(s.context.order));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const notice = useSelector(actor, (s) => s.context.notice);
  const heading = useFocusOnOpen();
  const leaves = leavesOwing(text, due);
  const amount = partAmount(text, due);
  const dueText = due === null ? '' : formatINR(due);
  return (
    <form
      className="card closure-card closure-part"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'part.confirmed' });
      }}
    >
      <h2 className="closure-title" tabIndex={-1} ref={heading}>
        {t('partTitle')}
      </h2>
      <TextField
        label={t('partLabel')}
        value={text}
        inputMode="numeric"
        autoComplete="off"
        onValueChange={(value) => actor.send({ type: 'part.changed', value })}
        hint={t('partHint', { due: dueText })}
        error={notice ? t.said(notice) : null}
      />
      <p className="closure-leaves" aria-live="polite">
        {leaves !== null ? t('partLeaves', { amount: formatINR(leaves) }) : ''}
      </p>
      <div className="closure-actions">
        <Button type="submit" block busy={busy}>
          {t('partPay', { amount: amount === null ? '' : formatINR(amount) })}
        </Button>
        <Button block variant="link" disabled={busy} onClick={() => actor.send({ type: 'part.cancelled' })}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

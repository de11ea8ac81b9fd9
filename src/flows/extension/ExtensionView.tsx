/**
 * The extension page (spec §2 'Extension'): the extension fee due and already paid, the extension
 * processing fee with its rate, the interest, the application date, the extension days and the new
 * due date; the spec's four notes; 'Apply and payment' and 'Abandon extension' (with its dialog). The
 * fee is drawn as the sum the spec's note gives (the overdue fee its own line), then what is still
 * owed on the loan after it.
 * Beyond the spec: once applied, the time left in the 24-hour window (the lender's clock), and when it
 * runs out, that the extension has failed. The lender's own words (extensionMsg) are shown as sent.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { ExtensionInfo } from '../../../contract/extension';
import type { Order } from '../../../contract/orders';
import type { extensionMachine } from '../../../machines/extension/extension.machine';
import { extensionText } from '../../../i18n/en/extension';
import { kfsText } from '../../../i18n/en/kfs';
import { kfsPrompt } from '../../../machines/shared/kfs-ack';
import '../application/kfs.css';
import { EXTENSION_NOTES, feeBreakdown, formatCountdown, formatRate, owedAfterFee } from '../../../machines/extension/extension.rules';
import { paths } from '../../../machines/shared/paths';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Screen } from '../../ui/Screen';
import { LoadError, Loading } from '../../ui/Status';
import { signOf, Sum, SumLine, type SumLineProps } from '../../ui/Sum';
import { useSecondsLeft } from '../../ui/useSecondsLeft';
import { formatDay, formatMoment, formatTime } from '../../ui/dates';
import { useText } from '../../ui/text';
import './extension.css';

export type ExtensionActor = ActorRefFrom<typeof extensionMachine>;

export function ExtensionView({ actor }: { actor: ExtensionActor }) {
  const t = useText(extensionText);
  const orderId = useSelector(actor, (s) => s.context.orderId);
  const phase = useSelector(actor, (s) =>
    s.hasTag('failed') ? 'failed' : s.hasTag('leaving') ? 'leaving' : s.hasTag('expired') ? 'expired' : s.hasTag('shown') ? 'shown' : 'loading',
  );
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <Screen title={t('title')} backTo={paths.orderDetail.href(orderId)} className="extension-page">
      {phase === 'loading' && <Loading label={t('loading')} />}
      {phase === 'leaving' && <Loading label={t('opening')} />}
      {phase === 'failed' && <LoadError message={error ? t.said(error) : t('loadFailed')} onRetry={() => actor.send({ type: 'page.retried' })} homeLink />}
      {phase === 'shown' && <Extension actor={actor} />}
      {phase === 'expired' && <Expired actor={actor} />}
    </Screen>
  );
}

const money = (n: number) => formatINR(n);

function Extension({ actor }: { actor: ExtensionActor }) {
  const t = useText(extensionText);
  const info = useSelector(actor, (s) => s.context.info);
  const order = useSelector(actor, (s) => s.context.order);
  const message = order?.extensionMsg ?? '';
  const awaiting = useSelector(actor, (s) => s.hasTag('awaiting'));
  if (!info) return null;
  return (
    <>
      <section className="card extension-summary" aria-label={t('feeSummary')}>
        <p className="extension-lead">{awaiting ? t('awaitingLead') : t('offerLead')}</p>
        {message.trim() && <p className="extension-msg">{message}</p>}
        <p className="extension-due-label">{t('feeDue')}</p>
        <p className="extension-due">{money(info.extensionFee)}</p>
        {awaiting && <Countdown actor={actor} />}
      </section>
      <Figures info={info} order={order} />
      <Amendment actor={actor} info={info} order={order} />
      <section className="card extension-notes" aria-labelledby="extension-notes">
        <h2 id="extension-notes" className="extension-subtitle">
          {t('pleaseNote')}
        </h2>
        <ul>
          {EXTENSION_NOTES.map((note) => (
            <li key={note}>{t(note)}</li>
          ))}
        </ul>
      </section>
      <Actions actor={actor} />
      <AbandonDialog actor={actor} />
    </>
  );
}

/**
 * The fee as spec §2's note gives it, a sum of the lender's figures (extension.rules.ts feeBreakdown),
 * then what is still owed on the loan after the fee, and the extension's dates.
 */
function Figures({ info, order }: { info: ExtensionInfo; order: Order | null }) {
  const t = useText(extensionText);
  const fee = feeBreakdown(info);
  const owed = owedAfterFee(info, order);
  const newDue = formatDay(info.extensionTime);
  const line = (props: SumLineProps) => <SumLine signWord={props.sign ? t(props.sign) : undefined} {...props} />;
  const rows: [string, string][] = [
    [t('applicationDate'), formatTime(info.extensionApplyTime)],
    [t('extensionDays'), t(info.extensionDay === 1 ? 'daysOne' : 'daysOther', { days: info.extensionDay })],
    [t('newDueDate'), newDue],
  ];
  return (
    <>
      <Sum title={t('breakdown')} className="extension-breakdown">
        {line({ label: t('processingFee', { rate: formatRate(fee.rate) }), amount: fee.serviceFee })}
        {line({ label: t(fee.overdueGiven ? 'overdueFee' : 'overdueRest'), sign: signOf(fee.overdue), amount: fee.overdue })}
        {line({ label: t('interest'), sign: 'plus', amount: fee.interest })}
        {line({ label: t('feePaid'), sign: 'minus', amount: fee.paid })}
        {fee.other !== null && line({ label: t('notItemised'), sign: signOf(fee.other), amount: fee.other })}
        {line({ label: t('feeDue'), amount: fee.due, total: true })}
      </Sum>
      {owed && (
        <p className="card extension-owed">
          {t(owed.lenders ? 'owedAfter' : 'owedToday', { amount: formatINR(owed.amount), date: newDue })}
        </p>
      )}
      <dl className="card extension-facts" aria-label={t('details')}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The time left in the 24-hour window, on the lender's clock, redrawn every second. */
function Countdown({ actor }: { actor: ExtensionActor }) {
  const t = useText(extensionText);
  const deadline = useSelector(actor, (s) => s.context.deadline);
  const now = useSelector(actor, (s) => s.context.now);
  const seconds = useSecondsLeft(deadline, now);
  const labelId = useId();
  if (deadline === null) return null;
  return (
    <div className="extension-window">
      <p className="extension-left">
        <span id={labelId}>{t('timeLeft')}</span>
        <span role="timer" aria-labelledby={labelId} className="extension-countdown">
          {formatCountdown(seconds)}
        </span>
      </p>
      <p className="extension-by">{t('payBy', { time: formatMoment(deadline) })}</p>
    </div>
  );
}

function Actions({ actor }: { actor: ExtensionActor }) {
  const t = useText(extensionText);
  const applying = useSelector(actor, (s) => s.hasTag('applying'));
  const redirecting = useSelector(actor, (s) => s.hasTag('redirecting'));
  const dialog = useSelector(actor, (s) => s.hasTag('abandonDialog'));
  const notice = useSelector(actor, (s) => (s.hasTag('abandonDialog') ? null : s.context.notice));
  // Apply and payment waits for the amendment to the KFS (machines/extension: kfs-amendment).
  const waiting = useSelector(actor, (s) => s.hasTag('shown') && !s.hasTag('applying') && !s.hasTag('redirecting') && !s.hasTag('abandonDialog') && !s.can({ type: 'apply.tapped' }));
  const noticeId = useId();
  return (
    <div className="extension-action">
      {notice && (
        <p className="extension-notice" role="alert" id={noticeId}>
          {t.said(notice)}
        </p>
      )}
      {redirecting && (
        <p className="extension-redirecting" role="status">
          {t('redirecting')}
        </p>
      )}
      <Button
        block
        busy={applying || redirecting}
        disabled={dialog || waiting}
        aria-describedby={[notice ? noticeId : '', waiting ? AMENDMENT_ID : ''].filter(Boolean).join(' ') || undefined}
        onClick={() => actor.send({ type: 'apply.tapped' })}
      >
        {t('apply')}
      </Button>
      <Button block variant="link" disabled={applying || redirecting} onClick={() => actor.send({ type: 'abandon.tapped' })}>
        {t('abandon')}
      </Button>
    </div>
  );
}

function AbandonDialog({ actor }: { actor: ExtensionActor }) {
  const t = useText(extensionText);
  const open = useSelector(actor, (s) => s.hasTag('abandonDialog'));
  const abandoning = useSelector(actor, (s) => s.hasTag('abandoning'));
  const notice = useSelector(actor, (s) => (s.hasTag('abandonDialog') ? s.context.notice : null));
  const keep = () => actor.send({ type: 'abandon.continued' });
  return (
    <ConfirmDialog
      open={open}
      title={t('abandonTitle')}
      keepLabel={t('continueExtension')}
      onKeep={keep}
      actLabel={t('abandonExtension')}
      onAct={() => actor.send({ type: 'abandon.confirmed' })}
      busy={abandoning}
    >
      <p>{t('abandonBody')}</p>
      {notice && (
        <p className="extension-notice" role="alert">
          {t.said(notice)}
        </p>
      )}
    </ConfirmDialog>
  );
}

/** The window has ended: the extension has failed; the order is read again. */
function Expired({ actor }: { actor: ExtensionActor }) {
  const t = useText(extensionText);
  const orderId = useSelector(actor, (s) => s.context.orderId);
  const checking = useSelector(actor, (s) => s.hasTag('checking'));
  const stillOpen = useSelector(actor, (s) => s.hasTag('stillOpen'));
  const notice = useSelector(actor, (s) => s.context.notice);
  const message = useSelector(actor, (s) => (s.hasTag('closed') ? (s.context.order?.extensionMsg ?? '') : ''));
  return (
    <section className="card extension-expired" aria-labelledby="extension-failed">
      <h2 id="extension-failed" className="extension-subtitle">
        {t('failedTitle')}
      </h2>
      <p role="status">{t('failed')}</p>
      {message.trim() && <p className="extension-msg">{message}</p>}
      {checking && <Loading label={t('checking')} />}
      {stillOpen && (
        <>
          {notice ? (
            <p className="extension-notice" role="alert">
              {t.said(notice)}
            </p>
          ) : (
            <p>{t('stillOpen')}</p>
          )}
          <Button variant="secondary" onClick={() => actor.send({ type: 'refresh.tapped' })}>
            {t('checkAgain')}
          </Button>
        </>
      )}
      <Link href={paths.orderDetail.href(orderId)} className="btn btn-primary btn-block">
        {t('backToOrder')}
      </Link>
    </section>
  );
}

const AMENDMENT_ID = 'extension-amendment-lead';

/**
 * The amendment to the KFS before the fee is paid (RBI: no charge outside the KFS): what the extension
 * changes (the due date, the fee and its parts), the lender's number and validity where it issued one,
 * and the tick that acknowledges it.
 */
function Amendment({ actor, info, order }: { actor: ExtensionActor; info: ExtensionInfo; order: Order | null }) {
  const t = useText(kfsText);
  const te = useText(extensionText);
  const prompt = useSelector(actor, (s) => kfsPrompt(s.context.amendment, s.context.amendmentTickedAt), (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const issued = useSelector(actor, (s) => (s.context.amendment?.source === 'lender' ? s.context.amendment : null));
  const busy = useSelector(actor, (s) => s.hasTag('applying') || s.hasTag('redirecting'));
  const checkId = useId();
  const fee = feeBreakdown(info);
  const rows: [string, string][] = [
    ...(issued ? ([[t('number'), issued.kfsNo], [t('validUntil'), formatMoment(Date.parse(issued.validUntil))]] as [string, string][]) : []),
    [t('currentDueDate'), order?.repaymentDate ? formatDay(order.repaymentDate) : t('notProvided')],
    [t('newDueDate'), formatDay(info.extensionTime)],
    [t('extensionDays'), t('extensionDaysValue', { days: info.extensionDay })],
    [te('processingFee', { rate: formatRate(fee.rate) }), formatINR(fee.serviceFee)],
    ...(fee.overdue !== 0 ? ([[te(fee.overdueGiven ? 'overdueFee' : 'overdueRest'), formatINR(fee.overdue)]] as [string, string][]) : []),
    [te('interest'), formatINR(fee.interest)],
    [t('amendmentFee'), formatINR(fee.due)],
  ];
  return (
    <section className="card extension-amendment" aria-labelledby="extension-amendment-title">
      <h2 id="extension-amendment-title" className="extension-subtitle">
        {t('amendmentTitle')}
      </h2>
      <p id={AMENDMENT_ID}>{t('amendmentLead')}</p>
      {prompt.kind === 'reading' ? (
        <p className="muted">{t('reading')}</p>
      ) : (
        <>
          <table className="kfs">
            <caption className="visually-hidden">{t('amendmentTitle')}</caption>
            <tbody>
              {rows.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {prompt.kind === 'toAcknowledge' && (
            <div className="checkbox">
              <input id={checkId} type="checkbox" checked={prompt.ticked} disabled={busy} onChange={(e) => actor.send({ type: 'amendment.ticked', checked: e.currentTarget.checked })} />
              <label htmlFor={checkId}>{t('amendmentAccept')}</label>
            </div>
          )}
        </>
      )}
    </section>
  );
}

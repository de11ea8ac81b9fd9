/**
 * Schedule an application (/product/{pid}/schedule): why (an open loan blocks applying now, with a
 * link to My loans), what scheduling does, the amount, the bank account (or a link to add one) and
 * 'Schedule application'. Renders the scheduling machine's state.
 */
import { kfsText } from '../../../i18n/en/kfs';
import { lenderKeyFacts } from '../../../machines/shared/kfs-ack';
import { KeyFactStatement } from '../application/KeyFactStatement';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { scheduleApplyMachine } from '../../../machines/schedule/schedule-apply.machine';
import { scheduleText } from '../../../i18n/en/schedule';
import { openOrderBlocks } from '../../../machines/schedule/schedule.rules';
import { paths } from '../../../machines/shared/paths';
import { AmountSlider } from '../../ui/AmountSlider';
import { BankAccountPicker } from '../../ui/BankAccountPicker';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { LoadError, Loading } from '../../ui/Status';
import { useText } from '../../ui/text';
import './schedule.css';

export type ScheduleApplyActor = ActorRefFrom<typeof scheduleApplyMachine>;

export function ScheduleApplyView({ actor, pid }: { actor: ScheduleApplyActor; pid: string }) {
  const phase = useSelector(actor, (s) => (s.hasTag('editing') ? 'editing' : s.hasTag('failed') ? 'failed' : s.hasTag('leaving') ? 'leaving' : 'loading'));
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const t = useText(scheduleText);
  return (
    <Screen title={t('applyTitle')} backTo={paths.product.href(pid)} className="schedule schedule-apply">
      {phase === 'loading' && <Loading label={t('loadingProduct')} />}
      {phase === 'leaving' && <Loading label={t('openingScheduled')} />}
      {phase === 'failed' && <LoadError message={t.said(loadError ?? { key: 'loadFailed' })} onRetry={() => actor.send({ type: 'page.retried' })} homeLink />}
      {phase === 'editing' && <Form actor={actor} pid={pid} />}
    </Screen>
  );
}

function Form({ actor, pid }: { actor: ScheduleApplyActor; pid: string }) {
  const blocked = useSelector(actor, (s) => openOrderBlocks(s.context.precheck));
  const busy = useSelector(actor, (s) => s.hasTag('submitting'));
  const notice = useSelector(actor, (s) => s.context.notice);
  // The lender's KFS for the amount is acknowledged when it is scheduled (kfs-for-schedule).
  const waiting = useSelector(actor, (s) => !s.hasTag('submitting') && s.context.cardId !== null && !s.can({ type: 'schedule.tapped' }));
  const noticeId = useId();
  const t = useText(scheduleText);
  return (
    <div className="schedule-body">
      {blocked && (
        <section className="card schedule-blocked" aria-label={t('whyBlocked')}>
          <p>{t('openOrder')}</p>
          <Link href={paths.orders.href()} className="btn btn-link">
            {t('myLoans')}
          </Link>
        </section>
      )}
      <p className="schedule-note">{t('explanation')}</p>
      <AmountPicker actor={actor} disabled={busy} />
      <BankAccount actor={actor} pid={pid} disabled={busy} />
      <ScheduleKfs actor={actor} disabled={busy} />
      <div className="schedule-action">
        {notice && (
          <p className="schedule-notice" role="alert" id={noticeId}>
            {t.said(notice)}
          </p>
        )}
        <Button block busy={busy} disabled={waiting} aria-describedby={notice ? noticeId : undefined} onClick={() => actor.send({ type: 'schedule.tapped' })}>
          {t('scheduleButton')}
        </Button>
      </div>
    </div>
  );
}

function AmountPicker({ actor, disabled }: { actor: ScheduleApplyActor; disabled: boolean }) {
  const amounts = useSelector(actor, (s) => s.context.product?.amountList ?? []);
  const amount = useSelector(actor, (s) => s.context.amount);
  const t = useText(scheduleText);
  return <AmountSlider label={t('expectedAmount')} amounts={amounts} amount={amount} disabled={disabled} onChange={(next) => actor.send({ type: 'amount.changed', amount: next })} />;
}

function BankAccount({ actor, pid, disabled }: { actor: ScheduleApplyActor; pid: string; disabled: boolean }) {
  const cards = useSelector(actor, (s) => s.context.cards);
  const cardId = useSelector(actor, (s) => s.context.cardId);
  return <BankAccountPicker cards={cards} cardId={cardId} disabled={disabled} onSelect={(id) => actor.send({ type: 'card.selected', cardId: id })} addHref={paths.bankAdd.href(pid)} />;
}

/**
 * The lender's Key Fact Statement for the expected amount, where the lender issues one: the lender
 * applies later, so it is acknowledged now. Without it the page is the spec's, and the KFS comes
 * before Get Money.
 */
function ScheduleKfs({ actor, disabled }: { actor: ScheduleApplyActor; disabled: boolean }) {
  const t = useText(kfsText);
  const kfs = useSelector(actor, (s) => s.context.scheduleKfs);
  const config = useSelector(actor, (s) => s.context.config);
  const loading = useSelector(actor, (s) => s.hasTag('kfsLoading'));
  const ticked = useSelector(actor, (s) => s.context.kfsTicked);
  const id = useId();
  if (loading) return <p className="muted">{t('reading')}</p>;
  if (kfs === null) return null;
  return (
    <section className="card" aria-label={t('title')}>
      <h2 className="schedule-kfs-title">{t('title')}</h2>
      <KeyFactStatement facts={lenderKeyFacts(kfs, config)} issued={kfs} />
      {kfs.acknowledgedAt == null && (
        <div className="checkbox">
          <input id={id} type="checkbox" checked={ticked} disabled={disabled} onChange={(e) => actor.send({ type: 'kfs.ticked', checked: e.currentTarget.checked })} />
          <label htmlFor={id}>{t('accept')}</label>
        </div>
      )}
    </section>
  );
}

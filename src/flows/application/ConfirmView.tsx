/**
 * The loan confirmation screen: renders the application machine's state and sends the borrower's
 * intents (spec §2 'Loan confirmation'). What is shown and allowed comes from machines/application.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { applicationMachine } from '../../../machines/application/application.machine';
import { keyFacts } from '../../../machines/application/application.rules';
import { applicationText } from '../../../i18n/en/application';
import { kfsText } from '../../../i18n/en/kfs';
import { paths } from '../../../machines/shared/paths';
import { formatDailyRate, formatINR } from '../../lib/money';
import { AmountSlider } from '../../ui/AmountSlider';
import { BankAccountPicker } from '../../ui/BankAccountPicker';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { SectionTitle } from '../../ui/SectionTitle';
import { LoadError, Loading } from '../../ui/Status';
import { useText } from '../../ui/text';
import { KeyFactStatement } from './KeyFactStatement';
import './application.css';

export type ApplicationActor = ActorRefFrom<typeof applicationMachine>;

export function ConfirmView({ actor, pid }: { actor: ApplicationActor; pid: string }) {
  const t = useText(applicationText);
  const phase = useSelector(actor, (s) => (s.hasTag('confirming') ? 'confirming' : s.hasTag('failed') ? 'failed' : s.hasTag('leaving') ? 'leaving' : 'loading'));
  const loadError = useSelector(actor, (s) => s.context.loadError);
  return (
    <Screen title={t('title')} backTo={paths.product.href(pid)} className="application">
      {phase === 'loading' && <Loading label={t('checking')} />}
      {phase === 'leaving' && <Loading label={t('opening')} />}
      {phase === 'failed' && <LoadError message={loadError ? t.said(loadError) : t('loadFailed')} onRetry={() => actor.send({ type: 'page.retried' })} homeLink />}
      {phase === 'confirming' && <Confirmation actor={actor} pid={pid} />}
    </Screen>
  );
}

function Confirmation({ actor, pid }: { actor: ApplicationActor; pid: string }) {
  const t = useText(applicationText);
  const busy = useSelector(actor, (s) => s.hasTag('applying') || s.hasTag('applied'));
  const applied = useSelector(actor, (s) => s.hasTag('applied'));
  const notice = useSelector(actor, (s) => s.context.notice);
  const noticeId = useId();
  return (
    <div className="application-body">
      <AmountPicker actor={actor} disabled={busy} />
      <Figures actor={actor} />
      <BankAccount actor={actor} pid={pid} disabled={busy} />
      <AutoGetMoney actor={actor} disabled={busy} />
      <Kfs actor={actor} disabled={busy} />
      <div className="application-action">
        {notice && (
          <p className="application-notice" role="alert" id={noticeId}>
            {t.said(notice)}
          </p>
        )}
        {applied && (
          <p className="application-applied" role="status">
            {t('applied')}
          </p>
        )}
        <Button block busy={busy} aria-describedby={notice ? noticeId : undefined} onClick={() => actor.send({ type: 'apply.tapped' })}>
          {t('applyNow')}
        </Button>
      </div>
    </div>
  );
}

function AmountPicker({ actor, disabled }: { actor: ApplicationActor; disabled: boolean }) {
  const t = useText(applicationText);
  const amounts = useSelector(actor, (s) => s.context.product?.amountList ?? []);
  const amount = useSelector(actor, (s) => s.context.amount);
  return <AmountSlider label={t('loanAmount')} amounts={amounts} amount={amount} disabled={disabled} onChange={(next) => actor.send({ type: 'amount.changed', amount: next })} />;
}

function Figures({ actor }: { actor: ApplicationActor }) {
  const t = useText(applicationText);
  const figures = useSelector(actor, (s) => s.context.figures);
  const rate = useSelector(actor, (s) => s.context.product?.interestRate ?? null);
  const period = useSelector(actor, (s) => s.context.product?.period ?? null);
  const calculating = useSelector(actor, (s) => s.hasTag('calculating'));
  const failed = useSelector(actor, (s) => s.hasTag('calculateFailed'));
  const error = useSelector(actor, (s) => s.context.calculateError);
  return (
    <section className="card" aria-label={t('repayment')} aria-busy={calculating || undefined}>
      <dl className="application-figures">
        <div>
          <dt>{t('repaymentAmount')}</dt>
          <dd>{figures ? formatINR(figures.repaymentAmount) : '…'}</dd>
        </div>
        <div>
          <dt>{t('interestRate')}</dt>
          <dd>{rate === null ? '—' : formatDailyRate(rate)}</dd>
        </div>
        <div>
          <dt>{t('interestFee')}</dt>
          <dd>{figures ? formatINR(figures.interest) : '…'}</dd>
        </div>
        <div>
          <dt>{t('period')}</dt>
          <dd>{period === null ? '—' : t('periodDays', { days: period })}</dd>
        </div>
      </dl>
      {calculating && (
        <p className="muted application-calculating" role="status">
          {t('calculating')}
        </p>
      )}
      {failed && (
        <div className="application-calc-error" role="alert">
          <p>{error ? t.said(error) : t('calculateFailed')}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'calculation.retried' })}>
            {t('tryAgain')}
          </Button>
        </div>
      )}
    </section>
  );
}

function BankAccount({ actor, pid, disabled }: { actor: ApplicationActor; pid: string; disabled: boolean }) {
  const t = useText(applicationText);
  const cards = useSelector(actor, (s) => s.context.cards);
  const cardId = useSelector(actor, (s) => s.context.cardId);
  return (
    <BankAccountPicker cards={cards} cardId={cardId} disabled={disabled} onSelect={(id) => actor.send({ type: 'card.selected', cardId: id })} addHref={paths.bankAdd.href(pid)}>
      <Link href={paths.bank.href(pid)} className="btn btn-link application-bank-link">
        {t('chooseAccount')}
      </Link>
    </BankAccountPicker>
  );
}

function AutoGetMoney({ actor, disabled }: { actor: ApplicationActor; disabled: boolean }) {
  const t = useText(applicationText);
  const on = useSelector(actor, (s) => s.context.autoGetMoney === 1);
  const id = useId();
  return (
    <section className="card application-toggle">
      <label htmlFor={id}>
        <span>{t('autoGetMoney')}</span>
        <span className="muted">{t('autoGetMoneyHint')}</span>
      </label>
      <input id={id} type="checkbox" role="switch" checked={on} disabled={disabled} onChange={() => actor.send({ type: 'autoGetMoney.toggled' })} />
    </section>
  );
}

function Kfs({ actor, disabled }: { actor: ApplicationActor; disabled: boolean }) {
  const t = useText(kfsText);
  const facts = useSelector(
    actor,
    (s) => {
      const { amount, product, figures, config, today } = s.context;
      return amount !== null && product && figures && config ? keyFacts({ amount, product, figures, config, today }) : null;
    },
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const acknowledged = useSelector(actor, (s) => s.context.acknowledged);
  const issued = useSelector(actor, (s) => s.context.lenderKfs);
  const issuing = useSelector(actor, (s) => s.hasTag('issuingKfs'));
  const id = useId();
  return (
    <section className="card" aria-label={t('title')}>
      <SectionTitle>{t('title')}</SectionTitle>
      {facts ? <KeyFactStatement facts={facts} issued={issued} /> : <p className="muted">{t('pending')}</p>}
      <div className="checkbox">
        <input
          id={id}
          type="checkbox"
          checked={acknowledged}
          disabled={disabled || facts === null || issuing}
          onChange={(e) => actor.send({ type: 'kfs.toggled', accepted: e.currentTarget.checked })}
        />
        <label htmlFor={id}>{t('accept')}</label>
      </div>
    </section>
  );
}

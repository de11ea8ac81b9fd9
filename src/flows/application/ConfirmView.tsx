/**
 * The loan confirmation screen: renders the application machine's state and sends the borrower's
 * intents (spec §2 'Loan confirmation'). What is shown and allowed comes from machines/application.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { applicationMachine } from '../../../machines/application/application.machine';
import { APPLICATION_MESSAGES, keyFacts } from '../../../machines/application/application.rules';
import { paths } from '../../../machines/shared/paths';
import { formatDailyRate, formatINR } from '../../lib/money';
import { AmountSlider } from '../../ui/AmountSlider';
import { BankAccountPicker } from '../../ui/BankAccountPicker';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { SectionTitle } from '../../ui/SectionTitle';
import { LoadError, Loading } from '../../ui/Status';
import { KeyFactStatement } from './KeyFactStatement';
import './application.css';

export type ApplicationActor = ActorRefFrom<typeof applicationMachine>;

export function ConfirmView({ actor, pid }: { actor: ApplicationActor; pid: string }) {
  const phase = useSelector(actor, (s) => (s.hasTag('confirming') ? 'confirming' : s.hasTag('failed') ? 'failed' : s.hasTag('leaving') ? 'leaving' : 'loading'));
  const loadError = useSelector(actor, (s) => s.context.loadError);
  return (
    <Screen title="Loan confirmation" backTo={paths.product.href(pid)} className="application">
      {phase === 'loading' && <Loading label="Checking your application…" />}
      {phase === 'leaving' && <Loading label="Opening…" />}
      {phase === 'failed' && <LoadError message={loadError ?? APPLICATION_MESSAGES.loadFailed} onRetry={() => actor.send({ type: 'page.retried' })} homeLink />}
      {phase === 'confirming' && <Confirmation actor={actor} pid={pid} />}
    </Screen>
  );
}

function Confirmation({ actor, pid }: { actor: ApplicationActor; pid: string }) {
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
            {notice}
          </p>
        )}
        {applied && (
          <p className="application-applied" role="status">
            Application sent.
          </p>
        )}
        <Button block busy={busy} aria-describedby={notice ? noticeId : undefined} onClick={() => actor.send({ type: 'apply.tapped' })}>
          APPLY NOW
        </Button>
      </div>
    </div>
  );
}

function AmountPicker({ actor, disabled }: { actor: ApplicationActor; disabled: boolean }) {
  const amounts = useSelector(actor, (s) => s.context.product?.amountList ?? []);
  const amount = useSelector(actor, (s) => s.context.amount);
  return <AmountSlider label="Loan amount" amounts={amounts} amount={amount} disabled={disabled} onChange={(next) => actor.send({ type: 'amount.changed', amount: next })} />;
}

function Figures({ actor }: { actor: ApplicationActor }) {
  const figures = useSelector(actor, (s) => s.context.figures);
  const rate = useSelector(actor, (s) => s.context.product?.interestRate ?? null);
  const period = useSelector(actor, (s) => s.context.product?.period ?? null);
  const calculating = useSelector(actor, (s) => s.hasTag('calculating'));
  const failed = useSelector(actor, (s) => s.hasTag('calculateFailed'));
  const error = useSelector(actor, (s) => s.context.calculateError);
  return (
    <section className="card" aria-label="Repayment" aria-busy={calculating || undefined}>
      <dl className="application-figures">
        <div>
          <dt>Repayment amount</dt>
          <dd>{figures ? formatINR(figures.repaymentAmount) : '…'}</dd>
        </div>
        <div>
          <dt>Interest rate</dt>
          <dd>{rate === null ? '—' : formatDailyRate(rate)}</dd>
        </div>
        <div>
          <dt>Interest fee</dt>
          <dd>{figures ? formatINR(figures.interest) : '…'}</dd>
        </div>
        <div>
          <dt>Period</dt>
          <dd>{period === null ? '—' : `${period} days`}</dd>
        </div>
      </dl>
      {calculating && (
        <p className="muted application-calculating" role="status">
          Calculating…
        </p>
      )}
      {failed && (
        <div className="application-calc-error" role="alert">
          <p>{error ?? APPLICATION_MESSAGES.calculateFailed}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'calculation.retried' })}>
            Try again
          </Button>
        </div>
      )}
    </section>
  );
}

function BankAccount({ actor, pid, disabled }: { actor: ApplicationActor; pid: string; disabled: boolean }) {
  const cards = useSelector(actor, (s) => s.context.cards);
  const cardId = useSelector(actor, (s) => s.context.cardId);
  return (
    <BankAccountPicker cards={cards} cardId={cardId} disabled={disabled} onSelect={(id) => actor.send({ type: 'card.selected', cardId: id })} addHref={paths.bankAdd.href(pid)}>
      <Link href={paths.bank.href(pid)} className="btn btn-link application-bank-link">
        Choose or add a bank account
      </Link>
    </BankAccountPicker>
  );
}

function AutoGetMoney({ actor, disabled }: { actor: ApplicationActor; disabled: boolean }) {
  const on = useSelector(actor, (s) => s.context.autoGetMoney === 1);
  const id = useId();
  return (
    <section className="card application-toggle">
      <label htmlFor={id}>
        <span>Get the money automatically</span>
        <span className="muted">Paid out to your account as soon as the loan is approved.</span>
      </label>
      <input id={id} type="checkbox" role="switch" checked={on} disabled={disabled} onChange={() => actor.send({ type: 'autoGetMoney.toggled' })} />
    </section>
  );
}

function Kfs({ actor, disabled }: { actor: ApplicationActor; disabled: boolean }) {
  const facts = useSelector(
    actor,
    (s) => {
      const { amount, product, figures, config, today } = s.context;
      return amount !== null && product && figures && config ? keyFacts({ amount, product, figures, config, today }) : null;
    },
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const acknowledged = useSelector(actor, (s) => s.context.acknowledged);
  const id = useId();
  return (
    <section className="card" aria-label="Key Fact Statement">
      <SectionTitle>Key Fact Statement</SectionTitle>
      {facts ? <KeyFactStatement facts={facts} /> : <p className="muted">The Key Fact Statement appears once your loan figures are calculated.</p>}
      <div className="checkbox">
        <input
          id={id}
          type="checkbox"
          checked={acknowledged}
          disabled={disabled || facts === null}
          onChange={(e) => actor.send({ type: 'kfs.toggled', accepted: e.currentTarget.checked })}
        />
        <label htmlFor={id}>I have read and accept the Key Fact Statement above.</label>
      </div>
    </section>
  );
}

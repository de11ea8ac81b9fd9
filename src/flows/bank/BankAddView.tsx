/**
 * "Add bank account": renders the bank-add machine's state and sends the borrower's intents. What
 * a field keeps and which problem it has come from machines/bank/bank-add.rules.ts; the texts from
 * i18n/en/bank.ts.
 */
import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { bankAddMachine } from '../../../machines/bank/bank-add.machine';
import { ACCOUNT_MAX_DIGITS, fieldProblem, firstProblem, IFSC_LENGTH, type BankField } from '../../../machines/bank/bank-add.rules';
import { bankText, type BankKey } from '../../../i18n/en/bank';
import { paths } from '../../../machines/shared/paths';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { TextField } from '../../ui/TextField';
import { useText } from '../../ui/text';
import { focusField } from '../shared/focus';
import './bank.css';

export type BankAddActor = ActorRefFrom<typeof bankAddMachine>;

export const bankFieldId = (field: BankField) => `bank-${field}`;

const LABELS: Record<BankField, BankKey> = { ifsc: 'ifscLabel', account: 'accountLabel', confirm: 'confirmLabel' };

export function BankAddView({ actor, pid }: { actor: BankAddActor; pid: string }) {
  const t = useText(bankText);
  const attention = useSelector(actor, (s) => s.context.attention);
  const busy = useSelector(actor, (s) => s.hasTag('submitting'));
  useEffect(() => {
    if (attention === 0) return;
    const first = firstProblem(actor.getSnapshot().context.values);
    if (first) focusField(document.getElementById(bankFieldId(first)));
  }, [attention, actor]);
  return (
    <Screen title={t('add')} backTo={pid ? paths.bank.href(pid) : paths.home.href()} className="bank-add">
      <form
        className="bank-add-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submitted' });
        }}
      >
        <p className="muted bank-add-intro">{t('addIntro')}</p>
        <BankInput
          actor={actor}
          field="ifsc"
          hint={t('ifscHint')}
          maxLength={IFSC_LENGTH}
          autoCapitalize="characters"
          suffix={
            <Link href={paths.bankIfsc.href(pid)} className="btn btn-link bank-find-ifsc">
              {t('findIfsc')}
            </Link>
          }
        />
        <BankInput actor={actor} field="account" hint={t('accountHint')} maxLength={ACCOUNT_MAX_DIGITS} inputMode="numeric" />
        <BankInput actor={actor} field="confirm" maxLength={ACCOUNT_MAX_DIGITS} inputMode="numeric" />
        <div className="form-actions">
          <Button type="submit" block busy={busy}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Screen>
  );
}

interface BankInputProps {
  actor: BankAddActor;
  field: BankField;
  hint?: string;
  maxLength: number;
  inputMode?: 'numeric';
  autoCapitalize?: string;
  suffix?: ReactNode;
}

function BankInput({ actor, field, hint, maxLength, inputMode, autoCapitalize, suffix }: BankInputProps) {
  const t = useText(bankText);
  const value = useSelector(actor, (s) => s.context.values[field]);
  const error = useSelector(actor, (s) => (s.context.flagged ? fieldProblem(s.context.values, field) : null));
  const locked = useSelector(actor, (s) => s.hasTag('submitting'));
  return (
    <TextField
      id={bankFieldId(field)}
      label={t(LABELS[field])}
      value={value}
      onValueChange={(next) => actor.send({ type: 'field.changed', field, value: next })}
      error={error ? t(error) : null}
      hint={error ? undefined : hint}
      maxLength={maxLength}
      inputMode={inputMode}
      autoCapitalize={autoCapitalize}
      autoComplete="off"
      spellCheck={false}
      readOnly={locked}
      suffix={suffix}
    />
  );
}

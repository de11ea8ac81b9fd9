/**
 * "Add bank account": renders the bank-add machine's state and sends the borrower's intents. What
 * a field keeps and what the messages say come from machines/bank/bank-add.rules.ts.
 */
import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { bankAddMachine } from '../../../machines/bank/bank-add.machine';
import { ACCOUNT_MAX_DIGITS, BANK_ADD_MESSAGES, fieldProblem, firstProblem, IFSC_LENGTH, type BankField } from '../../../machines/bank/bank-add.rules';
import { paths } from '../../../machines/shared/paths';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { TextField } from '../../ui/TextField';
import { focusField } from '../shared/focus';
import './bank.css';

export type BankAddActor = ActorRefFrom<typeof bankAddMachine>;

export const bankFieldId = (field: BankField) => `bank-${field}`;

const LABELS: Record<BankField, string> = { ifsc: 'IFSC code', account: 'Bank account number', confirm: 'Confirm account number' };

export function BankAddView({ actor, pid }: { actor: BankAddActor; pid: string }) {
  const attention = useSelector(actor, (s) => s.context.attention);
  const busy = useSelector(actor, (s) => s.hasTag('submitting'));
  useEffect(() => {
    if (attention === 0) return;
    const first = firstProblem(actor.getSnapshot().context.values);
    if (first) focusField(document.getElementById(bankFieldId(first)));
  }, [attention, actor]);
  return (
    <Screen title="Add bank account" backTo={pid ? paths.bank.href(pid) : paths.home.href()} className="bank-add">
      <form
        className="bank-add-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submitted' });
        }}
      >
        <p className="muted bank-add-intro">The loan is paid into this account. It must be in your name.</p>
        <BankInput
          actor={actor}
          field="ifsc"
          hint={BANK_ADD_MESSAGES.ifscHint}
          maxLength={IFSC_LENGTH}
          autoCapitalize="characters"
          suffix={
            <Link href={paths.bankIfsc.href(pid)} className="btn btn-link bank-find-ifsc">
              Find IFSC
            </Link>
          }
        />
        <BankInput actor={actor} field="account" hint={BANK_ADD_MESSAGES.accountHint} maxLength={ACCOUNT_MAX_DIGITS} inputMode="numeric" />
        <BankInput actor={actor} field="confirm" maxLength={ACCOUNT_MAX_DIGITS} inputMode="numeric" />
        <div className="form-actions">
          <Button type="submit" block busy={busy}>
            Save
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
  const value = useSelector(actor, (s) => s.context.values[field]);
  const error = useSelector(actor, (s) => (s.context.flagged ? fieldProblem(s.context.values, field) : null));
  const locked = useSelector(actor, (s) => s.hasTag('submitting'));
  return (
    <TextField
      id={bankFieldId(field)}
      label={LABELS[field]}
      value={value}
      onValueChange={(next) => actor.send({ type: 'field.changed', field, value: next })}
      error={error}
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

/**
 * Route component for /bank/add?pid=&ifsc_code=: the machine with its effects (bank-add.effects.ts),
 * the draft read when the page opens, and the view. `BankAddFlow` takes the provided machine, so
 * tests provide fakes the same way.
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { bankAddMachine, type BankAddDraft } from '../../../machines/bank/bank-add.machine';
import { BANK_CLIENT_ID } from '../../api/bank';
import { inspect } from '../../lib/inspect';
import { bankAddDraft, bankAddEffects } from './bank-add.effects';
import { BankAddView } from './BankAddView';
import { useBankQuery } from './query';
import { useProvided } from '../shared/effects';

export interface BankAddFlowProps {
  machine: typeof bankAddMachine;
  pid: string;
  ifscCode: string | null;
  draft: BankAddDraft | null;
  clientId: string;
}

export function BankAddFlow({ machine, pid, ifscCode, draft, clientId }: BankAddFlowProps) {
  const actor = useActorRef(machine, { input: { pid, ifscCode, draft, clientId }, inspect });
  return <BankAddView actor={actor} pid={pid} />;
}

export default function BankAddRoute() {
  const { pid, ifscCode } = useBankQuery();
  const [, navigate] = useLocation();
  // Read once, when the page opens (the return from the finder and a reload read it again).
  const [draft] = useState(() => bankAddDraft().read());
  const machine = useProvided(bankAddMachine, () => bankAddEffects(navigate));
  return <BankAddFlow key={`${pid}|${ifscCode ?? ''}`} machine={machine} pid={pid} ifscCode={ifscCode} draft={draft} clientId={BANK_CLIENT_ID} />;
}

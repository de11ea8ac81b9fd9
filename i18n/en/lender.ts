/**
 * Who lends and where the money goes: the lender block (src/ui/LenderIdentity.tsx: the lender, its RBI
 * registration, the grievance officer) and the bank account picker (src/ui/BankAccountPicker.tsx).
 * Lazy: neither is on the first screen.
 */
import { catalogue } from '../core';

export const lenderText = catalogue('lender', {
  who: 'Who lends',
  loansBy: 'Loans by {name}',
  rbiNo: 'RBI registration no. {no}',
  officer: 'Grievance officer',
  bank: 'Bank account',
  bankPick: 'Select a bank account',
  bankNone: 'No bank account yet: add the account the money should go to.',
  bankAdd: 'Add bank account',
}, () => import('../hi/lender'));

export type LenderKey = keyof typeof lenderText.en;

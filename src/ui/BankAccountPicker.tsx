/**
 * The bank account the money goes to (the loan confirmation, the schedule page): the borrower's
 * accounts, each by its last 4 digits and its bank, or, without any, a way to add one. `children`
 * follow the list (the confirmation's link to the bank list).
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { BankCard } from '../../contract/bank';
import { lenderText } from '../../i18n/en/lender';
import { bankOf, maskedAccount } from '../../machines/shared/bank-account';
import { SectionTitle } from './SectionTitle';
import { Select } from './Select';
import { useText } from './text';

export interface BankAccountPickerProps {
  cards: readonly BankCard[];
  cardId: string | null;
  disabled: boolean;
  onSelect: (cardId: string) => void;
  /** Where 'Add bank account' goes when the borrower has none. */
  addHref: string;
  children?: ReactNode;
}

export function BankAccountPicker({ cards, cardId, disabled, onSelect, addHref, children }: BankAccountPickerProps) {
  const t = useText(lenderText);
  return (
    <section className="card" aria-label={t('bank')}>
      {cards.length > 0 ? (
        <>
          <Select
            label={t('bank')}
            value={cardId ?? ''}
            placeholder={t('bankPick')}
            disabled={disabled}
            options={cards.map((c) => ({ value: c.id, label: `${maskedAccount(c.cardNo)} · ${bankOf(c)}` }))}
            onValueChange={(value) => value && onSelect(value)}
          />
          {children}
        </>
      ) : (
        <>
          <SectionTitle>{t('bank')}</SectionTitle>
          <p className="muted">{t('bankNone')}</p>
          <Link href={addHref} className="btn btn-secondary btn-block">
            {t('bankAdd')}
          </Link>
        </>
      )}
    </section>
  );
}

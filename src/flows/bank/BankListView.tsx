/** The list of the borrower's bank accounts, masked, each a way back to the loan confirmation with it chosen. */
import { Link } from 'wouter';
import type { BankCard } from '../../../contract/bank';
import { BANK_LIST_MESSAGES, bankOf, lastDigits, maskedAccount } from '../../../machines/bank/bank.rules';
import { paths } from '../../../machines/shared/paths';

export function BankListView({ cards, pid }: { cards: readonly BankCard[]; pid: string }) {
  const add = (
    <Link href={paths.bankAdd.href(pid)} className="btn btn-secondary btn-block bank-add-link">
      {BANK_LIST_MESSAGES.add}
    </Link>
  );
  if (cards.length === 0)
    return (
      <div className="empty">
        <p>{BANK_LIST_MESSAGES.empty}</p>
        {add}
      </div>
    );
  return (
    <>
      <p className="muted bank-list-intro">{pid ? 'Choose the account the loan should be paid into.' : 'Your bank accounts.'}</p>
      <ul className="bank-cards">
        {cards.map((card) => {
          const body = (
            <>
              <span className="bank-card-name">{bankOf(card)}</span>
              <span className="bank-card-number">
                <span aria-hidden="true">{maskedAccount(card.cardNo)}</span>
                <span className="visually-hidden">Account ending {lastDigits(card.cardNo)}</span>
              </span>
              <span className="bank-card-ifsc">IFSC {card.bankCode}</span>
            </>
          );
          return (
            <li key={card.id}>
              {pid ? (
                <Link href={paths.productDetail.href(pid, { bankId: card.id })} replace className="bank-card bank-card-link">
                  {body}
                </Link>
              ) : (
                <div className="bank-card">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
      {add}
    </>
  );
}

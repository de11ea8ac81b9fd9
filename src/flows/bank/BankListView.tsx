/** The list of the borrower's bank accounts, masked, each a way back to the loan confirmation with it chosen. */
import { Link } from 'wouter';
import type { BankCard } from '../../../contract/bank';
import { bankOf, lastDigits, maskedAccount } from '../../../machines/bank/bank.rules';
import { bankText } from '../../../i18n/en/bank';
import { paths } from '../../../machines/shared/paths';
import { useText } from '../../ui/text';

export function BankListView({ cards, pid }: { cards: readonly BankCard[]; pid: string }) {
  const t = useText(bankText);
  const add = (
    <Link href={paths.bankAdd.href(pid)} className="btn btn-secondary btn-block bank-add-link">
      {t('add')}
    </Link>
  );
  if (cards.length === 0)
    return (
      <div className="empty">
        <p>{t('listEmpty')}</p>
        {add}
      </div>
    );
  return (
    <>
      <p className="muted bank-list-intro">{pid ? t('listChoose') : t('listYours')}</p>
      <ul className="bank-cards">
        {cards.map((card) => {
          const body = (
            <>
              <span className="bank-card-name">{bankOf(card)}</span>
              <span className="bank-card-number">
                <span aria-hidden="true">{maskedAccount(card.cardNo)}</span>
                <span className="visually-hidden">{t('accountEnding', { digits: lastDigits(card.cardNo) })}</span>
              </span>
              <span className="bank-card-ifsc">{t('cardIfsc', { code: card.bankCode })}</span>
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

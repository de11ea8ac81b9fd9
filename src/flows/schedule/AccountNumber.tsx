/** A bank account as shown everywhere (machines/shared/bank-account.ts): '•••• 9012', read as 'Account ending 9012'. */
import { lastDigits, maskedAccount } from '../../../machines/shared/bank-account';

export function AccountNumber({ cardNo }: { cardNo: string }) {
  if (!cardNo) return <>—</>;
  return (
    <>
      <span aria-hidden="true">{maskedAccount(cardNo)}</span>
      <span className="visually-hidden">Account ending {lastDigits(cardNo)}</span>
    </>
  );
}

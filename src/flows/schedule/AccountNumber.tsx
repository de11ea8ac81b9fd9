/** A bank account as shown everywhere (machines/shared/bank-account.ts): '•••• 9012', read as 'Account ending 9012'. */
import { scheduleText } from '../../../i18n/en/schedule';
import { lastDigits, maskedAccount } from '../../../machines/shared/bank-account';
import { useText } from '../../ui/text';

export function AccountNumber({ cardNo }: { cardNo: string }) {
  const t = useText(scheduleText);
  if (!cardNo) return <>—</>;
  return (
    <>
      <span aria-hidden="true">{maskedAccount(cardNo)}</span>
      <span className="visually-hidden">{t('accountEnding', { digits: lastDigits(cardNo) })}</span>
    </>
  );
}

/**
 * The borrower's bank accounts (/bank?pid=): GET /bank/v1/find-user-bank-card through the generic
 * resource machine. Tapping an account returns to the loan confirmation with it chosen, replacing
 * this page (`/product/{pid}/detail?bank_id=`); "Add bank account" opens /bank/add?pid=.
 */
import type { BankCard } from '../../../contract/bank';
import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { paths } from '../../../machines/shared/paths';
import { bankText } from '../../../i18n/en/bank';
import { getBankCards } from '../../api/bank';
import { Screen } from '../../ui/Screen';
import { useText } from '../../ui/text';
import { ResourceView, useResource } from '../shared/useResource';
import { BankListView } from './BankListView';
import { useBankQuery } from './query';
import './bank.css';

const cardsMachine = resourceMachineFor<BankCard[]>();

export default function BankListRoute() {
  const t = useText(bankText);
  const { pid } = useBankQuery();
  const cards = useResource(cardsMachine, (signal) => getBankCards({ signal }));
  return (
    <Screen title={t('listTitle')} backTo={pid ? paths.productDetail.href(pid) : paths.home.href()} className="bank-list">
      <ResourceView resource={cards} loadingLabel={t('listLoading')}>
        {(list) => <BankListView cards={list} pid={pid} />}
      </ResourceView>
    </Screen>
  );
}

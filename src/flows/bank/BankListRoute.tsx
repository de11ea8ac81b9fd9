/**
 * The borrower's bank accounts (/bank?pid=): GET /bank/v1/find-user-bank-card through the generic
 * resource machine. Tapping an account returns to the loan confirmation with it chosen, replacing
 * this page (`/product/{pid}/detail?bank_id=`); "Add bank account" opens /bank/add?pid=.
 */
import type { BankCard } from '../../../contract/bank';
import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { paths } from '../../../machines/shared/paths';
import { getBankCards } from '../../api/bank';
import { Screen } from '../../ui/Screen';
import { ResourceView, useResource } from '../shared/useResource';
import { BankListView } from './BankListView';
import { useBankQuery } from './query';
import './bank.css';

const cardsMachine = resourceMachineFor<BankCard[]>();

export default function BankListRoute() {
  const { pid } = useBankQuery();
  const cards = useResource(cardsMachine, (signal) => getBankCards({ signal }));
  return (
    <Screen title="Bank accounts" backTo={pid ? paths.productDetail.href(pid) : paths.home.href()} className="bank-list">
      <ResourceView resource={cards} loadingLabel="Loading your bank accounts…">
        {(list) => <BankListView cards={list} pid={pid} />}
      </ResourceView>
    </Screen>
  );
}

/** The effects of the IFSC finder: the four bank-info lists and navigation. */
import type { ifscMachine } from '../../../machines/bank/ifsc.machine';
import { getBankBranches, getBankCities, getBanks, getBankStates } from '../../api/bank';
import { fromCall } from '../../lib/abortable';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';

export function ifscEffects(nav: Navigate): Effects<typeof ifscMachine> {
  return {
    actors: {
      loadBanks: fromCall((_, signal) => getBanks({ signal })),
      loadStates: fromCall(({ bankId }, signal) => getBankStates(bankId, { signal })),
      loadCities: fromCall(({ stateId }, signal) => getBankCities(stateId, { signal })),
      loadBranches: fromCall(({ cityId }, signal) => getBankBranches(cityId, { signal })),
    },
    actions: { navigate: navigateWith(nav) },
  };
}

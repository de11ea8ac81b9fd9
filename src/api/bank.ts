/** The bank calls (spec §7): the borrower's cards, the IFSC finder's lists, and binding a new account. */
import { api, PACKAGE_NAME, type CallOptions, type IntentOptions } from './client';
import {
  BankCardList,
  BankNameList,
  BindCardResult,
  BranchList,
  NamedPlaceList,
  type BankBindPayload,
  type BankCard,
  type BankName,
  type Branch,
  type NamedPlace,
} from '../../contract/bank';

/** GET /bank/v1/find-user-bank-card */
export function getBankCards({ signal }: CallOptions = {}): Promise<BankCard[]> {
  return api.get('bank/v1/find-user-bank-card', BankCardList, { signal });
}

/** GET /bank-info/v1/get-bank-info */
export function getBanks({ signal }: CallOptions = {}): Promise<BankName[]> {
  return api.get('bank-info/v1/get-bank-info', BankNameList, { signal });
}

/** GET /bank-info/v1/get-state-list?pId= (the bank's id) */
export function getBankStates(bankId: string, { signal }: CallOptions = {}): Promise<NamedPlace[]> {
  return api.get('bank-info/v1/get-state-list', NamedPlaceList, { signal, searchParams: { pId: bankId } });
}

/** GET /bank-info/v1/get-city-list?stateId= */
export function getBankCities(stateId: string, { signal }: CallOptions = {}): Promise<NamedPlace[]> {
  return api.get('bank-info/v1/get-city-list', NamedPlaceList, { signal, searchParams: { stateId } });
}

/** GET /bank-info/v1/get-branch-list?cityId= */
export function getBankBranches(cityId: string, { signal }: CallOptions = {}): Promise<Branch[]> {
  return api.get('bank-info/v1/get-branch-list', BranchList, { signal, searchParams: { cityId } });
}

/**
 * The bind payload's clientId: this web client, the same id it sends as the `packageName` header
 * (VITE_PACKAGE_NAME; the spec does not say what clientId is).
 */
export const BANK_CLIENT_ID: string = PACKAGE_NAME;

/** POST /bank/v1/bind-card {bankCode, cardNo, confirmCardNo, productId, clientId}: answers the new card. */
export function bindCard(payload: BankBindPayload, { signal, idempotencyKey }: IntentOptions): Promise<BankCard> {
  return api.post('bank/v1/bind-card', BindCardResult, { json: payload, signal, idempotencyKey });
}

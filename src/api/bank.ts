/** The bank calls (contract/bank.ts): the borrower's cards, the IFSC finder's lists, and binding a new account. */
import { bankCalls, type BankBindPayload, type BankCard, type BankName, type Branch, type NamedPlace } from '../../contract/bank';
import { api, PACKAGE_NAME, type CallOptions, type IntentOptions } from './client';
import { readKey, readOrCall } from './read-ahead';

export const bankCardsRead = readKey(bankCalls.bankCards.path);

/** The borrower's cards: a fresh read-ahead answer (started at Apply), else the call. */
export function getBankCards({ signal }: CallOptions = {}): Promise<BankCard[]> {
  return readOrCall(bankCardsRead, (s) => api.call(bankCalls.bankCards, { signal: s }), signal);
}

export function getBanks({ signal }: CallOptions = {}): Promise<BankName[]> {
  return api.call(bankCalls.banks, { signal });
}

/** The states where the bank (its id) has branches. */
export function getBankStates(bankId: string, { signal }: CallOptions = {}): Promise<NamedPlace[]> {
  return api.call(bankCalls.bankStates, { query: { pId: bankId }, signal });
}

export function getBankCities(stateId: string, { signal }: CallOptions = {}): Promise<NamedPlace[]> {
  return api.call(bankCalls.bankCities, { query: { stateId }, signal });
}

export function getBankBranches(cityId: string, { signal }: CallOptions = {}): Promise<Branch[]> {
  return api.call(bankCalls.bankBranches, { query: { cityId }, signal });
}

/**
 * The bind payload's clientId: this web client, the same id it sends as the `packageName` header
 * (VITE_PACKAGE_NAME; the spec does not say what clientId is).
 */
export const BANK_CLIENT_ID: string = PACKAGE_NAME;

/** Binds the account and answers the new card. */
export function bindCard(payload: BankBindPayload, { signal, idempotencyKey }: IntentOptions): Promise<BankCard> {
  return api.call(bankCalls.bindCard, { json: payload, signal, idempotencyKey });
}

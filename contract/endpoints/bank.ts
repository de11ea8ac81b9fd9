/** The bank calls (spec §7): the borrower's cards, the IFSC finder's lists, and binding an account. */
import {
  BankBindPayload,
  BankBranchesQuery,
  BankCardList,
  BankCitiesQuery,
  BankNameList,
  BankStatesQuery,
  BindCardResult,
  BranchList,
  NamedPlaceList,
} from '../bank';
import type { Endpoint } from '../endpoint';

export const bankCards = { method: 'GET', path: '/bank/v1/find-user-bank-card', answer: BankCardList, token: true, beyondSpec: false } as const satisfies Endpoint;

export const banks = { method: 'GET', path: '/bank-info/v1/get-bank-info', answer: BankNameList, token: true, beyondSpec: false } as const satisfies Endpoint;

/** ?pId= (the bank's id) */
export const bankStates = { method: 'GET', path: '/bank-info/v1/get-state-list', query: BankStatesQuery, answer: NamedPlaceList, token: true, beyondSpec: false } as const satisfies Endpoint;

export const bankCities = { method: 'GET', path: '/bank-info/v1/get-city-list', query: BankCitiesQuery, answer: NamedPlaceList, token: true, beyondSpec: false } as const satisfies Endpoint;

export const bankBranches = { method: 'GET', path: '/bank-info/v1/get-branch-list', query: BankBranchesQuery, answer: BranchList, token: true, beyondSpec: false } as const satisfies Endpoint;

export const bindCard = { method: 'POST', path: '/bank/v1/bind-card', body: BankBindPayload, answer: BindCardResult, token: true, beyondSpec: false, intent: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const bankCalls = { bankCards, banks, bankStates, bankCities, bankBranches, bindCard } as const;

/**
 * The order states of spec §4, by code and by the name the spec gives them: one list for the app's
 * machines (the order pages, Loan History, the schedule screens) and the sandbox's engine.
 *
 * The borrower reads a state's name in their language: `orderStateSaid(code)` names it by key in the
 * `orderStates` namespace (i18n/en/orderStates.ts, the spec's English verbatim). ORDER_STATE_NAMES
 * stays the sandbox's English label (its engine's log and page); tests/views/orders.test.tsx checks
 * that both say the same.
 */
import type { Said } from '../../i18n/core';
import type { OrderStatesKey } from '../../i18n/en/orderStates';

export const ORDER_STATE = {
  auditing: 1,
  pass: 2,
  denied: 3,
  lending: 4,
  failed: 5,
  loaned: 6,
  settled: 7,
  overdued: 8,
  extension: 11,
} as const satisfies Readonly<Record<Exclude<OrderStatesKey, 'other'>, number>>;

/** Spec §4 'Order states': the names, as the spec gives them (the sandbox's labels). */
export const ORDER_STATE_NAMES: Readonly<Record<number, string>> = {
  1: 'Auditing',
  2: 'Pass',
  3: 'Denied',
  4: 'Lending',
  5: 'Failed',
  6: 'Loaned',
  7: 'Settled',
  8: 'Overdued',
  11: 'Extension',
};

/** The key of a named state's name ('auditing' for 1); null for a state the spec does not name (9, 10, …). */
export function orderStateKey(state: number): Exclude<OrderStatesKey, 'other'> | null {
  for (const [key, code] of Object.entries(ORDER_STATE)) if (code === state) return key as keyof typeof ORDER_STATE;
  return null;
}

/** A state's name for the borrower (the `orderStates` namespace): by key, or 'State {state}' for one the spec does not name. */
export function orderStateSaid(state: number): Said<OrderStatesKey> {
  const key = orderStateKey(state);
  return key === null ? { key: 'other', values: { state } } : { key };
}

/**
 * Where the loan's money is, by the order's state: still to come (1 Auditing, 2 Pass, 4 Lending), sent
 * (6 Loaned, 7 Settled, 8 Overdued, 11 Extension), or never sent (3 Denied, 5 Failed, any other). A
 * figure of what reaches the account is worded by it: nothing reads "received" before it is.
 */
export type MoneyStage = 'coming' | 'sent' | 'none';

export function moneyStage(state: number): MoneyStage {
  if (state === ORDER_STATE.auditing || state === ORDER_STATE.pass || state === ORDER_STATE.lending) return 'coming';
  if (state === ORDER_STATE.loaned || state === ORDER_STATE.settled || state === ORDER_STATE.overdued || state === ORDER_STATE.extension) return 'sent';
  return 'none';
}

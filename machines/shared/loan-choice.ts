/**
 * What the loan confirmation and the schedule page share: the precheck's answers and the choice of
 * amount and bank card (spec §2 'Loan confirmation', §3 'Precheck', §9 'Default selected amount').
 */
import type { BankCard } from '../../contract/bank';

/** Precheck orderStatus (spec §3): 0 denied, 2 an open order exists; anything else may apply. */
export const PRECHECK_DENIED = 0;
export const PRECHECK_OPEN_ORDER = 2;

/** Spec §2/§9: the default amount is the largest of amountList. Null when there is none. */
export function defaultAmount(amountList: readonly number[]): number | null {
  return amountList.length ? Math.max(...amountList) : null;
}

/** A restored amount if the product still offers it, else the default. */
export function restoreAmount(amountList: readonly number[], restored: number | null | undefined): number | null {
  return restored != null && amountList.includes(restored) ? restored : defaultAmount(amountList);
}

/** The card: `bankId` (picked on /bank), else the one chosen before (draft), else the first; null when there is none. */
export function chooseCard(cards: readonly BankCard[], bankId: string | null, restored: string | null | undefined): string | null {
  const has = (id: string | null | undefined): id is string => id != null && cards.some((c) => c.id === id);
  if (has(bankId)) return bankId;
  if (has(restored)) return restored;
  return cards[0]?.id ?? null;
}

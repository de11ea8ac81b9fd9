/** Order states and the rules that read them (spec §4). */
import type { Queryable } from '../db';
import { istYmd } from '../time';

export const ORDER_STATE = {
  auditing: 1,
  pass: 2,
  denied: 3,
  lending: 4,
  failed: 5,
  loaned: 6,
  settled: 7,
  overdue: 8,
  extension: 11,
} as const;

/** An open order on a product blocks a new application for it (home isFull = 1). */
export const OPEN_STATES: readonly number[] = [1, 2, 4, 6, 8];
/** The home page's in-progress list (spec: the valid group). */
export const IN_PROGRESS_STATES: readonly number[] = [1, 2, 6, 8, 11];

export const FULL_BUTTON_NAME: Readonly<Record<number, string>> = {
  1: 'In review',
  2: 'Get money',
  6: 'Repay',
  8: 'Repay now',
  11: 'Extension',
};

/** States in which the borrower owes the repayment amount (the home item shows what is due). */
export const REPAYABLE_STATES: readonly number[] = [6, 8, 11];

/** 'BW' + the IST date + a 6-digit sequence, e.g. BW20260115000042. */
export async function nextOrderNo(db: Queryable, now: Date): Promise<string> {
  const r = await db.query<{ n: number }>("SELECT nextval('order_no_seq')::int AS n");
  const n = r.rows[0]?.n ?? 0;
  return `BW${istYmd(now)}${String(n).padStart(6, '0')}`;
}

/** Order states and the rules that read them (spec §4). */
import { ORDER_STATE } from '../../../machines/shared/order-states';
import type { Queryable } from '../db';
import { DAY, HOUR, istYmd } from '../time';

export { ORDER_STATE };

/**
 * An open order on a product blocks a new application for it (home isFull = 1, precheck 2, apply
 * refused): in review, approved, lending, loaned, overdue, or in extension (still owed). Migration
 * 008's unique index `orders_one_open_per_product` holds the same list.
 */
export const OPEN_STATES: readonly number[] = [1, 2, 4, 6, 8, 11];
/** The home page's in-progress list (spec: the valid group). */
export const IN_PROGRESS_STATES: readonly number[] = [1, 2, 6, 8, 11];

export const FULL_BUTTON_NAME: Readonly<Record<number, string>> = {
  1: 'In review',
  2: 'Get money',
  6: 'Repay',
  8: 'Repay now',
  11: 'Extension',
};

/** The home buttons in Hindi, by order state. */
export const FULL_BUTTON_NAME_HI: Readonly<Record<number, string>> = {
  1: 'जाँच चल रही है',
  2: 'पैसे पाएँ',
  6: 'चुकाएँ',
  8: 'अभी चुकाएँ',
  11: 'एक्सटेंशन',
};

/** States in which the borrower owes the repayment amount (the home item shows what is due). */
export const REPAYABLE_STATES: readonly number[] = [6, 8, 11];

/** 'BW' + the IST date + a 6-digit sequence, e.g. BW20260115000042. */
export async function nextOrderNo(db: Queryable, now: Date): Promise<string> {
  const r = await db.query<{ n: number }>("SELECT nextval('order_no_seq')::int AS n");
  const n = r.rows[0]?.n ?? 0;
  return `BW${istYmd(now)}${String(n).padStart(6, '0')}`;
}

/** After a denial the borrower may apply again once this has passed (spec §9: 15 days). */
export const REAPPLY_WAIT_MS = 15 * DAY;

/**
 * The time left of the re-apply wait of a denial at `deniedAt`, as the denied page shows it (whole
 * days and hours, rounded up to the hour so that it never reads 0 days 0 hours while still waiting),
 * or null once the wait is over.
 */
export function reapplyWaitLeft(deniedAt: Date, now: Date): { day: number; hour: number } | null {
  const leftMs = deniedAt.getTime() + REAPPLY_WAIT_MS - now.getTime();
  if (leftMs <= 0) return null;
  const hours = Math.ceil(leftMs / HOUR);
  return { day: Math.floor(hours / 24), hour: hours % 24 };
}

/** The borrower's latest denial (an order in state 3 with its denied_at), or null. */
export async function latestDenial(db: Queryable, userId: number): Promise<Date | null> {
  const r = await db.query<{ denied_at: Date | null }>(
    'SELECT max(denied_at) AS denied_at FROM orders WHERE user_id = $1 AND state = $2',
    [userId, ORDER_STATE.denied],
  );
  return r.rows[0]?.denied_at ?? null;
}

/** The borrower's open order on a product (one that blocks applying for it again), or null. */
export async function openOrderOn(db: Queryable, userId: number, productId: number): Promise<number | null> {
  const r = await db.query<{ id: number }>(
    'SELECT id FROM orders WHERE user_id = $1 AND product_id = $2 AND state = ANY($3::int[]) LIMIT 1',
    [userId, productId, OPEN_STATES],
  );
  return r.rows[0]?.id ?? null;
}

/** Order not found, or another borrower's (the same answer: whether an id exists is not disclosed). */
export const ORDER_NOT_FOUND = 'Order not found';

export const LOAN_MESSAGES = {
  inReview: 'Your application is still in review. We will send you an SMS when it is decided.',
  alreadyLending: 'The money for this loan is already on its way to your bank account.',
  closed: 'This application can no longer be disbursed.',
} as const;

/** Why Get money does not apply to an order in `state` (not 2). */
export function getMoneyRefusal(state: number): string {
  if (state === ORDER_STATE.auditing) return LOAN_MESSAGES.inReview;
  if ([ORDER_STATE.lending, ORDER_STATE.loaned, ORDER_STATE.overdued, ORDER_STATE.settled, ORDER_STATE.extension].includes(state as 4))
    return LOAN_MESSAGES.alreadyLending;
  return LOAN_MESSAGES.closed;
}

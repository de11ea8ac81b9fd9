/**
 * Scheduled applications (docs/sandbox/extension-and-scheduling.md 'Scheduled applications'): a borrower asks for an
 * application of a product that cannot be applied for now; it waits in state 0 until the product opens
 * for them, then the sweep (`applySchedules`, run on reads) applies it as a normal application
 * (domain/applications.ts) and moves it to 2 with the order it made; the borrower may cancel it while it
 * waits (3). At most one waiting schedule per borrower and product.
 */
import type * as v from 'valibot';
import { SCHEDULE_STATE, type ScheduledOrder } from '../../../contract/schedule';
import type { Db, Queryable } from '../db';
import { maskAccountNumber } from './accounts';
import { ApiError } from '../envelope';
import { istDateTime } from '../time';
import {
  bookApplication,
  checkAmount,
  checkApplication,
  denialWait,
  findProduct,
  isOpenOrderClash,
  LOAN_MESSAGES,
  ownCard,
  verificationComplete,
} from './applications';
import { kfsForApplication, tieKfs } from './kfs';
import { openOrderOn } from './orders';

export { SCHEDULE_STATE };

export const SCHEDULE_STATE_NAMES: Readonly<Record<number, string>> = { 0: 'Scheduled', 2: 'Applied', 3: 'Canceled' };

export const SCHEDULE_MESSAGES = {
  notFound: 'Scheduled order not found',
  alreadyScheduled: 'You already have a scheduled application for this product. Cancel it first to schedule another.',
  alreadyApplied: (orderNo: string) => `This scheduled application was already made (order ${orderNo}). See Order History.`,
  alreadyCanceled: 'This scheduled application is already canceled.',
} as const;

/** A schedule as read with its product, account and applied order. */
export interface ScheduleRow {
  id: number;
  user_id: number;
  product_id: number;
  product_name: string;
  card_id: number | null;
  card_no: string | null;
  expect_borrow_amount: number;
  state: number;
  order_id: number | null;
  order_no: string | null;
  created_at: Date;
  applied_at: Date | null;
  canceled_at: Date | null;
}

const SCHEDULE_SELECT = `SELECT s.id, s.user_id, s.product_id, p.name AS product_name, s.card_id, b.card_no, s.expect_borrow_amount,
         s.state, s.order_id, o.order_no, s.created_at, s.applied_at, s.canceled_at
    FROM scheduled_orders s JOIN products p ON p.id = s.product_id
    LEFT JOIN bank_cards b ON b.id = s.card_id LEFT JOIN orders o ON o.id = s.order_id`;

/** The contract's ScheduledOrder of a row. */
export function scheduledOrder(s: ScheduleRow): v.InferInput<typeof ScheduledOrder> {
  return {
    id: s.id,
    productId: s.product_id,
    productName: s.product_name,
    state: s.state,
    expectBorrowAmount: s.expect_borrow_amount,
    bankNo: s.card_no ? maskAccountNumber(s.card_no) : '',
    createTime: istDateTime(s.created_at),
    cardId: s.card_id === null ? null : s.card_id,
    orderNo: s.order_no ?? '',
  };
}

/** The borrower's schedules, newest first. */
export async function listSchedules(db: Queryable, userId: number): Promise<ScheduleRow[]> {
  return (await db.query<ScheduleRow>(`${SCHEDULE_SELECT} WHERE s.user_id = $1 ORDER BY s.created_at DESC, s.id DESC`, [userId])).rows;
}

/** One schedule of the borrower (another's, or none: null, the same answer). */
export async function readSchedule(db: Queryable, userId: number, id: number): Promise<ScheduleRow | null> {
  return (await db.query<ScheduleRow>(`${SCHEDULE_SELECT} WHERE s.id = $1 AND s.user_id = $2`, [id, userId])).rows[0] ?? null;
}

/** Unique violation of migration 012's one-waiting-schedule-per-product index. */
function isScheduleClash(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err) || err.code !== '23505') return false;
  const { constraint, message } = err as { constraint?: unknown; message?: unknown };
  return String(constraint ?? message).includes('scheduled_orders_one_per_product');
}

export interface ScheduleAsk {
  productId: string;
  expectBorrowAmount: number;
  cardId: string;
  /** The KFS for the expected amount the borrower acknowledged when scheduling (beyond the spec). */
  kfsNo?: string;
}

/**
 * Schedules an application: an in-app product, one of its amounts, one of the borrower's accounts,
 * and no other waiting schedule for the product. Verification and the product's being open are not
 * checked here: the sweep applies it once they allow (a product open now is applied at the next read).
 */
export async function createSchedule(db: Queryable, userId: number, ask: ScheduleAsk, now: Date): Promise<ScheduleRow> {
  const product = await findProduct(db, ask.productId);
  if (product.product_type !== 1) throw new ApiError(LOAN_MESSAGES.partnerProduct);
  const amount = checkAmount(product, ask.expectBorrowAmount);
  const card = await ownCard(db, userId, ask.cardId);
  if (!card) throw new ApiError(LOAN_MESSAGES.cardNotFound);
  const waiting = await db.query('SELECT 1 FROM scheduled_orders WHERE user_id = $1 AND product_id = $2 AND state = 0', [userId, product.id]);
  if (waiting.rowCount > 0) throw new ApiError(SCHEDULE_MESSAGES.alreadyScheduled);
  const kfs = ask.kfsNo === undefined ? null : await kfsForApplication(db, userId, ask.kfsNo, { kind: 'schedule', productId: product.id, amount }, now);
  let id: number;
  try {
    const inserted = await db.query<{ id: number }>(
      `INSERT INTO scheduled_orders (user_id, product_id, card_id, expect_borrow_amount, state, created_at)
       VALUES ($1, $2, $3, $4, 0, $5) RETURNING id`,
      [userId, product.id, card.id, amount, now.toISOString()],
    );
    id = inserted.rows[0]!.id;
    if (kfs) await tieKfs(db, kfs.id, { scheduleId: id });
  } catch (err) {
    // Two schedules for the product at the same moment: the index refused the second.
    if (isScheduleClash(err)) throw new ApiError(SCHEDULE_MESSAGES.alreadyScheduled);
    throw err;
  }
  return (await readSchedule(db, userId, id))!;
}

/** Cancels a waiting schedule (0 → 3), in its own transaction; see cancelScheduleIn. */
export async function cancelSchedule(db: Db, userId: number, id: number, now: Date): Promise<ScheduleRow> {
  return db.transaction((tx) => cancelScheduleIn(tx, userId, id, now));
}

/** Cancels a waiting schedule (0 → 3) inside `tx`; an applied or canceled one is refused, saying which. */
export async function cancelScheduleIn(tx: Queryable, userId: number, id: number, now: Date): Promise<ScheduleRow> {
  const locked = await tx.query<{ state: number }>('SELECT state FROM scheduled_orders WHERE id = $1 AND user_id = $2 FOR UPDATE', [id, userId]);
  const row = locked.rows[0];
  if (!row) throw new ApiError(SCHEDULE_MESSAGES.notFound);
  if (row.state !== SCHEDULE_STATE.scheduled) {
    const current = (await readSchedule(tx, userId, id))!;
    throw new ApiError(row.state === SCHEDULE_STATE.applied ? SCHEDULE_MESSAGES.alreadyApplied(current.order_no ?? '') : SCHEDULE_MESSAGES.alreadyCanceled);
  }
  await tx.query('UPDATE scheduled_orders SET state = $2, canceled_at = $3 WHERE id = $1', [id, SCHEDULE_STATE.canceled, now.toISOString()]);
  return (await readSchedule(tx, userId, id))!;
}

interface WaitingRow {
  id: number;
  product_id: number;
  card_id: number | null;
  expect_borrow_amount: number;
}

/**
 * Why a waiting schedule cannot be applied at `now` (what precheck and apply would say: an open order
 * on the product, a denial's wait, verification not complete, the account gone), or null when it can.
 */
export async function scheduleBlocker(db: Queryable, userId: number, s: Pick<WaitingRow, 'product_id' | 'card_id'>, now: Date): Promise<string | null> {
  if ((await openOrderOn(db, userId, s.product_id)) !== null) return LOAN_MESSAGES.openOrder;
  const wait = await denialWait(db, userId, now);
  if (wait) return LOAN_MESSAGES.denied(wait);
  if (!(await verificationComplete(db, userId))) return LOAN_MESSAGES.notVerified;
  if (!(await ownCard(db, userId, s.card_id))) return LOAN_MESSAGES.cardNotFound;
  return null;
}

/**
 * The sweep: applies each of the borrower's waiting schedules whose product has opened for them, as a
 * normal application with autoGetMoney 0 (the borrower still confirms Get money), and moves it to 2
 * with the order made; one that cannot be applied yet stays 0. One transaction per schedule, which
 * locks the borrower's row and then the schedule's (still 0): two readers at once apply it once, and a
 * cancel in between wins. Call after the engine's advanceBorrower (a settled order opens its product).
 * Returns the ids applied. `only` limits it to one schedule (the QA console's Apply now).
 */
export async function applySchedules(db: Db, userId: number, now: Date, only?: number): Promise<number[]> {
  const waiting = await db.query<WaitingRow>(
    `SELECT id, product_id, card_id, expect_borrow_amount FROM scheduled_orders
      WHERE user_id = $1 AND state = 0 AND ($2::int IS NULL OR id = $2) ORDER BY id`,
    [userId, only ?? null],
  );
  const applied: number[] = [];
  for (const s of waiting.rows) {
    // Most reads find it still blocked: no transaction, no lock.
    if ((await scheduleBlocker(db, userId, s, now)) !== null) continue;
    try {
      const done = await db.transaction(async (tx) => {
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
        const locked = await tx.query<WaitingRow>(
          'SELECT id, product_id, card_id, expect_borrow_amount FROM scheduled_orders WHERE id = $1 AND state = 0 FOR UPDATE',
          [s.id],
        );
        const row = locked.rows[0];
        if (!row) return false; // another reader applied it, or the borrower canceled it
        const checked = await checkApplication(tx, userId, {
          productId: String(row.product_id),
          amount: row.expect_borrow_amount,
          cardId: String(row.card_id ?? ''),
          autoGetMoney: 0,
        });
        const order = await bookApplication(tx, userId, checked, () => now);
        // The KFS acknowledged when it was scheduled becomes the order's; Get money checks it still binds.
        await tx.query(
          `UPDATE kfs_statements SET order_id = $2 WHERE schedule_id = $1 AND kind = 'schedule' AND acknowledged_at IS NOT NULL AND order_id IS NULL`,
          [row.id, order.id],
        );
        await tx.query('UPDATE scheduled_orders SET state = $2, order_id = $3, applied_at = $4 WHERE id = $1', [
          row.id, SCHEDULE_STATE.applied, order.id, now.toISOString(),
        ]);
        return true;
      });
      if (done) applied.push(s.id);
    } catch (err) {
      // Closed again between the look and the lock (an application of the borrower's own, a denial): it waits.
      if (err instanceof ApiError || isOpenOrderClash(err)) continue;
      throw err;
    }
  }
  return applied;
}

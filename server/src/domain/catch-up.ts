/**
 * Before a borrower's orders are read (home, Loan History, scheduled applications): payments the
 * gateway has answered are booked, orders are brought up to the sandbox clock (engine.ts), and waiting
 * schedules whose product has opened are applied (schedule.ts). One query finds what is due, so a read
 * with nothing due costs that query alone: no write, no transaction, no lock.
 */
import type { Db } from '../db';
import { advanceBorrower, ENGINE_COLUMNS, TIMED_STATES, type EngineOrder } from './engine';
import { PAYMENT_DUE, reconcilePayments } from './payments';
import { applySchedules, SCHEDULE_STATE } from './schedule';

type DueRow = Omit<EngineOrder, 'id'> & { id: number | null; payments_due: boolean; schedules_waiting: boolean };

// $1 the borrower, $2 TIMED_STATES, $3 now (PAYMENT_DUE). One row at least (the flags), plus one per timed order.
const DUE_SQL = `SELECT f.payments_due, f.schedules_waiting, t.*
   FROM (SELECT EXISTS (SELECT 1 FROM payments p JOIN gateway_transactions g ON g.payment_id = p.id WHERE p.user_id = $1 AND ${PAYMENT_DUE}) AS payments_due,
                EXISTS (SELECT 1 FROM scheduled_orders s WHERE s.user_id = $1 AND s.state = ${SCHEDULE_STATE.scheduled}) AS schedules_waiting) f
   LEFT JOIN LATERAL (SELECT ${ENGINE_COLUMNS} FROM orders o JOIN users u ON u.id = o.user_id
                       WHERE o.user_id = $1 AND o.state = ANY($2::int[])) t ON true`;

const isOrder = (row: DueRow): row is DueRow & EngineOrder => row.id !== null;

/** The borrower's payments, orders and schedules as they are at `now`. */
export async function bringBorrowerUpToDate(db: Db, userId: number, now: Date): Promise<void> {
  const r = await db.query<DueRow>(DUE_SQL, [userId, TIMED_STATES, now.toISOString()]);
  const flags = r.rows[0];
  if (flags?.payments_due) {
    await reconcilePayments(db, now, { userId });
    // A booked payment may have moved orders: the engine reads them again.
    await advanceBorrower(db, userId, now);
  } else await advanceBorrower(db, userId, now, r.rows.filter(isOrder));
  if (flags?.schedules_waiting) await applySchedules(db, userId, now);
}

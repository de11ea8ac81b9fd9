/**
 * The sandbox's order engine (docs/sandbox/loans-and-orders.md 'Order engine'): what an order owes now, and the
 * transitions the sandbox clock drives. Pure money rules first; the transitions follow.
 */
import type { Db, Queryable } from '../db';
import { DAY, MINUTE, startOfIstDay } from '../time';
import { orderDisbursed, orderSettled } from './documents';
import { KFS_ENGINE_COLUMNS } from './kfs';
import { ORDER_STATE, REPAYABLE_STATES } from './orders';
import { kfsValidAt } from '../../../machines/shared/kfs-validity';
import { ORDER_STATE_NAMES } from '../../../machines/shared/order-states';

/** The penal charge: a fraction of the overdue principal (the loan amount) per day overdue (0.1%). */
export const PENAL_CHARGE_PER_DAY = 0.001;
/** The penal charge never exceeds this fraction of the principal (20%), however long it is overdue. */
export const PENAL_CHARGE_CAP = 0.2;

export interface OwedOrder {
  repayment_amount: number;
  paid_amount: number;
  state: number;
  repayment_date: Date | null;
  loan_amount: number;
}

/**
 * Whole IST calendar days past the due date: the due date is the IST day of `repayment_date`; the
 * order is overdue from the next IST midnight (1 day), and so on. 0 when not past it.
 */
export function overdueDaysAt(repaymentDate: Date | null, now: Date): number {
  if (!repaymentDate) return 0;
  const days = Math.round((startOfIstDay(now).getTime() - startOfIstDay(repaymentDate).getTime()) / DAY);
  return Math.max(0, days);
}

/** The penal charge for `days` days on `principal`: per day × days, capped, whole rupees; never compounded. */
export function penalCharge(principal: number, days: number): number {
  if (days <= 0) return 0;
  return Math.min(Math.round(principal * PENAL_CHARGE_PER_DAY * days), Math.round(principal * PENAL_CHARGE_CAP));
}

/**
 * What an order owes at `now`: days overdue, the penal charge, and the amount due = repayment amount +
 * penal charge − paid so far (never below 0). Only loaned, overdue and in-extension orders owe
 * anything (settled, denied, failed, and not yet disbursed orders: due 0). Computed from the due
 * date, not the stored state, so it is right even before `advance` has marked the order overdue.
 */
export function amountDue(order: OwedOrder, now: Date): { overdueDays: number; overdueFee: number; due: number } {
  if (!REPAYABLE_STATES.includes(order.state)) return { overdueDays: 0, overdueFee: 0, due: 0 };
  const overdueDays = overdueDaysAt(order.repayment_date, now);
  const overdueFee = penalCharge(order.loan_amount, overdueDays);
  return { overdueDays, overdueFee, due: Math.max(0, order.repayment_amount + overdueFee - order.paid_amount) };
}

/**
 * What the borrower sees as the repayment amount: once the money is out (6, 8, 11), what is due now
 * (repayment + penal charge − paid); before (1, 2, 4) and after (3, 5, 7), the booked repayment amount.
 */
export function shownRepayment(o: OwedOrder, now: Date): number {
  return REPAYABLE_STATES.includes(o.state) ? amountDue(o, now).due : o.repayment_amount;
}

// ---------------------------------------------------------------------------------------------
// Transitions. Each is due at an instant computed from the order's own stored times, and is applied
// AT that instant (decided_at, lending_at, loan_date… are the due instants, not when a request
// happened to notice them), so reading an order late, twice, or after a restart gives the same order.

/** The audit is decided this long after the application (sandbox clock). */
export const AUDIT_DELAY_MS = 2 * MINUTE;
/** The money arrives this long after lending starts (Get money, or the approval with auto-get-money). */
export const DISBURSAL_DELAY_MS = 1 * MINUTE;

export type AuditDecision = 'approve' | 'deny' | 'fail';

/**
 * The sandbox's persona rules, by the borrower's phone (91 + 10 digits): ending in 99 → denied,
 * 97 → the audit fails, anything else → approved; ending in 98 → approved, but the disbursal fails.
 */
export function auditRule(phone: string): AuditDecision {
  if (phone.endsWith('99')) return 'deny';
  if (phone.endsWith('97')) return 'fail';
  return 'approve';
}
export const disbursalFails = (phone: string): boolean => phone.endsWith('98');

/** An order as the engine reads it (orders row + the borrower's phone). */
export interface EngineOrder extends OwedOrder {
  id: number;
  user_id: number;
  phone: string;
  period: number;
  apply_time: Date;
  decided_at: Date | null;
  denied_at: Date | null;
  lending_at: Date | null;
  loan_date: Date | null;
  failed_at: Date | null;
  auto_get_money: number;
  audit_by_qa: boolean;
  /** The loan KFS the order was last acknowledged under (domain/kfs.ts): when, and until when it binds; null without one. */
  kfs_acknowledged_at?: Date | null;
  kfs_valid_until?: Date | null;
  /** State 11 (extension.ts): the extension applied, its window's end, and the state it returns to when unpaid. */
  extension_id?: number | null;
  extension_ends_at?: Date | null;
  extension_previous_state?: number | null;
}

/** The columns `advance` reads, for `SELECT ${ENGINE_COLUMNS} FROM orders o JOIN users u ON u.id = o.user_id`. */
export const ENGINE_COLUMNS = `o.id, o.user_id, u.phone, o.state, o.period, o.loan_amount, o.repayment_amount, o.paid_amount,
  o.apply_time, o.decided_at, o.denied_at, o.lending_at, o.loan_date, o.repayment_date, o.failed_at, o.auto_get_money, o.audit_by_qa,
  o.extension_id, o.extension_ends_at, o.extension_previous_state, ${KFS_ENGINE_COLUMNS}`;

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

/** The audit's outcome at `when`: 2 Pass, 3 Denied (the 15-day wait starts), 5 Failed (no wait). */
export function decide(o: EngineOrder, decision: AuditDecision, when: Date): EngineOrder {
  if (o.state !== ORDER_STATE.auditing) return o;
  if (decision === 'approve') return { ...o, state: ORDER_STATE.pass, decided_at: when };
  if (decision === 'deny') return { ...o, state: ORDER_STATE.denied, decided_at: when, denied_at: when };
  return { ...o, state: ORDER_STATE.failed, decided_at: when, failed_at: when };
}

/** Get money (or auto-get-money at the approval): 2 → 4 Lending. */
export function startLending(o: EngineOrder, when: Date): EngineOrder {
  return o.state === ORDER_STATE.pass ? { ...o, state: ORDER_STATE.lending, lending_at: when } : o;
}

/** The money arrives: 4 → 6 Loaned, loan_date = when, due date = `period` days later. */
export function disburse(o: EngineOrder, when: Date): EngineOrder {
  if (o.state !== ORDER_STATE.lending) return o;
  return { ...o, state: ORDER_STATE.loaned, loan_date: when, repayment_date: at(when, o.period * DAY) };
}

/** The disbursal fails: 4 → 5 Failed (nothing was lent, nothing is owed, no wait to apply again). */
export function failDisbursal(o: EngineOrder, when: Date): EngineOrder {
  return o.state === ORDER_STATE.lending ? { ...o, state: ORDER_STATE.failed, failed_at: when } : o;
}

/**
 * The extension's window ends unpaid: 11 → the state before it (6 or 8), fees as before (they are
 * computed from the unchanged due date). saveOrder marks the extension failed, at the window's end.
 */
export function failExtension(o: EngineOrder): EngineOrder {
  if (o.state !== ORDER_STATE.extension) return o;
  return { ...o, state: o.extension_previous_state === ORDER_STATE.overdued ? ORDER_STATE.overdued : ORDER_STATE.loaned };
}

/**
 * Whether auto-get-money may start lending at `when` (the approval): a loan KFS acknowledged by then
 * and valid then. One acknowledged later, on the confirm page, is the borrower's own Get money.
 */
export const autoLendsAt = (o: Pick<EngineOrder, 'kfs_acknowledged_at' | 'kfs_valid_until'>, when: Date): boolean =>
  o.kfs_acknowledged_at != null && o.kfs_valid_until != null && new Date(o.kfs_acknowledged_at) <= when && kfsValidAt(o.kfs_valid_until, when);

/** The next transition due by `now`, or null when none is. */
export function nextTransition(o: EngineOrder, now: Date): EngineOrder | null {
  switch (o.state) {
    case ORDER_STATE.auditing: {
      if (o.audit_by_qa) return null;
      const due = at(o.apply_time, AUDIT_DELAY_MS);
      return now >= due ? decide(o, auditRule(o.phone), due) : null;
    }
    case ORDER_STATE.pass:
      // Auto-get-money: lending starts at the approval itself, only under a KFS that binds then;
      // without one the order waits for the borrower's Get money, like any other.
      return o.auto_get_money === 1 && autoLendsAt(o, o.decided_at ?? now) ? startLending(o, o.decided_at ?? now) : null;
    case ORDER_STATE.lending: {
      const due = at(o.lending_at ?? now, DISBURSAL_DELAY_MS);
      if (now < due) return null;
      return disbursalFails(o.phone) ? failDisbursal(o, due) : disburse(o, due);
    }
    case ORDER_STATE.loaned:
      return overdueDaysAt(o.repayment_date, now) >= 1 ? { ...o, state: ORDER_STATE.overdued } : null;
    case ORDER_STATE.extension:
      return o.extension_ends_at && now >= o.extension_ends_at ? failExtension(o) : null;
    default:
      return null;
  }
}

/** Every transition due by `now`, in order (pure). */
export function dueTransitions(o: EngineOrder, now: Date): EngineOrder {
  let current = o;
  for (let i = 0; i < 10; i += 1) {
    const next = nextTransition(current, now);
    if (!next || next === current) break;
    current = next;
  }
  return current;
}

/**
 * Writes `after` over `before` (the row must be locked by the caller's transaction). An order leaving
 * Extension (11) here leaves it unpaid: its extension, when still applied, fails at the window's end
 * (abandoning and paying close the extension first, so this changes nothing for them).
 */
export async function saveOrder(tx: Queryable, before: EngineOrder, after: EngineOrder, now: Date): Promise<void> {
  if (after === before) return;
  await tx.query(
    `UPDATE orders SET state = $2, decided_at = $3, denied_at = $4, lending_at = $5, loan_date = $6, repayment_date = $7,
       failed_at = $8, updated_at = $9, extension_ends_at = CASE WHEN $12::boolean THEN $11::timestamptz ELSE extension_ends_at END
     WHERE id = $1 AND state = $10`,
    [
      before.id, after.state, iso(after.decided_at), iso(after.denied_at), iso(after.lending_at), iso(after.loan_date),
      iso(after.repayment_date), iso(after.failed_at), now.toISOString(), before.state, iso(after.extension_ends_at ?? null),
      after.extension_ends_at !== undefined, // rows read without the extension columns leave them as they are
    ],
  );
  // The lender's documents come with the transition itself, so every way an order gets there issues them (once).
  // Disbursal is when the loan gets its date: straight from Lending, or from the audit in one step (auto-get-money read late).
  if (before.loan_date === null && after.loan_date !== null) await orderDisbursed(tx, before.id, after.loan_date);
  if (before.state !== ORDER_STATE.settled && after.state === ORDER_STATE.settled) await orderSettled(tx, before.id, now);
  if (before.state === ORDER_STATE.extension && after.state !== ORDER_STATE.extension && after.extension_id)
    await tx.query(
      `UPDATE extensions SET state = 'failed', closed_at = $2, updated_at = $3 WHERE id = $1 AND state = 'applied'`,
      [after.extension_id, iso(after.extension_ends_at ?? now), now.toISOString()],
    );
}
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Applies every transition due by `now` to a row locked FOR UPDATE in `tx`, and saves it. Idempotent. */
export async function advance(tx: Queryable, order: EngineOrder, now: Date): Promise<EngineOrder> {
  const after = dueTransitions(order, now);
  await saveOrder(tx, order, after, now);
  return after;
}

/** Locks one order (of `userId`, when given) and brings it up to `now`; null when there is none. */
export async function lockAndAdvance(tx: Queryable, orderId: number, now: Date, userId?: number): Promise<EngineOrder | null> {
  const r = await tx.query<EngineOrder>(
    `SELECT ${ENGINE_COLUMNS} FROM orders o JOIN users u ON u.id = o.user_id
      WHERE o.id = $1 AND ($2::int IS NULL OR o.user_id = $2) FOR UPDATE OF o`,
    [orderId, userId ?? null],
  );
  const row = r.rows[0];
  return row ? advance(tx, row, now) : null;
}

/** States with a transition that time alone brings (2 only with auto-get-money, applied with its approval). */
export const TIMED_STATES: readonly number[] = [ORDER_STATE.auditing, ORDER_STATE.pass, ORDER_STATE.lending, ORDER_STATE.loaned, ORDER_STATE.extension];
/** A borrower's ($1) orders in TIMED_STATES ($2), as the engine reads them. */
export const TIMED_ORDERS_SQL = `SELECT ${ENGINE_COLUMNS} FROM orders o JOIN users u ON u.id = o.user_id WHERE o.user_id = $1 AND o.state = ANY($2::int[])`;

/**
 * Brings one order (of `userId`, when given) up to `now`, as lockAndAdvance does, but reads it first
 * without a lock: an order with nothing due costs that read alone, no transaction. Null when there is none.
 */
export async function advanceOrder(db: Db, orderId: number, now: Date, userId?: number): Promise<EngineOrder | null> {
  const r = await db.query<EngineOrder>(
    `SELECT ${ENGINE_COLUMNS} FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = $1 AND ($2::int IS NULL OR o.user_id = $2)`,
    [orderId, userId ?? null],
  );
  const row = r.rows[0];
  if (!row || dueTransitions(row, now) === row) return row ?? null;
  return db.transaction((tx) => lockAndAdvance(tx, orderId, now, userId));
}

/**
 * Brings every order of a borrower up to `now`, in one transaction (rows locked in id order, so two
 * readers at once never deadlock and never apply a transition twice). Call before reading their orders.
 * `timed`: the borrower's orders in TIMED_STATES as just read (TIMED_ORDERS_SQL), to spare the query.
 */
export async function advanceBorrower(db: Db, userId: number, now: Date, timed?: readonly EngineOrder[]): Promise<void> {
  const cheap = timed ?? (await db.query<EngineOrder>(TIMED_ORDERS_SQL, [userId, TIMED_STATES])).rows;
  // Most reads have nothing due: no transaction, no lock.
  if (!cheap.some((o) => dueTransitions(o, now) !== o)) return;
  await db.transaction(async (tx) => {
    const locked = await tx.query<EngineOrder>(
      `SELECT ${ENGINE_COLUMNS} FROM orders o JOIN users u ON u.id = o.user_id
        WHERE o.user_id = $1 AND o.state = ANY($2::int[]) ORDER BY o.id FOR UPDATE OF o`,
      [userId, TIMED_STATES],
    );
    for (const o of locked.rows) await advance(tx, o, now);
  });
}

// ---------------------------------------------------------------------------------------------
// QA's forcing actions (the sandbox page's console, POST /sandbox/api/orders/{id}/…). Each first brings
// the order up to now, then acts at now; acting on an order no longer in a state it applies to changes
// nothing and says why (so a repeat is harmless).

export type QaAction = { kind: 'decide'; decision: AuditDecision } | { kind: 'disburse' } | { kind: 'fail-disbursal' } | { kind: 'expire-extension' };

export const stateLabel = (state: number) => `${state} ${ORDER_STATE_NAMES[state] ?? 'Unknown'}`;

export type QaResult = { ok: true; order: EngineOrder } | { ok: false; status: 404 | 409; error: string };

export async function qaAct(db: Db, orderId: number, action: QaAction, now: Date): Promise<QaResult> {
  return db.transaction(async (tx): Promise<QaResult> => {
    const order = await lockAndAdvance(tx, orderId, now);
    if (!order) return { ok: false, status: 404, error: `No order ${orderId}` };
    let acted: EngineOrder;
    if (action.kind === 'decide') {
      if (order.state !== ORDER_STATE.auditing) return { ok: false, status: 409, error: `Order ${orderId} is not in review (state ${stateLabel(order.state)}): its audit is decided already.` };
      acted = decide(order, action.decision, now);
    } else if (action.kind === 'expire-extension') {
      if (order.state !== ORDER_STATE.extension)
        return { ok: false, status: 409, error: `Order ${orderId} is not in extension (state ${stateLabel(order.state)}): there is no extension window to expire.` };
      // The window ends now: the engine fails the extension (saveOrder) and the order goes back.
      acted = { ...order, extension_ends_at: now };
    } else {
      if (order.state !== ORDER_STATE.pass && order.state !== ORDER_STATE.lending)
        return { ok: false, status: 409, error: `Order ${orderId} is not approved or lending (state ${stateLabel(order.state)}): nothing to ${action.kind === 'disburse' ? 'disburse' : 'fail'}.` };
      const lending = startLending(order, now);
      acted = action.kind === 'disburse' ? disburse(lending, now) : failDisbursal(lending, now);
    }
    // Then whatever that makes due at once (auto-get-money after an approval).
    const after = dueTransitions(acted, now);
    await saveOrder(tx, order, after, now);
    return { ok: true, order: after };
  });
}

/** What the engine does next to an order on its own, and when (for the QA console); null when nothing. */
export function nextEvent(o: EngineOrder): { at: Date | null; what: string } | null {
  switch (o.state) {
    case ORDER_STATE.auditing:
      if (o.audit_by_qa) return { at: null, what: 'stays in review until QA decides' };
      return { at: at(o.apply_time, AUDIT_DELAY_MS), what: { approve: 'approved', deny: 'denied', fail: 'audit fails' }[auditRule(o.phone)] };
    case ORDER_STATE.pass:
      return { at: null, what: 'waits for Get money' };
    case ORDER_STATE.lending:
      return { at: at(o.lending_at ?? o.apply_time, DISBURSAL_DELAY_MS), what: disbursalFails(o.phone) ? 'disbursal fails' : 'money arrives' };
    case ORDER_STATE.loaned:
      return o.repayment_date ? { at: at(startOfIstDay(o.repayment_date), DAY), what: 'overdue' } : null;
    case ORDER_STATE.overdued:
      return { at: null, what: 'penal charge grows each IST day until capped, until repaid' };
    case ORDER_STATE.extension:
      return { at: o.extension_ends_at ?? null, what: `extension fails unless its fee is paid (back to ${stateLabel(failExtension(o).state)})` };
    default:
      return null;
  }
}

/**
 * The lender's side of repayments (docs/sandbox/payments.md 'Payment gateway (test mode)'): payment intents,
 * and booking what the gateway says happened — from its signed notification (routes/pay.ts) or, for a
 * payment still open, from its status (reconcilePayments, when an order is read). Booking is
 * idempotent: a payment adds money to its order once, whatever is replayed.
 */
import type { ClosureKind } from '../../../contract/closure';
import type { Db, Queryable } from '../db';
import { gatewayStatus, randomId } from './gateway';
import { MINUTE } from '../time';
import { orderSettled } from './documents';
import { closureAllocation } from './closure';
import { amountDue, lockAndAdvance } from './engine';
import { bookExtensionPayment, closeOpenExtensions, extensionById } from './extension';
import { ORDER_STATE, REPAYABLE_STATES } from './orders';
import { feeAllocation, issueReceipt, repaymentAllocation, type Allocation } from './receipts';

/** The hosted page takes money for this long after repay (sandbox clock); then the app asks again. */
export const PAYMENT_TTL_MS = 30 * MINUTE;

/**
 * What a payment pays: the loan ('repay'), an extension's fee ('extension'; payments.extension_id), or
 * the loan closed at its quote ('closure'; payments.closure_kind, closure.ts).
 */
export type PaymentPurpose = 'repay' | 'extension' | 'closure';

export type PaymentStatus = 'created' | 'pending' | 'success' | 'failed';
export const FINAL_STATUSES: readonly PaymentStatus[] = ['success', 'failed'];

export interface OrderForPayment {
  id: number;
  user_id: number;
  state: number;
  loan_amount: number;
  repayment_amount: number;
  paid_amount: number;
  repayment_date: Date | null;
  interest: number;
}

const ORDER_COLUMNS = 'id, user_id, state, loan_amount, repayment_amount, paid_amount, repayment_date, interest';

async function lockOrder(tx: Queryable, orderId: number): Promise<OrderForPayment | null> {
  const r = await tx.query<OrderForPayment>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`, [orderId]);
  return r.rows[0] ?? null;
}

/**
 * Books `amount` rupees paid on an order: adds it to orders.paid_amount and, when nothing is due any
 * more (engine.ts amountDue), settles the order (state 7, settled_at). A payment of a closure quote
 * (`closing`, paid in full on the gateway) settles it too, and what it leaves unpaid is waived
 * (orders.waived_amount: interest not earned). Call once per payment, inside the transaction that
 * marks the payment booked (applyGatewayOutcome does). Money that arrives for an order no longer
 * owing anything (a second payment after settling) is still recorded as paid.
 */
export async function bookPayment(tx: Queryable, orderId: number, amount: number, now: Date, closing = false): Promise<{ due: number; settled: boolean }> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw new Error(`bookPayment: no order ${orderId}`);
  const paid = order.paid_amount + amount;
  const owing = REPAYABLE_STATES.includes(order.state);
  const { due } = amountDue({ ...order, paid_amount: paid }, now);
  const settled = owing && (due <= 0 || closing);
  const waived = settled && closing ? Math.max(0, due) : 0;
  await tx.query(
    `UPDATE orders SET paid_amount = $2, updated_at = $3,
            state = CASE WHEN $4::boolean THEN $5::int ELSE state END,
            settled_at = CASE WHEN $4::boolean THEN $3::timestamptz ELSE settled_at END,
            waived_amount = waived_amount + $6
      WHERE id = $1`,
    [orderId, paid, now.toISOString(), settled, ORDER_STATE.settled, waived],
  );
  // Repaid in full while an extension was quoted or applied (11): the loan needs no extension any more.
  if (settled) await closeOpenExtensions(tx, orderId, now);
  // Repaid in full: the no-dues certificate, issued with the settlement itself (documents.ts).
  if (settled) await orderSettled(tx, orderId, now);
  return { due, settled };
}

export interface GatewayOutcome {
  status: 'pending' | 'success' | 'failed';
  amount: number;
  gatewayRef: string;
}

export interface AppliedOutcome {
  status: PaymentStatus;
  /** true when this outcome added money to the order (the first success); false when nothing was booked. */
  booked: boolean;
}

/**
 * Applies what the gateway says about a payment, once: a final payment (success, failed) never
 * changes again, so a replayed or late notification books nothing; pending only marks it pending;
 * success books the amount (a repayment on the order: bookPayment; an extension fee on its
 * extension: extension.ts bookExtensionPayment, or on the order as a repayment when the extension is
 * no longer applied); failure books nothing. Locks the order (brought up to now: an extension whose
 * window ended fails first), then the payment (the order of repay's locks).
 */
export async function applyGatewayOutcome(tx: Queryable, paymentId: string, outcome: GatewayOutcome, now: Date): Promise<AppliedOutcome> {
  const found = await tx.query<{ order_id: number; purpose: PaymentPurpose; extension_id: number | null }>(
    'SELECT order_id, purpose, extension_id FROM payments WHERE id = $1',
    [paymentId],
  );
  const intent = found.rows[0];
  if (intent === undefined) throw new Error(`applyGatewayOutcome: no payment ${paymentId}`);
  const orderId = intent.order_id;
  await lockAndAdvance(tx, orderId, now);
  const r = await tx.query<{ status: PaymentStatus }>('SELECT status FROM payments WHERE id = $1 FOR UPDATE', [paymentId]);
  const current = r.rows[0]!.status;
  if (FINAL_STATUSES.includes(current)) return { status: current, booked: false };
  if (outcome.status === 'pending' && current === 'pending') return { status: current, booked: false };

  const success = outcome.status === 'success';
  await tx.query(
    `UPDATE payments SET status = $2, gateway_ref = $3, paid_amount = $4, booked_at = $5, updated_at = $6 WHERE id = $1`,
    [paymentId, outcome.status, outcome.gatewayRef, success ? outcome.amount : 0, success ? now.toISOString() : null, now.toISOString()],
  );
  if (success)
    await book(
      tx,
      { paymentId, orderId, extensionId: intent.purpose === 'extension' ? intent.extension_id : null, closing: intent.purpose === 'closure', amount: outcome.amount },
      now,
    );
  return { status: outcome.status, booked: success };
}

/**
 * Books a verified payment, once, with its receipt (receipts.ts): an extension fee on its extension
 * while it is still applied, else a repayment on the order. What it paid off is read before booking,
 * what was left to pay after.
 */
async function book(tx: Queryable, p: { paymentId: string; orderId: number; extensionId: number | null; closing: boolean; amount: number }, now: Date): Promise<void> {
  let receipt: { allocation: Allocation; newDueAt: Date | null } | null = null;
  if (p.extensionId !== null) {
    const before = await extensionById(tx, p.extensionId);
    if (before && (await bookExtensionPayment(tx, p.extensionId, p.amount, now))) {
      const after = await extensionById(tx, p.extensionId);
      receipt = { allocation: feeAllocation(before, p.amount), newDueAt: after?.state === 'paid' ? after.new_due_at : null };
    }
  }
  if (receipt === null) {
    const before = await lockOrder(tx, p.orderId);
    if (!before) throw new Error(`book: no order ${p.orderId}`);
    const penal = amountDue(before, now).overdueFee;
    receipt = { allocation: p.closing ? closureAllocation(before, penal, p.amount) : repaymentAllocation(before, penal, p.amount), newDueAt: null };
    await bookPayment(tx, p.orderId, p.amount, now, p.closing);
  }
  const after = await lockOrder(tx, p.orderId);
  await issueReceipt(tx, { paymentId: p.paymentId, ...receipt, dueAfter: after ? amountDue(after, now).due : 0, settled: after?.state === ORDER_STATE.settled }, now);
}

/**
 * A payment (`p`, with its gateway transaction `g`; `$3` the time now) the gateway has something to tell
 * about: still open here, and the gateway's status differs from ours or its bank answers by now. An open
 * payment whose bank has not answered yet is left alone, so a read then costs no transaction.
 */
export const PAYMENT_DUE = `p.status IN ('created', 'pending') AND (g.status <> p.status OR (g.status = 'pending' AND g.resolves_at <= $3::timestamptz))`;

/**
 * Asks the gateway about this order's (or borrower's) open payments it has something to tell about
 * (PAYMENT_DUE), and books what it answers, each in its own transaction: a pending payment whose bank
 * answered on the sandbox clock, a notification that never arrived. Call before reading an order
 * (restart-safe: it needs nothing in memory). Returns how many payments changed.
 */
export async function reconcilePayments(db: Db, now: Date, scope: { orderId?: number; userId?: number }): Promise<number> {
  if (scope.orderId === undefined && scope.userId === undefined) throw new Error('reconcilePayments: give an order or a borrower');
  const open = await db.query<{ id: string }>(
    `SELECT p.id FROM payments p JOIN gateway_transactions g ON g.payment_id = p.id
      WHERE ${PAYMENT_DUE} AND ($1::int IS NULL OR p.order_id = $1) AND ($2::int IS NULL OR p.user_id = $2)`,
    [scope.orderId ?? null, scope.userId ?? null, now.toISOString()],
  );
  let changed = 0;
  for (const { id } of open.rows) {
    const applied = await db.transaction(async (tx) => {
      const txn = await gatewayStatus(tx, id, now);
      if (!txn) return false;
      const before = await tx.query<{ status: PaymentStatus }>('SELECT status FROM payments WHERE id = $1', [id]);
      const result = await applyGatewayOutcome(tx, id, { status: txn.status, amount: txn.amount, gatewayRef: txn.ref }, now);
      return result.status !== before.rows[0]?.status;
    });
    if (applied) changed += 1;
  }
  return changed;
}

/** A payment of this order the gateway has not finished with: pending at the bank. */
export async function pendingPayment(db: Queryable, orderId: number): Promise<string | null> {
  const r = await db.query<{ id: string }>("SELECT id FROM payments WHERE order_id = $1 AND status = 'pending' LIMIT 1", [orderId]);
  return r.rows[0]?.id ?? null;
}

/**
 * A new payment intent for what the order owes now (or an extension's fee: `extensionId`; a closure
 * quote: `closure`; part of the due: a smaller `amount`); older
 * unpaid intents of the order expire (their page no longer takes money), so one due is paid through
 * one page at a time. The page takes money for PAYMENT_TTL_MS, or until `expiresAt` when sooner.
 */
export async function createPayment(
  tx: Queryable,
  p: { orderId: number; userId: number; amount: number; returnOrigin: string | null; now: Date; extensionId?: number; closure?: ClosureKind; expiresAt?: Date },
): Promise<string> {
  const now = p.now.toISOString();
  await tx.query(
    `UPDATE payments SET expires_at = $2, updated_at = $2
      WHERE order_id = $1 AND status = 'created' AND expires_at > $2
        AND NOT EXISTS (SELECT 1 FROM gateway_transactions g WHERE g.payment_id = payments.id)`,
    [p.orderId, now],
  );
  const id = randomId('pay_');
  await tx.query(
    `INSERT INTO payments (id, order_id, user_id, amount, status, return_origin, expires_at, created_at, updated_at, purpose, extension_id, closure_kind)
     VALUES ($1, $2, $3, $4, 'created', $5, $6, $7, $7, $8, $9, $10)`,
    [
      id, p.orderId, p.userId, p.amount, p.returnOrigin,
      new Date(Math.min(p.now.getTime() + PAYMENT_TTL_MS, p.expiresAt?.getTime() ?? Infinity)).toISOString(), now,
      p.extensionId !== undefined ? 'extension' : p.closure !== undefined ? 'closure' : 'repay', p.extensionId ?? null, p.closure ?? null,
    ],
  );
  return id;
}

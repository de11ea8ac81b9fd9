/**
 * Repayment, the lender's side (endpoint table: repay, listPayments, paymentCallback): the payment
 * intent and the gateway's hosted page, an order's payments, and the gateway's signed notification,
 * which the lender checks (signature, timestamp, the gateway's own status) and books once.
 */
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import type { RepayPayload } from '../../../contract/closure';
import { ENDPOINTS } from '../../../contract/endpoints';
import { applyGatewayOutcome, createPayment, pendingPayment, reconcilePayments } from '../domain/payments';
import { amountDue, lockAndAdvance } from '../domain/engine';
import { closureQuote, CLOSING_COLUMNS, type ClosingOrder } from '../domain/closure';
import type { ClosureKind } from '../../../contract/closure';
import type { Queryable } from '../db';
import { ORDER_NOT_FOUND, ORDER_STATE, REPAYABLE_STATES } from '../domain/orders';
import { orderPayments } from '../domain/receipts';
import type { AppEnv } from '../env';
import { ApiError, CODE_ERROR, describeIssues, envelope } from '../envelope';
import { gatewayStatus, SIGNATURE_HEADER, verifySignature } from '../domain/gateway';
import { gatewayPageUrl, origin } from '../gateway';
import { answerOnce } from '../idempotency';
import { requestAppOrigin } from '../origins';
import { MINUTE } from '../time';
import { parseId } from './products';
import { serve } from './serve';

/** A notification whose timestamp is further than this from the lender's (sandbox) clock is refused: a replay attack. */
export const CALLBACK_TOLERANCE_MS = 5 * MINUTE;

export const REPAY_MESSAGES = {
  orderNotFound: ORDER_NOT_FOUND,
  settled: 'This loan is already repaid.',
  notDisbursed: 'This loan has not been disbursed yet: there is nothing to repay.',
  nothingToRepay: 'This order has nothing to repay.',
  pending: 'A payment for this order is waiting for your bank to confirm it. Please check again in a few minutes.',
  closureChanged: 'The amount that closes this loan has changed. Please check it again.',
  notClosable: 'This loan cannot be closed early now.',
  partTooLarge: 'A part payment must be less than the amount due. To pay it all, use Repayment.',
  noAmount: 'Say how much to pay.',
} as const;

export const CALLBACK_MESSAGES = {
  notJson: 'The notification must be JSON.',
  badSignature: 'Invalid signature',
  stale: 'Stale notification: its timestamp is more than 5 minutes from the lender clock',
  unknownPayment: 'Unknown payment',
  mismatch: 'The notification does not match the gateway record of this payment',
} as const;

function refusalFor(state: number): string {
  if (state === ORDER_STATE.settled) return REPAY_MESSAGES.settled;
  if (state === ORDER_STATE.auditing || state === ORDER_STATE.pass || state === ORDER_STATE.lending) return REPAY_MESSAGES.notDisbursed;
  return REPAY_MESSAGES.nothingToRepay;
}

/**
 * What a repay pays (beyond the spec: its purpose and amount): the whole amount due; a closure at the
 * quote the borrower saw, refused when it has changed, its page taking money only while the quote
 * holds; or a part the borrower chose, less than the amount due.
 */
async function whatIsPaid(tx: Queryable, orderId: number, body: RepayPayload, due: number, now: Date): Promise<{ amount: number; closure?: ClosureKind; expiresAt?: Date }> {
  if (body.purpose === undefined) return { amount: due };
  if (body.amount === undefined) throw new ApiError(REPAY_MESSAGES.noAmount);
  if (body.purpose === 'part') {
    if (body.amount >= due) throw new ApiError(REPAY_MESSAGES.partTooLarge);
    return { amount: body.amount };
  }
  const row = (await tx.query<ClosingOrder>(`SELECT ${CLOSING_COLUMNS} FROM orders WHERE id = $1`, [orderId])).rows[0];
  const quote = row ? closureQuote(row, now) : null;
  if (!quote) throw new ApiError(REPAY_MESSAGES.notClosable);
  if (quote.amount !== body.amount || (body.kind !== undefined && quote.kind !== body.kind)) throw new ApiError(REPAY_MESSAGES.closureChanged);
  return { amount: quote.amount, closure: quote.kind, expiresAt: quote.validUntil };
}

export function payRoutes() {
  const r = new Hono<AppEnv>();

  serve(r, ENDPOINTS.repay, { key: 'inTransaction' }, async (c, body) => {
    const { db, clock } = c.var.deps;
    const userId = c.var.user.id;
    const orderId = parseId(body.orderId);
    if (orderId === undefined) throw new ApiError(REPAY_MESSAGES.orderNotFound);
    const now = clock.now();
    // What the gateway already knows (a pending payment the bank has answered) counts before the due is read.
    await reconcilePayments(db, now, { orderId });
    // The intent and the key's answer are written in one transaction (answerOnce).
    return answerOnce(c, ENDPOINTS.repay.answer, async (tx) => {
      // Brought up to now first (engine.ts): a disbursal due by now makes the order repayable.
      const order = await lockAndAdvance(tx, orderId, now, userId);
      if (!order) throw new ApiError(REPAY_MESSAGES.orderNotFound);
      if (!REPAYABLE_STATES.includes(order.state)) throw new ApiError(refusalFor(order.state));
      if (await pendingPayment(tx, order.id)) throw new ApiError(REPAY_MESSAGES.pending);
      const { due } = amountDue(order, now);
      if (due <= 0) throw new ApiError(REPAY_MESSAGES.settled);
      const paymentId = await createPayment(tx, { ...(await whatIsPaid(tx, order.id, body, due, now)), orderId: order.id, userId, returnOrigin: requestAppOrigin(c), now });
      // Beyond the spec, the payment's id: the app knows which payment it comes back from.
      return { paymentUrl: gatewayPageUrl(origin(c), paymentId), paymentId };
    });
  });

  // Another borrower's order answers exactly like one that does not exist.
  serve(r, ENDPOINTS.listPayments, { invalid: REPAY_MESSAGES.orderNotFound }, async (c, query) => {
    const { db, clock } = c.var.deps;
    const orderId = parseId(query.orderId);
    if (orderId === undefined) throw new ApiError(REPAY_MESSAGES.orderNotFound);
    const owned = await db.query('SELECT 1 FROM orders WHERE id = $1 AND user_id = $2', [orderId, c.var.user.id]);
    if (owned.rowCount === 0) throw new ApiError(REPAY_MESSAGES.orderNotFound);
    // What the bank has answered by now counts first: a pending payment is told as it stands.
    await reconcilePayments(db, clock.now(), { orderId, userId: c.var.user.id });
    return { payments: await orderPayments(db, orderId) };
  });

  // Authenticated by its signature alone: the handler reads the raw bytes it signs.
  serve(r, ENDPOINTS.paymentCallback, { read: false }, async (c) => {
    const { db, clock, log } = c.var.deps;
    const refuse = (status: ContentfulStatusCode, msg: string) => {
      log(`[payments] callback refused (${status}): ${msg}`);
      return c.json(envelope(CODE_ERROR, msg, null), status);
    };
    const raw = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return refuse(400, CALLBACK_MESSAGES.notJson);
    }
    // Authenticate first, on the bytes as they came: nothing of a forged notification is read further.
    const timestamp = typeof body === 'object' && body !== null && 'timestamp' in body ? body.timestamp : undefined;
    if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp)) return refuse(401, CALLBACK_MESSAGES.badSignature);
    if (!verifySignature(timestamp, raw, c.req.header(SIGNATURE_HEADER) ?? '')) return refuse(401, CALLBACK_MESSAGES.badSignature);
    const now = clock.now();
    if (Math.abs(now.getTime() - timestamp * 1000) > CALLBACK_TOLERANCE_MS) return refuse(401, CALLBACK_MESSAGES.stale);
    const parsed = v.safeParse(ENDPOINTS.paymentCallback.body, body);
    if (!parsed.success) return refuse(400, describeIssues(parsed.issues));
    const n = parsed.output;

    const result = await db.transaction(async (tx) => {
      const found = await tx.query<{ order_id: number }>('SELECT order_id FROM payments WHERE id = $1', [n.paymentId]);
      const payment = found.rows[0];
      if (!payment) return { refused: 404 as const, msg: CALLBACK_MESSAGES.unknownPayment };
      // Confirm with the gateway before booking (its status API): the same transaction, the same amount.
      const txn = await gatewayStatus(tx, n.paymentId, now);
      if (String(payment.order_id) !== n.orderId || !txn || txn.ref !== n.gatewayRef || txn.amount !== n.amount)
        return { refused: 400 as const, msg: CALLBACK_MESSAGES.mismatch };
      // The gateway's status now: a pending notification that arrives after the bank answered books the answer.
      return applyGatewayOutcome(tx, n.paymentId, { status: txn.status, amount: txn.amount, gatewayRef: txn.ref }, now);
    });
    if ('refused' in result) return refuse(result.refused, result.msg);
    return { paymentId: n.paymentId, status: result.status, booked: result.booked };
  });

  return r;
}

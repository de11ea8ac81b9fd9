/**
 * The closure quote (endpoint table: closureQuote): what closes the loan now (domain/closure.ts).
 * Paying it is the repay call with purpose 'closure' (routes/pay.ts).
 */
import { Hono } from 'hono';
import { ENDPOINTS } from '../../../contract/endpoints';
import { closureQuote, CLOSING_COLUMNS, type ClosingOrder } from '../domain/closure';
import { advanceOrder } from '../domain/engine';
import { ORDER_NOT_FOUND } from '../domain/orders';
import { reconcilePayments } from '../domain/payments';
import type { AppEnv } from '../env';
import { ApiError } from '../envelope';
import { istDateTime } from '../time';
import { parseId } from './products';
import { serve } from './serve';

export const CLOSURE_MESSAGES = {
  orderNotFound: ORDER_NOT_FOUND,
  notClosable: 'This loan cannot be closed early now: it is not disbursed, is in an extension, or is repaid.',
} as const;

export function closureRoutes() {
  const r = new Hono<AppEnv>();
  serve(r, ENDPOINTS.closureQuote, { invalid: CLOSURE_MESSAGES.orderNotFound }, async (c, query) => {
    const { db, clock } = c.var.deps;
    const userId = c.var.user.id;
    const orderId = parseId(query.orderId);
    if (orderId === undefined) throw new ApiError(CLOSURE_MESSAGES.orderNotFound);
    const now = clock.now();
    // As the order is read: what the bank has answered by now and what the clock has made due count first.
    await reconcilePayments(db, now, { orderId, userId });
    if (!(await advanceOrder(db, orderId, now, userId))) throw new ApiError(CLOSURE_MESSAGES.orderNotFound);
    const row = (await db.query<ClosingOrder>(`SELECT ${CLOSING_COLUMNS} FROM orders WHERE id = $1`, [orderId])).rows[0];
    const quote = row ? closureQuote(row, now) : null;
    if (!quote) throw new ApiError(CLOSURE_MESSAGES.notClosable);
    return { ...quote, validUntil: istDateTime(quote.validUntil), coolingOffUntil: istDateTime(quote.coolingOffUntil) };
  });
  return r;
}

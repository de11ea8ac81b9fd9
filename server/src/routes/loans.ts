/**
 * Applying for a loan (spec §7): GET /order/v1/precheck, GET /order/v1/calculate, POST /order/v1/apply.
 * See server/README.md 'Loans' for the rules and the messages.
 */
import { Hono } from 'hono';
import { ApplyPayload, ApplyResult, CalculateQuery, CalculationResult, Precheck, PrecheckQuery } from '../../../contract/loans';
import { requireUser } from '../auth';
import type { Queryable } from '../db';
import { latestDenial, nextOrderNo, openOrderOn, ORDER_STATE, reapplyWaitLeft } from '../domain/orders';
import { priceLoan } from '../domain/pricing';
import { FLAG_OF_STEP, loadState } from '../domain/verification';
import type { AppEnv } from '../env';
import { answer, ApiError, jsonBodyLimit, readJson, readQuery } from '../envelope';
import { idempotent } from '../idempotency';
import { parseId, PRODUCT_NOT_FOUND } from './products';

/** The longest loan the sandbox prices (spec §9: tenure at most 360 days). */
export const MAX_PERIOD_DAYS = 360;

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;
const oneOf = (amounts: readonly number[]) =>
  amounts.length > 1 ? `${amounts.slice(0, -1).map(rupees).join(', ')} or ${rupees(amounts.at(-1)!)}` : amounts.map(rupees).join('');
const waitText = (w: { day: number; hour: number }) =>
  `${w.day} day${w.day === 1 ? '' : 's'} ${w.hour} hour${w.hour === 1 ? '' : 's'}`;

export const LOAN_MESSAGES = {
  productNotFound: PRODUCT_NOT_FOUND,
  partnerProduct: "This product is offered by our lending partner. Please apply on the partner's site.",
  amountNotOffered: (amounts: readonly number[]) => `Please choose one of this product's amounts: ${oneOf(amounts)}.`,
  periodInvalid: `The period must be a whole number of days from 1 to ${MAX_PERIOD_DAYS}.`,
  periodNotProducts: (days: number) => `This product's loan period is ${days} days.`,
  cardNotFound: 'Please choose one of your bank accounts.',
  notVerified: 'Please complete your verification before applying.',
  openOrder: 'You already have a loan in progress on this product. See Order History.',
  denied: (w: { day: number; hour: number }) =>
    `We could not approve your last application. You can re-apply in ${waitText(w)}.`,
} as const;

interface ProductRow {
  id: number;
  product_type: number;
  amount_list: number[];
  period: number;
  rate: number;
  service_rate: number;
}

async function findProduct(db: Queryable, rawId: string): Promise<ProductRow> {
  const id = parseId(rawId);
  const found =
    id === undefined
      ? undefined
      : (await db.query<ProductRow>('SELECT id, product_type, amount_list, period, rate, service_rate FROM products WHERE id = $1', [id])).rows[0];
  if (!found) throw new ApiError(LOAN_MESSAGES.productNotFound);
  return found;
}

function checkAmount(product: ProductRow, amount: number): number {
  if (!product.amount_list.includes(amount)) throw new ApiError(LOAN_MESSAGES.amountNotOffered([...product.amount_list].sort((a, b) => a - b)));
  return amount;
}

const rates = (p: ProductRow) => ({ rate: p.rate, serviceRate: p.service_rate });

/** The borrower's denial wait still running, or null. */
async function denialWait(db: Queryable, userId: number, now: Date) {
  const deniedAt = await latestDenial(db, userId);
  return deniedAt ? reapplyWaitLeft(deniedAt, now) : null;
}

/** Unique violation of migration 008's one-open-order-per-product index. */
function isOpenOrderClash(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err) || err.code !== '23505') return false;
  const { constraint, message } = err as { constraint?: unknown; message?: unknown };
  return String(constraint ?? message).includes('orders_one_open_per_product');
}

export function loanRoutes() {
  const r = new Hono<AppEnv>();

  // 1 may apply; 2 an open order on this product (the app goes to /orders); 0 denied, with the wait left.
  r.get('/order/v1/precheck', requireUser, async (c) => {
    const { db, clock } = c.var.deps;
    const userId = c.var.user.id;
    const product = await findProduct(db, readQuery(c, PrecheckQuery, PRODUCT_NOT_FOUND).productId);
    if ((await openOrderOn(db, userId, product.id)) !== null) return answer(c, Precheck, { orderStatus: 2, rejectStatusVO: null });
    const wait = await denialWait(db, userId, clock.now());
    if (wait) return answer(c, Precheck, { orderStatus: 0, rejectStatusVO: wait });
    return answer(c, Precheck, { orderStatus: 1, rejectStatusVO: null });
  });

  // Priced for the period asked (the app asks with the product's period), exactly as apply would book it now.
  r.get('/order/v1/calculate', requireUser, async (c) => {
    const { db, clock } = c.var.deps;
    const q = readQuery(c, CalculateQuery);
    const product = await findProduct(db, q.productId);
    if (!Number.isInteger(q.period) || q.period < 1 || q.period > MAX_PERIOD_DAYS) throw new ApiError(LOAN_MESSAGES.periodInvalid);
    const loan = priceLoan(rates(product), checkAmount(product, q.amount), q.period, clock.now());
    return answer(c, CalculationResult, {
      repaymentAmount: loan.repaymentAmount,
      serviceFee: loan.serviceFee,
      gstFee: loan.gstFee,
      interest: loan.interest,
      loanAmount: loan.loanAmount,
      arriveAmount: loan.arriveAmount,
      period: loan.period,
      dueDate: loan.dueDate,
    });
  });

  r.post('/order/v1/apply', requireUser, jsonBodyLimit(), idempotent, async (c) => {
    const { db, clock } = c.var.deps;
    const userId = c.var.user.id;
    const body = await readJson(c, ApplyPayload);

    // What was asked for: an in-app product, one of its amounts, its period, one of the borrower's accounts.
    const product = await findProduct(db, body.productId);
    if (product.product_type !== 1) throw new ApiError(LOAN_MESSAGES.partnerProduct);
    const amount = checkAmount(product, body.borrowAmount);
    if (body.periods !== product.period) throw new ApiError(LOAN_MESSAGES.periodNotProducts(product.period));
    const cardId = parseId(body.cardId);
    const card = cardId === undefined ? undefined : (await db.query<{ id: number }>('SELECT id FROM bank_cards WHERE id = $1 AND user_id = $2', [cardId, userId])).rows[0];
    if (!card) throw new ApiError(LOAN_MESSAGES.cardNotFound);

    // Who asks: every step of the borrower's verification done.
    const verification = await loadState(db, userId);
    if (verification.stepOrder.some((step) => verification.flags[FLAG_OF_STEP[step]] !== 1)) throw new ApiError(LOAN_MESSAGES.notVerified);

    try {
      const booked = await db.transaction(async (tx) => {
        // One application at a time per borrower: a concurrent one waits here, then sees this order.
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
        const now = clock.now();
        const wait = await denialWait(tx, userId, now);
        if (wait) throw new ApiError(LOAN_MESSAGES.denied(wait));
        if ((await openOrderOn(tx, userId, product.id)) !== null) throw new ApiError(LOAN_MESSAGES.openOrder);
        const loan = priceLoan(rates(product), amount, product.period, now);
        const inserted = await tx.query<{ id: number; order_no: string }>(
          `INSERT INTO orders (order_no, user_id, product_id, state, loan_amount, period, service_fee, gst_fee, interest,
             arrive_amount, repayment_amount, apply_time, repayment_date, created_at, updated_at, card_id, auto_get_money)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $12, $12, $14, $15)
           RETURNING id, order_no`,
          [
            await nextOrderNo(tx, now), userId, product.id, ORDER_STATE.auditing, loan.loanAmount, loan.period, loan.serviceFee,
            loan.gstFee, loan.interest, loan.arriveAmount, loan.repaymentAmount, now.toISOString(), loan.dueAt.toISOString(),
            card.id, body.autoGetMoney,
          ],
        );
        return inserted.rows[0]!;
      });
      return answer(c, ApplyResult, { orderId: booked.id, orderNo: booked.order_no });
    } catch (err) {
      // Another path booked an open order on this product at the same moment: the index refused this one.
      if (isOpenOrderClash(err)) throw new ApiError(LOAN_MESSAGES.openOrder);
      throw err;
    }
  });

  return r;
}

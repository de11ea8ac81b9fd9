/**
 * Applying for a loan (endpoint table: precheck, calculate, apply). The rules and messages live in
 * domain/applications.ts, since a scheduled application applies alike.
 */
import { Hono } from 'hono';
import { ENDPOINTS } from '../../../contract/endpoints';
import {
  bookApplication,
  checkAmount,
  checkApplication,
  denialWait,
  findProduct,
  isOpenOrderClash,
  LOAN_MESSAGES,
  MAX_PERIOD_DAYS,
  rates,
} from '../domain/applications';
import { kfsForApplication, tieKfs } from '../domain/kfs';
import { openOrderOn } from '../domain/orders';
import { priceLoan } from '../domain/pricing';
import type { AppEnv } from '../env';
import { ApiError } from '../envelope';
import { answerOnce } from '../idempotency';
import { PRODUCT_NOT_FOUND } from './products';
import { serve } from './serve';

export { LOAN_MESSAGES, MAX_PERIOD_DAYS };

export function loanRoutes() {
  const r = new Hono<AppEnv>();

  // 1 may apply; 2 an open order on this product (the app goes to /orders); 0 denied, with the wait left.
  serve(r, ENDPOINTS.precheck, { invalid: PRODUCT_NOT_FOUND }, async (c, query) => {
    const { db, clock } = c.var.deps;
    const userId = c.var.user.id;
    const product = await findProduct(db, query.productId);
    if ((await openOrderOn(db, userId, product.id)) !== null) return { orderStatus: 2, rejectStatusVO: null };
    const wait = await denialWait(db, userId, clock.now());
    if (wait) return { orderStatus: 0, rejectStatusVO: wait };
    return { orderStatus: 1, rejectStatusVO: null };
  });

  // Priced for the period asked (the app asks with the product's period), exactly as apply would book it now.
  serve(r, ENDPOINTS.calculate, async (c, q) => {
    const { db, clock } = c.var.deps;
    const product = await findProduct(db, q.productId);
    if (!Number.isInteger(q.period) || q.period < 1 || q.period > MAX_PERIOD_DAYS) throw new ApiError(LOAN_MESSAGES.periodInvalid);
    const loan = priceLoan(rates(product), checkAmount(product, q.amount), q.period, clock.now());
    return {
      repaymentAmount: loan.repaymentAmount,
      serviceFee: loan.serviceFee,
      gstFee: loan.gstFee,
      interest: loan.interest,
      loanAmount: loan.loanAmount,
      arriveAmount: loan.arriveAmount,
      period: loan.period,
      dueDate: loan.dueDate,
    };
  });

  // The order and its Idempotency-Key's answer are written in one transaction (answerOnce).
  serve(r, ENDPOINTS.apply, { key: 'inTransaction' }, async (c, body) => {
    const { db, clock } = c.var.deps;
    const userId = c.var.user.id;
    const ask = { productId: body.productId, amount: body.borrowAmount, periods: body.periods, cardId: body.cardId, autoGetMoney: body.autoGetMoney };
    const checked = await checkApplication(db, userId, ask);
    try {
      return await answerOnce(c, ENDPOINTS.apply.answer, async (tx) => {
        // The KFS acknowledged before APPLY NOW, checked for this loan, becomes the order's.
        const kfs = body.kfsNo === undefined ? null : await kfsForApplication(tx, userId, body.kfsNo, { kind: 'application', productId: checked.product.id, amount: checked.amount }, clock.now());
        const booked = await bookApplication(tx, userId, checked, () => clock.now());
        if (kfs) await tieKfs(tx, kfs.id, { orderId: booked.id });
        return { orderId: booked.id, orderNo: booked.order_no };
      });
    } catch (err) {
      // Another path booked an open order on this product at the same moment: the index refused this one.
      if (isOpenOrderClash(err)) throw new ApiError(LOAN_MESSAGES.openOrder);
      throw err;
    }
  });

  return r;
}

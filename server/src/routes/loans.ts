/**
 * Applying for a loan (spec §7): GET /order/v1/precheck, GET /order/v1/calculate, POST /order/v1/apply.
 * See docs/sandbox/loans-and-orders.md 'Loans' for the rules and the messages.
 */
import { Hono } from 'hono';
import { ApplyPayload, ApplyResult, CalculateQuery, CalculationResult, Precheck, PrecheckQuery } from '../../../contract/loans';
import { requireUser } from '../auth';
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
import { answer, ApiError, jsonBodyLimit, readJson, readQuery } from '../envelope';
import { answerOnce, idempotentInTransaction } from '../idempotency';
import { PRODUCT_NOT_FOUND } from './products';

// The rules and messages live in domain/applications.ts (a scheduled application applies alike).
export { LOAN_MESSAGES, MAX_PERIOD_DAYS };

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

  // The order and its Idempotency-Key's answer are written in one transaction (answerOnce).
  r.post('/order/v1/apply', requireUser, jsonBodyLimit(), idempotentInTransaction, async (c) => {
    const { db, clock } = c.var.deps;
    const userId = c.var.user.id;
    const body = await readJson(c, ApplyPayload);
    const ask = { productId: body.productId, amount: body.borrowAmount, periods: body.periods, cardId: body.cardId, autoGetMoney: body.autoGetMoney };
    const checked = await checkApplication(db, userId, ask);
    try {
      return await answerOnce(c, ApplyResult, async (tx) => {
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

/**
 * The borrower's orders (endpoint table: orderList, orderDetail, confirmLoan). Every read first brings
 * the orders up to the sandbox clock (domain/engine.ts), so what is shown is the order's state now.
 */
import { Hono } from 'hono';
import type * as v from 'valibot';
import { ENDPOINTS } from '../../../contract/endpoints';
import type { Order } from '../../../contract/orders';
import type { Queryable } from '../db';
import { bringBorrowerUpToDate } from '../domain/catch-up';
import { advanceOrder, amountDue, lockAndAdvance, saveOrder, shownRepayment, startLending } from '../domain/engine';
import { extensionFields, LATEST_EXTENSION_COLUMNS, LATEST_EXTENSION_JOIN, type LatestExtension } from '../domain/extension';
import { KFS_MESSAGES, orderKfsValidAt } from '../domain/kfs';
import { reconcilePayments } from '../domain/payments';
import { getMoneyRefusal, ORDER_NOT_FOUND, ORDER_STATE } from '../domain/orders';
import type { AppEnv } from '../env';
import { ApiError } from '../envelope';
import { answerOnce } from '../idempotency';
import { contentLanguage, type Lang } from '../language';
import { istDate, istDateTime } from '../time';
import { maskAccountNumber } from './bank';
import { parseId } from './products';
import { serve } from './serve';

interface OrderListRow {
  id: number;
  order_no: string;
  state: number;
  loan_amount: number;
  arrive_amount: number;
  repayment_amount: number;
  paid_amount: number;
  repayment_date: Date | null;
  product_id: number;
  product_name: string;
  logo: string;
  apply_time: Date;
}

interface OrderRow extends LatestExtension {
  id: number;
  order_no: string;
  product_id: number;
  state: number;
  loan_amount: number;
  period: number;
  service_fee: number;
  gst_fee: number;
  interest: number;
  arrive_amount: number;
  repayment_amount: number;
  paid_amount: number;
  apply_time: Date;
  loan_date: Date | null;
  repayment_date: Date | null;
  card_no: string | null;
}

/** The contract's Order (spec §3 'Order (detail)') of a row read at `now`. */
export function orderDetail(o: OrderRow, now: Date, lang: Lang = 'en'): v.InferInput<typeof Order> {
  const owed = amountDue(o, now);
  const closedUnlent = o.state === ORDER_STATE.denied || o.state === ORDER_STATE.failed;
  return {
    orderId: o.id,
    orderNo: o.order_no,
    productId: o.product_id,
    orderState: o.state,
    loanAmount: o.loan_amount,
    period: o.period,
    arriveAmount: o.arrive_amount,
    repaymentAmount: shownRepayment(o, now),
    // Until the money arrives, the due date it would have if disbursed on the day of applying.
    repaymentDate: closedUnlent ? '' : istDate(o.repayment_date),
    loanDate: istDateTime(o.loan_date),
    applyTime: istDateTime(o.apply_time),
    overdueDays: owed.overdueDays,
    overdueFee: owed.overdueFee,
    paidAmount: o.paid_amount,
    serviceFee: o.service_fee,
    gstFee: o.gst_fee,
    gtsFee: o.gst_fee,
    interest: o.interest,
    // Extension (domain/extension.ts): offered on 6 / 8 until one is paid; the latest one applied, and what it says.
    ...extensionFields(o.state, o, lang),
    reservation: 0,
    bankNo: o.card_no ? maskAccountNumber(o.card_no) : '',
    canChooseAmount: 0,
  };
}

async function readOrder(db: Queryable, orderId: number): Promise<OrderRow> {
  const r = await db.query<OrderRow>(
    `SELECT o.id, o.order_no, o.product_id, o.state, o.loan_amount, o.period, o.service_fee, o.gst_fee, o.interest,
            o.arrive_amount, o.repayment_amount, o.paid_amount, o.apply_time, o.loan_date, o.repayment_date, b.card_no,
            ${LATEST_EXTENSION_COLUMNS}
       FROM orders o LEFT JOIN bank_cards b ON b.id = o.card_id ${LATEST_EXTENSION_JOIN}
      WHERE o.id = $1`,
    [orderId],
  );
  const row = r.rows[0];
  if (!row) throw new ApiError(ORDER_NOT_FOUND);
  return row;
}

export function orderRoutes() {
  const r = new Hono<AppEnv>();

  serve(r, ENDPOINTS.orderList, async (c) => {
    const { db, clock } = c.var.deps;
    const now = clock.now();
    // Payments the gateway has answered, the engine, scheduled applications whose product has opened (domain/catch-up.ts).
    await bringBorrowerUpToDate(db, c.var.user.id, now);
    const orders = await db.query<OrderListRow>(
      `SELECT o.id, o.order_no, o.state, o.loan_amount, o.arrive_amount, o.repayment_amount, o.paid_amount, o.repayment_date,
              o.product_id, p.name AS product_name, p.logo, o.apply_time
         FROM orders o JOIN products p ON p.id = o.product_id
        WHERE o.user_id = $1
        ORDER BY o.created_at DESC, o.id DESC`,
      [c.var.user.id],
    );
    return orders.rows.map((o) => ({
      orderId: o.id,
      orderNo: o.order_no,
      orderState: o.state,
      loanAmount: o.loan_amount,
      arriveAmount: o.arrive_amount,
      repaymentAmount: shownRepayment(o, now),
      productId: o.product_id,
      productName: o.product_name,
      logo: o.logo,
      applyTime: istDateTime(o.apply_time),
    }));
  });

  // Another borrower's order answers exactly like one that does not exist.
  serve(r, ENDPOINTS.orderDetail, { invalid: ORDER_NOT_FOUND }, async (c, query) => {
    const { db, clock } = c.var.deps;
    const orderId = parseId(query.orderId);
    if (orderId === undefined) throw new ApiError(ORDER_NOT_FOUND);
    const now = clock.now();
    await reconcilePayments(db, now, { orderId, userId: c.var.user.id });
    // An order with nothing due is read without a transaction (engine.ts advanceOrder).
    if (!(await advanceOrder(db, orderId, now, c.var.user.id))) throw new ApiError(ORDER_NOT_FOUND);
    const row = await readOrder(db, orderId);
    // extensionMsg in the language Accept-Language prefers. Get money's answer below stays
    // English: a POST may be replayed (Idempotency-Key), and a lending order has no extensionMsg anyway.
    return orderDetail(row, now, contentLanguage(c));
  });

  // Get money: an approved order (2) starts lending (4); the money arrives a minute later (engine).
  // Once per order: a repeat with the same Idempotency-Key replays the first answer; any other repeat
  // finds the order lending already and is refused, changing nothing. The move and the key's answer
  // are written in one transaction (answerOnce).
  serve(r, ENDPOINTS.confirmLoan, { key: 'inTransaction' }, async (c, body) => {
    const { clock } = c.var.deps;
    const orderId = parseId(body.orderId);
    if (orderId === undefined) throw new ApiError(ORDER_NOT_FOUND);
    const now = clock.now();
    return answerOnce(c, ENDPOINTS.confirmLoan.answer, async (tx) => {
      const order = await lockAndAdvance(tx, orderId, now, c.var.user.id);
      if (!order) throw new ApiError(ORDER_NOT_FOUND);
      if (order.state !== ORDER_STATE.pass) throw new ApiError(getMoneyRefusal(order.state));
      // No money leaves without a KFS the borrower acknowledged that still binds the lender now.
      if (!(await orderKfsValidAt(tx, orderId, now))) throw new ApiError(KFS_MESSAGES.getMoney);
      await saveOrder(tx, order, startLending(order, now), now);
      return orderDetail(await readOrder(tx, orderId), now);
    });
  });

  return r;
}

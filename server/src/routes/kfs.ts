/**
 * The lender's Key Fact Statements (endpoint table: issueKfs, acknowledgeKfs, orderKfs). Every KFS has
 * a number and a validity (machines/shared/kfs-validity.ts); the figures it states are the ones apply,
 * Get money and the extension then hold the lender to (domain/kfs.ts).
 */
import { Hono } from 'hono';
import { ENDPOINTS } from '../../../contract/endpoints';
import type { Queryable } from '../db';
import { checkAmount, findProduct, LOAN_MESSAGES, rates } from '../domain/applications';
import { lockAndAdvance } from '../domain/engine';
import { ExtensionRefused, quoteExtension } from '../domain/extension';
import { acknowledgedKfsOfOrder, acknowledgeKfs, issueKfs, lenderKfs } from '../domain/kfs';
import { getMoneyRefusal, ORDER_NOT_FOUND, ORDER_STATE } from '../domain/orders';
import { priceLoan } from '../domain/pricing';
import { kfsValidAt } from '../../../machines/shared/kfs-validity';
import type { AppEnv } from '../env';
import { ApiError } from '../envelope';
import { istDate } from '../time';
import { parseId } from './products';
import { serve } from './serve';

async function ownOrderId(raw: string): Promise<number> {
  const id = parseId(raw);
  if (id === undefined) throw new ApiError(ORDER_NOT_FOUND);
  return id;
}

/** The loan's figures an order states (its own, as the lender booked them). */
async function orderFacts(tx: Queryable, orderId: number): Promise<Record<string, unknown>> {
  const r = await tx.query<{ loan_amount: number; period: number; interest: number; service_fee: number; gst_fee: number; arrive_amount: number; repayment_amount: number; repayment_date: Date | null; rate: number }>(
    `SELECT o.loan_amount, o.period, o.interest, o.service_fee, o.gst_fee, o.arrive_amount, o.repayment_amount, o.repayment_date, p.rate
       FROM orders o JOIN products p ON p.id = o.product_id WHERE o.id = $1`,
    [orderId],
  );
  const o = r.rows[0]!;
  return {
    sanctioned: Number(o.loan_amount), tenureDays: o.period, interest: Number(o.interest), dailyRate: Number(o.rate),
    processingFee: Number(o.service_fee), gst: Number(o.gst_fee), netDisbursed: Number(o.arrive_amount),
    totalRepayable: Number(o.repayment_amount), dueDate: istDate(o.repayment_date),
  };
}

export function kfsRoutes() {
  const r = new Hono<AppEnv>();

  // A new KFS, issued now: for a product and amount (an application, a schedule), an approved order
  // (Get money), or the extension offered on an order (its amendment).
  serve(r, ENDPOINTS.issueKfs, async (c, body) => {
    const { db, clock } = c.var.deps;
    const userId = c.var.user.id;
    const now = clock.now();
    const issued = await db.transaction(async (tx) => {
      if (body.kind === 'application' || body.kind === 'schedule') {
        const product = await findProduct(tx, body.productId);
        if (product.product_type !== 1) throw new ApiError(LOAN_MESSAGES.partnerProduct);
        const loan = priceLoan(rates(product), checkAmount(product, body.amount), product.period, now);
        const facts = {
          sanctioned: loan.loanAmount, tenureDays: loan.period, interest: loan.interest, dailyRate: product.rate,
          processingFee: loan.serviceFee, gst: loan.gstFee, netDisbursed: loan.arriveAmount, totalRepayable: loan.repaymentAmount,
          dueDate: loan.dueDate,
        };
        return issueKfs(tx, { userId, kind: body.kind, productId: product.id, facts, tenureDays: product.period }, now);
      }
      const orderId = await ownOrderId(body.orderId);
      if (body.kind === 'order') {
        const order = await lockAndAdvance(tx, orderId, now, userId);
        if (!order) throw new ApiError(ORDER_NOT_FOUND);
        if (order.state !== ORDER_STATE.pass) throw new ApiError(getMoneyRefusal(order.state));
        return issueKfs(tx, { userId, kind: 'order', orderId, facts: await orderFacts(tx, orderId), tenureDays: order.period }, now);
      }
      let quote;
      try {
        quote = await quoteExtension(tx, orderId, userId, now);
      } catch (err) {
        if (err instanceof ExtensionRefused) throw new ApiError(err.message);
        throw err;
      }
      const current = await tx.query<{ repayment_date: Date | null }>('SELECT repayment_date FROM orders WHERE id = $1', [orderId]);
      const facts = {
        extensionDays: quote.extensionDay, currentDueDate: istDate(current.rows[0]?.repayment_date), newDueDate: String(quote.extensionTime).slice(0, 10),
        extensionServiceFee: quote.extensionServiceFee, extensionOverdueFee: quote.overdueFee ?? null, extensionInterest: quote.interest,
        extensionFeePaid: quote.extensionFeePaid, extensionFee: quote.extensionFee, repaymentAfter: quote.repaymentAmountAfter ?? null,
      };
      const extensionId = parseId(String(quote.extensionId));
      return issueKfs(tx, { userId, kind: 'extension', orderId, extensionId: extensionId ?? null, facts, tenureDays: Number(quote.extensionDay) }, now);
    });
    return lenderKfs(issued);
  });

  // Idempotent per number: a second acknowledgement answers the first.
  serve(r, ENDPOINTS.acknowledgeKfs, async (c, { kfsNo }) => {
    const { db, clock } = c.var.deps;
    const k = await db.transaction((tx) => acknowledgeKfs(tx, c.var.user.id, kfsNo, clock.now()));
    return lenderKfs(k);
  });

  // Another borrower's order answers like one that does not exist.
  serve(r, ENDPOINTS.orderKfs, { invalid: ORDER_NOT_FOUND }, async (c, query) => {
    const { db, clock } = c.var.deps;
    const orderId = await ownOrderId(query.orderId);
    const own = await db.query('SELECT 1 FROM orders WHERE id = $1 AND user_id = $2', [orderId, c.var.user.id]);
    if (own.rowCount === 0) throw new ApiError(ORDER_NOT_FOUND);
    const k = await acknowledgedKfsOfOrder(db, orderId);
    return { kfs: k ? lenderKfs(k) : null, validNow: k !== null && kfsValidAt(k.validUntil, clock.now()) };
  });

  return r;
}

/** GET /order/v1/list: the borrower's orders, newest first. Apply, detail, loan… come next. */
import { Hono } from 'hono';
import { OrderList } from '../../../contract/orders';
import { requireUser } from '../auth';
import type { AppEnv } from '../env';
import { answer } from '../envelope';
import { istDateTime } from '../time';

interface OrderListRow {
  id: number;
  order_no: string;
  state: number;
  loan_amount: number;
  arrive_amount: number;
  repayment_amount: number;
  product_id: number;
  product_name: string;
  logo: string;
  apply_time: Date;
}

export function orderRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/order/v1/list', requireUser, async (c) => {
    const { db } = c.var.deps;
    const orders = await db.query<OrderListRow>(
      `SELECT o.id, o.order_no, o.state, o.loan_amount, o.arrive_amount, o.repayment_amount, o.product_id,
              p.name AS product_name, p.logo, o.apply_time
         FROM orders o JOIN products p ON p.id = o.product_id
        WHERE o.user_id = $1
        ORDER BY o.created_at DESC, o.id DESC`,
      [c.var.user.id],
    );
    return answer(
      c,
      OrderList,
      orders.rows.map((o) => ({
        orderId: o.id,
        orderNo: o.order_no,
        orderState: o.state,
        loanAmount: o.loan_amount,
        arriveAmount: o.arrive_amount,
        repaymentAmount: o.repayment_amount,
        productId: o.product_id,
        productName: o.product_name,
        logo: o.logo,
        applyTime: istDateTime(o.apply_time),
      })),
    );
  });

  return r;
}

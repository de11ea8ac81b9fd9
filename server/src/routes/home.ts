/** The home page's data (endpoint table: home): the products and the borrower's in-progress orders. */
import { Hono } from 'hono';
import { ENDPOINTS } from '../../../contract/endpoints';
import { bringBorrowerUpToDate } from '../domain/catch-up';
import { shownRepayment } from '../domain/engine';
import { FULL_BUTTON_NAME, FULL_BUTTON_NAME_HI, IN_PROGRESS_STATES, OPEN_STATES, REPAYABLE_STATES } from '../domain/orders';
import type { AppEnv } from '../env';
import { contentLanguage } from '../language';
import { serve } from './serve';

interface ProductRow {
  id: number;
  name: string;
  logo: string;
  amount_list: number[];
  period: number;
  rate: number;
  product_type: number;
  h5_href: string;
}

interface OpenOrderRow {
  id: number;
  state: number;
  product_id: number;
  name: string;
  logo: string;
  loan_amount: number;
  repayment_amount: number;
  paid_amount: number;
  repayment_date: Date | null;
}

export function homeRoutes() {
  const r = new Hono<AppEnv>();

  serve(r, ENDPOINTS.home, async (c) => {
    const { db, clock } = c.var.deps;
    const user = c.var.user;
    // The orders as they are now on the sandbox clock.
    const now = clock.now();
    await bringBorrowerUpToDate(db, user.id, now); // payments, the engine, scheduled applications (domain/catch-up.ts)
    const products = await db.query<ProductRow>(
      'SELECT p.id, p.name, p.logo, p.amount_list, p.period, p.rate, p.product_type, p.h5_href FROM products p ORDER BY p.sort, p.id',
    );
    // The borrower's open orders, newest first: they fill the products (isFull) and, but for lending (4), the in-progress list.
    const open = await db.query<OpenOrderRow>(
      `SELECT o.id, o.state, o.product_id, p.name, p.logo, o.loan_amount, o.repayment_amount, o.paid_amount, o.repayment_date
         FROM orders o JOIN products p ON p.id = o.product_id
        WHERE o.user_id = $1 AND o.state = ANY($2::int[])
        ORDER BY o.created_at DESC, o.id DESC`,
      [user.id, OPEN_STATES],
    );
    const full = new Set(open.rows.map((o) => o.product_id));
    // The buttons' words follow Accept-Language; names, amounts and states do not.
    const buttonNames = contentLanguage(c) === 'hi' ? FULL_BUTTON_NAME_HI : FULL_BUTTON_NAME;
    return {
      userStatus: user.userStatus,
      homeProductVos: products.rows.map((p) => ({
        id: p.id,
        name: p.name,
        logo: p.logo,
        maxAmount: Math.max(...p.amount_list),
        period: p.period,
        rate: p.rate,
        isFull: full.has(p.id) ? 1 : 0,
        productType: p.product_type,
        h5Href: p.h5_href,
      })),
      undwayList: open.rows
        .filter((o) => IN_PROGRESS_STATES.includes(o.state))
        .map((o) => ({
          orderId: o.id,
          orderState: o.state,
          name: o.name,
          logo: o.logo,
          // What the borrower is looking at: what is due now once the money is out (penal charge included,
          // part payments deducted), the loan amount before.
          amount: REPAYABLE_STATES.includes(o.state) ? shownRepayment(o, now) : o.loan_amount,
          fullButtonName: buttonNames[o.state] ?? '',
        })),
    };
  });

  return r;
}

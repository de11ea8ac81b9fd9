/**
 * Applying for a loan (docs/sandbox/loans-and-orders.md 'Loans'): the checks and the booking of POST /order/v1/apply,
 * in one place, so that the route and a scheduled application (domain/schedule.ts) apply alike.
 *
 * `checkApplication` (what is asked, who asks) → `bookApplication` (inside a transaction: the denial
 * wait, the open order, the order row). The route books inside the transaction that also keeps its
 * Idempotency-Key's answer (idempotency.ts answerOnce); a schedule, inside its sweep's.
 */
import type { Queryable } from '../db';
import { ApiError } from '../envelope';
import { parseId } from './ids';
import { latestDenial, nextOrderNo, openOrderOn, ORDER_STATE, reapplyWaitLeft } from './orders';
import { priceLoan } from './pricing';
import { FLAG_OF_STEP, loadState } from './verification';

/** The longest loan the sandbox prices (spec §9: tenure at most 360 days). */
export const MAX_PERIOD_DAYS = 360;

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;
const oneOf = (amounts: readonly number[]) =>
  amounts.length > 1 ? `${amounts.slice(0, -1).map(rupees).join(', ')} or ${rupees(amounts.at(-1)!)}` : amounts.map(rupees).join('');
const waitText = (w: { day: number; hour: number }) =>
  `${w.day} day${w.day === 1 ? '' : 's'} ${w.hour} hour${w.hour === 1 ? '' : 's'}`;

export const PRODUCT_NOT_FOUND = 'Product not found';

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

export interface ProductRow {
  id: number;
  name: string;
  product_type: number;
  amount_list: number[];
  period: number;
  rate: number;
  service_rate: number;
}

/** The product of a raw id (a query or body text), or `Product not found`. */
export async function findProduct(db: Queryable, rawId: string): Promise<ProductRow> {
  const id = parseId(rawId);
  const found =
    id === undefined
      ? undefined
      : (await db.query<ProductRow>('SELECT id, name, product_type, amount_list, period, rate, service_rate FROM products WHERE id = $1', [id])).rows[0];
  if (!found) throw new ApiError(LOAN_MESSAGES.productNotFound);
  return found;
}

/** `amount` when it is one of the product's amounts, else the message listing them. */
export function checkAmount(product: ProductRow, amount: number): number {
  if (!product.amount_list.includes(amount)) throw new ApiError(LOAN_MESSAGES.amountNotOffered([...product.amount_list].sort((a, b) => a - b)));
  return amount;
}

export const rates = (p: ProductRow) => ({ rate: p.rate, serviceRate: p.service_rate });

/** The borrower's denial wait still running, or null. */
export async function denialWait(db: Queryable, userId: number, now: Date) {
  const deniedAt = await latestDenial(db, userId);
  return deniedAt ? reapplyWaitLeft(deniedAt, now) : null;
}

/** The borrower's bank account `rawId`, or null (not an id, not theirs, gone). */
export async function ownCard(db: Queryable, userId: number, rawId: string | number | null): Promise<{ id: number; card_no: string } | null> {
  const cardId = rawId === null ? undefined : parseId(String(rawId));
  if (cardId === undefined) return null;
  const r = await db.query<{ id: number; card_no: string }>('SELECT id, card_no FROM bank_cards WHERE id = $1 AND user_id = $2', [cardId, userId]);
  return r.rows[0] ?? null;
}

/** Every step of the borrower's verification journey done (steps QA left out are not required). */
export async function verificationComplete(db: Queryable, userId: number): Promise<boolean> {
  const verification = await loadState(db, userId);
  return verification.stepOrder.every((step) => verification.flags[FLAG_OF_STEP[step]] === 1);
}

/** Unique violation of migration 008's one-open-order-per-product index. */
export function isOpenOrderClash(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err) || err.code !== '23505') return false;
  const { constraint, message } = err as { constraint?: unknown; message?: unknown };
  return String(constraint ?? message).includes('orders_one_open_per_product');
}

/** What an application asks for: `periods` undefined means the product's own period (a schedule). */
export interface ApplicationAsk {
  productId: string;
  amount: number;
  periods?: number;
  cardId: string;
  autoGetMoney: 0 | 1;
}

export interface CheckedApplication {
  product: ProductRow;
  amount: number;
  cardId: number;
  autoGetMoney: 0 | 1;
}

/**
 * What was asked for (an in-app product, one of its amounts, its period, one of the borrower's
 * accounts), then who asks (every verification step done), in this order; each refusal an ApiError.
 */
export async function checkApplication(db: Queryable, userId: number, ask: ApplicationAsk): Promise<CheckedApplication> {
  const product = await findProduct(db, ask.productId);
  if (product.product_type !== 1) throw new ApiError(LOAN_MESSAGES.partnerProduct);
  const amount = checkAmount(product, ask.amount);
  if (ask.periods !== undefined && ask.periods !== product.period) throw new ApiError(LOAN_MESSAGES.periodNotProducts(product.period));
  const card = await ownCard(db, userId, ask.cardId);
  if (!card) throw new ApiError(LOAN_MESSAGES.cardNotFound);
  if (!(await verificationComplete(db, userId))) throw new ApiError(LOAN_MESSAGES.notVerified);
  return { product, amount, cardId: card.id, autoGetMoney: ask.autoGetMoney };
}

export interface BookedApplication {
  id: number;
  order_no: string;
}

/**
 * Books a checked application inside the caller's transaction: locks the borrower's row (one
 * application at a time per borrower: a concurrent one waits here, then sees this order), then the
 * denial wait and the open order on the product, then the order in state 1 with its fees. `now` is
 * read once the lock is held.
 */
export async function bookApplication(tx: Queryable, userId: number, checked: CheckedApplication, now: () => Date): Promise<BookedApplication> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  const at = now();
  const wait = await denialWait(tx, userId, at);
  if (wait) throw new ApiError(LOAN_MESSAGES.denied(wait));
  const { product } = checked;
  if ((await openOrderOn(tx, userId, product.id)) !== null) throw new ApiError(LOAN_MESSAGES.openOrder);
  const loan = priceLoan(rates(product), checked.amount, product.period, at);
  const inserted = await tx.query<BookedApplication>(
    `INSERT INTO orders (order_no, user_id, product_id, state, loan_amount, period, service_fee, gst_fee, interest,
       arrive_amount, repayment_amount, apply_time, repayment_date, created_at, updated_at, card_id, auto_get_money)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $12, $12, $14, $15)
     RETURNING id, order_no`,
    [
      await nextOrderNo(tx, at), userId, product.id, ORDER_STATE.auditing, loan.loanAmount, loan.period, loan.serviceFee,
      loan.gstFee, loan.interest, loan.arriveAmount, loan.repaymentAmount, at.toISOString(), loan.dueAt.toISOString(),
      checked.cardId, checked.autoGetMoney,
    ],
  );
  return inserted.rows[0]!;
}

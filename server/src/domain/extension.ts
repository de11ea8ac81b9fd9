/**
 * The sandbox lender's extension of an order's due date (docs/sandbox/extension-and-scheduling.md 'Extension').
 * The fee arithmetic first (pure), then the transitions: quote (extension-calc), apply (6/8 → 11 with
 * a 24-hour window to pay the fee), pay (the fee booked: due date = request + 7 days, back to 6),
 * abandon (back to the previous state at once). An unpaid window is failed by the engine
 * (engine.ts nextTransition, state 11), which reads the window from the order's row.
 */
import type { ExtensionInfo } from '../../../contract/extension';
import type * as v from 'valibot';
import { formatIstDay, formatIstTime } from '../../../machines/shared/ist-format';
import type { Queryable } from '../db';
import type { Lang, Localized } from '../language';
import { DAY, HOUR, SECOND, istDate, istDateTime } from '../time';
import { amountDue, dueTransitions, lockAndAdvance, saveOrder, type EngineOrder } from './engine';
import { ORDER_NOT_FOUND, ORDER_STATE } from './orders';

/** A successful extension moves the due date to this many days after the request. */
export const EXTENSION_DAYS = 7;
/** The fee must be paid within this long of the request (sandbox clock), or the extension fails. */
export const EXTENSION_WINDOW_MS = 24 * HOUR;

export type ExtensionStatus = 'quoted' | 'applied' | 'paid' | 'failed' | 'abandoned';

export const EXTENSION_MESSAGES = {
  orderNotFound: ORDER_NOT_FOUND,
  extensionNotFound: 'Extension not found. Please open the extension page again.',
  alreadyExtended: 'This loan has already been extended once: it cannot be extended again.',
  notDisbursed: 'This loan has not been disbursed yet: there is nothing to extend.',
  settled: 'This loan is already repaid: there is nothing to extend.',
  closed: 'This order cannot be extended.',
  failed: 'This extension has failed: its fee was not paid within 24 hours. Open the extension page again to apply for a new one.',
  abandoned: 'This extension was abandoned. Open the extension page again to apply for a new one.',
  paid: 'This extension is already paid: the due date has moved.',
  pending: 'A payment for this order is waiting for your bank to confirm it. Please check again in a few minutes.',
} as const;

// ---------------------------------------------------------------------------------------------
// The fee (pure).

export interface ExtensionFees {
  /** round(loan amount × the product's extension rate). */
  serviceFee: number;
  /** The penal charge at the request (engine.ts amountDue). */
  overdueFee: number;
  /** The interest of the 7 extension days: round(loan amount × daily rate × 7). */
  interest: number;
  /** serviceFee + overdueFee + interest. */
  gross: number;
}

export interface PricedOrder {
  state: number;
  loan_amount: number;
  repayment_amount: number;
  paid_amount: number;
  repayment_date: Date | null;
}

/** The extension fee of `order` requested at `now`, on a product with `rate` a day and `extensionRate`. */
export function extensionFees(order: PricedOrder, product: { rate: number; extensionRate: number }, now: Date): ExtensionFees {
  const serviceFee = Math.round(order.loan_amount * product.extensionRate);
  const { overdueFee } = amountDue(order, now);
  const interest = Math.round(order.loan_amount * product.rate * EXTENSION_DAYS);
  return { serviceFee, overdueFee, interest, gross: serviceFee + overdueFee + interest };
}

/**
 * The amount already repaid counts first towards the fee (up to the fee): repaidCounted. What is paid
 * towards the fee = repaidCounted + the fee payments booked; what is still due = gross − that, never < 0.
 */
export function feeSplit(gross: number, repaidCounted: number, feePaid: number): { extensionFeePaid: number; extensionFee: number } {
  const extensionFeePaid = Math.min(repaidCounted, gross) + feePaid;
  return { extensionFeePaid, extensionFee: Math.max(0, gross - extensionFeePaid) };
}

/** The repaid amount that counts towards a fee of `gross`: all of it, up to the fee. */
export const repaidCountedFor = (paidAmount: number, gross: number) => Math.max(0, Math.min(paidAmount, gross));

/** The request instant: whole seconds (the app counts the window from extensionApplyTime, to the second). */
export const requestInstant = (now: Date) => new Date(Math.floor(now.getTime() / SECOND) * SECOND);

// ---------------------------------------------------------------------------------------------
// Rows.

export interface ExtensionRow {
  id: number;
  order_id: number;
  user_id: number;
  state: ExtensionStatus;
  rate: number;
  service_fee: number | null;
  overdue_fee: number | null;
  interest: number | null;
  repaid_counted: number | null;
  fee_paid: number;
  previous_state: number | null;
  requested_at: Date | null;
  window_ends_at: Date | null;
  new_due_at: Date | null;
  closed_at: Date | null;
  return_origin: string | null;
}

const EXT_COLUMNS = `id, order_id, user_id, state, rate, service_fee, overdue_fee, interest, repaid_counted, fee_paid, previous_state,
  requested_at, window_ends_at, new_due_at, closed_at, return_origin`;

/** The fixed fee of an applied (or paid) extension. */
export function appliedFee(e: ExtensionRow): { gross: number; extensionFeePaid: number; extensionFee: number } {
  const gross = (e.service_fee ?? 0) + (e.overdue_fee ?? 0) + (e.interest ?? 0);
  return { gross, ...feeSplit(gross, e.repaid_counted ?? 0, e.fee_paid) };
}

interface ProductTerms {
  rate: number;
  extension_rate: number;
}

async function productTerms(tx: Queryable, orderId: number): Promise<ProductTerms> {
  const r = await tx.query<ProductTerms>(
    'SELECT p.rate, p.extension_rate FROM orders o JOIN products p ON p.id = o.product_id WHERE o.id = $1',
    [orderId],
  );
  return r.rows[0] ?? { rate: 0, extension_rate: 0 };
}

/** An extension's row (locked when `lock`), or null. */
export async function extensionById(tx: Queryable, id: number, lock = false): Promise<ExtensionRow | null> {
  const r = await tx.query<ExtensionRow>(`SELECT ${EXT_COLUMNS} FROM extensions WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return r.rows[0] ?? null;
}

async function hasPaidExtension(tx: Queryable, orderId: number): Promise<boolean> {
  const r = await tx.query("SELECT 1 FROM extensions WHERE order_id = $1 AND state = 'paid'", [orderId]);
  return r.rows.length > 0;
}

/** Why an order in `state` cannot be extended now (null: it can: 6 or 8). */
export function extensionRefusal(state: number): string | null {
  if (state === ORDER_STATE.loaned || state === ORDER_STATE.overdued) return null;
  if (state === ORDER_STATE.settled) return EXTENSION_MESSAGES.settled;
  if (state === ORDER_STATE.auditing || state === ORDER_STATE.pass || state === ORDER_STATE.lending) return EXTENSION_MESSAGES.notDisbursed;
  return EXTENSION_MESSAGES.closed;
}

/** The contract's ExtensionInfo of an extension: a quote priced at `now`, or an applied one's fixed figures. */
export type ExtensionView = v.InferInput<typeof ExtensionInfo>;

/**
 * The loan's repayment amount once the fee is paid: the booked repayment less what stays repaid (the
 * repaid amount that counted towards the fee paid the fee instead); the penal charge is in the fee.
 */
export const repaymentAfterFee = (order: Pick<PricedOrder, 'repayment_amount' | 'paid_amount'>, repaidCounted: number): number =>
  Math.max(0, order.repayment_amount - (order.paid_amount - repaidCounted));

function view(e: ExtensionRow, order: PricedOrder, terms: ProductTerms, now: Date): ExtensionView {
  if (e.state === 'quoted') {
    const at = requestInstant(now);
    const fees = extensionFees(order, { rate: terms.rate, extensionRate: terms.extension_rate }, at);
    const counted = repaidCountedFor(order.paid_amount, fees.gross);
    const split = feeSplit(fees.gross, counted, 0);
    return {
      extensionId: String(e.id),
      orderRepayId: String(e.order_id),
      ...split,
      extensionServiceFee: fees.serviceFee,
      extensionRate: terms.extension_rate,
      interest: fees.interest,
      extensionApplyTime: istDateTime(at),
      extensionDay: EXTENSION_DAYS,
      extensionTime: istDate(new Date(at.getTime() + EXTENSION_DAYS * DAY)),
      overdueFee: fees.overdueFee,
      repaymentAmountAfter: repaymentAfterFee(order, counted),
    };
  }
  const { extensionFeePaid, extensionFee } = appliedFee(e);
  return {
    extensionId: String(e.id),
    orderRepayId: String(e.order_id),
    extensionFee,
    extensionFeePaid,
    extensionServiceFee: e.service_fee ?? 0,
    extensionRate: e.rate,
    interest: e.interest ?? 0,
    extensionApplyTime: istDateTime(e.requested_at),
    extensionDay: EXTENSION_DAYS,
    extensionTime: istDate(e.new_due_at),
    overdueFee: e.overdue_fee ?? 0,
    repaymentAmountAfter: repaymentAfterFee(order, e.repaid_counted ?? 0),
  };
}

/** Locks the borrower's order and brings it up to now (a missed window fails first), or refuses. */
async function ownOrder(tx: Queryable, orderId: number, userId: number, now: Date): Promise<EngineOrder> {
  const order = await lockAndAdvance(tx, orderId, now, userId);
  if (!order) throw new ExtensionRefused(EXTENSION_MESSAGES.orderNotFound);
  return order;
}

/** A refusal the routes answer as the envelope's code 1 with this message. */
export class ExtensionRefused extends Error {}

/**
 * extension-calc: the applied extension of an order in 11, or the order's open quote (made on the
 * first read, then reused: one per order) for an order in 6 or 8. Refuses any other order.
 */
export async function quoteExtension(tx: Queryable, orderId: number, userId: number, now: Date): Promise<ExtensionView> {
  const order = await ownOrder(tx, orderId, userId, now);
  const terms = await productTerms(tx, orderId);
  if (order.state === ORDER_STATE.extension && order.extension_id) {
    const applied = await extensionById(tx, order.extension_id);
    if (applied) return view(applied, order, terms, now);
  }
  const refusal = extensionRefusal(order.state);
  if (refusal) throw new ExtensionRefused(refusal);
  if (await hasPaidExtension(tx, orderId)) throw new ExtensionRefused(EXTENSION_MESSAGES.alreadyExtended);
  const open = await tx.query<ExtensionRow>(`SELECT ${EXT_COLUMNS} FROM extensions WHERE order_id = $1 AND state = 'quoted'`, [orderId]);
  let quote = open.rows[0];
  if (!quote) {
    const made = await tx.query<ExtensionRow>(
      `INSERT INTO extensions (order_id, user_id, state, rate, created_at, updated_at) VALUES ($1, $2, 'quoted', $3, $4, $4)
       RETURNING ${EXT_COLUMNS}`,
      [orderId, userId, terms.extension_rate, now.toISOString()],
    );
    quote = made.rows[0]!;
  }
  return view(quote, order, terms, now);
}

export interface ExtensionAction {
  extensionId: number;
  orderId: number;
}

/** The extension named by an action, of this order (refused otherwise). The order is locked already. */
async function namedExtension(tx: Queryable, action: ExtensionAction): Promise<ExtensionRow> {
  const e = await extensionById(tx, action.extensionId, true);
  if (!e || e.order_id !== action.orderId) throw new ExtensionRefused(EXTENSION_MESSAGES.extensionNotFound);
  return e;
}

const closedRefusal = (e: ExtensionRow) =>
  e.state === 'failed' ? EXTENSION_MESSAGES.failed : e.state === 'abandoned' ? EXTENSION_MESSAGES.abandoned : EXTENSION_MESSAGES.paid;

/** What apply-extension leads to: a fee to pay on the gateway, or nothing (the repaid amount covered it). */
export type ApplyOutcome =
  | { kind: 'pay'; extension: ExtensionRow; amount: number; expiresAt: Date }
  | { kind: 'covered'; extension: ExtensionRow };

/**
 * apply-extension. A quote on an order in 6/8: fixes the fee at now (the repaid amount counted first),
 * the order goes to 11 with the window (request + 24 h) and the previous state kept. The applied
 * extension of an order in 11 (a repeat, or back from the gateway unpaid): what is still due, same
 * extension. A fee fully covered by the repaid amount completes the extension at once.
 * Creating the payment intent is the caller's (routes/extension.ts), in the same transaction.
 */
export async function applyExtension(
  tx: Queryable,
  action: ExtensionAction,
  userId: number,
  now: Date,
  returnOrigin: string | null,
): Promise<ApplyOutcome> {
  const order = await ownOrder(tx, action.orderId, userId, now);
  const e = await namedExtension(tx, action);
  if (order.state === ORDER_STATE.extension) {
    if (e.state !== 'applied' || order.extension_id !== e.id) throw new ExtensionRefused(e.state === 'quoted' ? EXTENSION_MESSAGES.extensionNotFound : closedRefusal(e));
    const { extensionFee } = appliedFee(e);
    return { kind: 'pay', extension: e, amount: extensionFee, expiresAt: e.window_ends_at! };
  }
  const refusal = extensionRefusal(order.state);
  if (refusal) throw new ExtensionRefused(refusal);
  if (e.state !== 'quoted') throw new ExtensionRefused(closedRefusal(e));
  if (await hasPaidExtension(tx, order.id)) throw new ExtensionRefused(EXTENSION_MESSAGES.alreadyExtended);

  const at = requestInstant(now);
  const terms = await productTerms(tx, order.id);
  const fees = extensionFees(order, { rate: terms.rate, extensionRate: terms.extension_rate }, at);
  const repaidCounted = repaidCountedFor(order.paid_amount, fees.gross);
  const windowEnds = new Date(at.getTime() + EXTENSION_WINDOW_MS);
  const applied = await tx.query<ExtensionRow>(
    `UPDATE extensions SET state = 'applied', rate = $2, service_fee = $3, overdue_fee = $4, interest = $5, repaid_counted = $6,
            previous_state = $7, requested_at = $8, window_ends_at = $9, new_due_at = $10, return_origin = $11, updated_at = $12
      WHERE id = $1 RETURNING ${EXT_COLUMNS}`,
    [
      e.id, terms.extension_rate, fees.serviceFee, fees.overdueFee, fees.interest, repaidCounted, order.state, at.toISOString(),
      windowEnds.toISOString(), new Date(at.getTime() + EXTENSION_DAYS * DAY).toISOString(), returnOrigin, now.toISOString(),
    ],
  );
  await tx.query('UPDATE orders SET extension_id = $2, extension_previous_state = $3 WHERE id = $1', [order.id, e.id, order.state]);
  const inExtension: EngineOrder = {
    ...order,
    state: ORDER_STATE.extension,
    extension_id: e.id,
    extension_ends_at: windowEnds,
    extension_previous_state: order.state,
  };
  await saveOrder(tx, order, inExtension, now);
  const extension = applied.rows[0]!;
  const { extensionFee } = appliedFee(extension);
  if (extensionFee <= 0) {
    await completeExtension(tx, inExtension, extension, now);
    return { kind: 'covered', extension: (await extensionById(tx, e.id))! };
  }
  return { kind: 'pay', extension, amount: extensionFee, expiresAt: windowEnds };
}

/**
 * The fee is paid: the extension is paid, the due date = request + 7 days, the order back to 6
 * Loaned (overdue cleared), and the repaid amount that counted towards the fee is taken from what
 * the order has repaid (it paid the fee instead). `order` is locked, in 11.
 */
async function completeExtension(tx: Queryable, order: EngineOrder, e: ExtensionRow, now: Date): Promise<void> {
  await tx.query(`UPDATE extensions SET state = 'paid', closed_at = $2, updated_at = $2 WHERE id = $1 AND state = 'applied'`, [e.id, now.toISOString()]);
  const extended = { ...order, state: ORDER_STATE.loaned, repayment_date: e.new_due_at };
  await saveOrder(tx, order, dueTransitions(extended, now), now);
  await tx.query('UPDATE orders SET paid_amount = paid_amount - $2, updated_at = $3 WHERE id = $1', [order.id, e.repaid_counted ?? 0, now.toISOString()]);
}

/**
 * A successful extension-fee payment (applyGatewayOutcome, once per payment). Within the window (the
 * order still in 11 on this extension): adds it to the fee paid and, once the fee is covered,
 * completes the extension. Returns false when the extension is no longer applied (its window ended
 * before the bank answered, or it was abandoned): the caller books the money as a repayment instead.
 */
export async function bookExtensionPayment(tx: Queryable, extensionId: number, amount: number, now: Date): Promise<boolean> {
  const found = await extensionById(tx, extensionId);
  if (!found) throw new Error(`bookExtensionPayment: no extension ${extensionId}`);
  // The order first (the order of locks everywhere): a window that ended before now fails here first.
  const order = await lockAndAdvance(tx, found.order_id, now);
  const e = await extensionById(tx, extensionId, true);
  if (!order || e?.state !== 'applied' || order.state !== ORDER_STATE.extension || order.extension_id !== e.id) return false;
  const after = await tx.query<ExtensionRow>(
    `UPDATE extensions SET fee_paid = fee_paid + $2, updated_at = $3 WHERE id = $1 AND state = 'applied' RETURNING ${EXT_COLUMNS}`,
    [e.id, amount, now.toISOString()],
  );
  const paid = after.rows[0];
  if (!paid) return false;
  if (appliedFee(paid).extensionFee <= 0) await completeExtension(tx, order, paid, now);
  return true;
}

/**
 * giveup-extension: an applied extension is abandoned at once and the order goes back to its
 * previous state, fees as before; a quote not applied is abandoned and nothing changes on the order.
 * A repeat (already abandoned) changes nothing.
 */
export async function abandonExtension(tx: Queryable, action: ExtensionAction, userId: number, now: Date): Promise<void> {
  const order = await ownOrder(tx, action.orderId, userId, now);
  const e = await namedExtension(tx, action);
  if (e.state === 'abandoned') return;
  if (e.state === 'failed' || e.state === 'paid') throw new ExtensionRefused(closedRefusal(e));
  // A fee payment the bank has not answered yet: abandoning now could take the fee and extend nothing.
  if (e.state === 'applied' && (await pendingFeePayment(tx, e.id))) throw new ExtensionRefused(EXTENSION_MESSAGES.pending);
  await tx.query(`UPDATE extensions SET state = 'abandoned', closed_at = $2, updated_at = $2 WHERE id = $1`, [e.id, now.toISOString()]);
  if (e.state === 'applied' && order.state === ORDER_STATE.extension && order.extension_id === e.id) {
    const back = { ...order, state: order.extension_previous_state === ORDER_STATE.overdued ? ORDER_STATE.overdued : ORDER_STATE.loaned };
    await saveOrder(tx, order, dueTransitions(back, now), now);
  }
}

async function pendingFeePayment(tx: Queryable, extensionId: number): Promise<boolean> {
  const r = await tx.query("SELECT 1 FROM payments WHERE extension_id = $1 AND status = 'pending'", [extensionId]);
  return r.rows.length > 0;
}

/** A payment settled the whole loan while an extension was open: the extension is not needed any more. */
export async function closeOpenExtensions(tx: Queryable, orderId: number, now: Date): Promise<void> {
  await tx.query(
    `UPDATE extensions SET state = 'abandoned', closed_at = $2, updated_at = $2 WHERE order_id = $1 AND state IN ('quoted', 'applied')`,
    [orderId, now.toISOString()],
  );
}

// ---------------------------------------------------------------------------------------------
// What the order detail says (routes/orders.ts).

/** The order's extension as the detail shows it: the latest extension applied (not a bare quote). */
export interface LatestExtension {
  ext_state: ExtensionStatus | null;
  ext_gross: number | null;
  ext_repaid_counted: number | null;
  ext_fee_paid: number | null;
  ext_window_ends_at: Date | null;
  ext_new_due_at: Date | null;
  ext_paid_once: boolean;
}

/** SQL columns for LatestExtension, for `FROM orders o`. */
export const LATEST_EXTENSION_COLUMNS = `le.state AS ext_state, le.service_fee + le.overdue_fee + le.interest AS ext_gross,
  le.repaid_counted AS ext_repaid_counted, le.fee_paid AS ext_fee_paid, le.window_ends_at AS ext_window_ends_at,
  le.new_due_at AS ext_new_due_at,
  EXISTS (SELECT 1 FROM extensions pe WHERE pe.order_id = o.id AND pe.state = 'paid') AS ext_paid_once`;
export const LATEST_EXTENSION_JOIN = `LEFT JOIN LATERAL (SELECT * FROM extensions x WHERE x.order_id = o.id AND x.state <> 'quoted'
  ORDER BY x.id DESC LIMIT 1) le ON true`;

const STATE_CODE: Record<ExtensionStatus, number> = { quoted: 0, applied: 1, paid: 2, failed: 3, abandoned: 4 };

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

/**
 * What an order's extensionMsg says, by language: the order's own words, shown as they come. Its
 * times are written the way the app shows lender times ('28 Nov 2026, 14:46 IST'), so the page
 * does not show one moment in two forms.
 */
const EXTENSION_WORDS: Localized<{
  applied: (fee: string, by: string) => string;
  paid: (due: string) => string;
  failed: string;
  abandoned: string;
}> = {
  en: {
    applied: (fee, by) => `Extension applied: pay ${fee} by ${by} or it fails`,
    paid: (due) => `Due date extended to ${due}`,
    failed: 'Extension failed: the fee was not paid within 24 hours',
    abandoned: 'Extension abandoned: the due date is unchanged',
  },
  hi: {
    applied: (fee, by) => `एक्सटेंशन का आवेदन हो गया: ${by} तक ${fee} चुकाएँ, नहीं तो एक्सटेंशन नहीं मिलेगा`,
    paid: (due) => `चुकाने की तारीख बढ़कर ${due} हो गई है`,
    failed: 'एक्सटेंशन नहीं हो सका: फ़ीस 24 घंटे के अंदर नहीं भरी गई',
    abandoned: 'एक्सटेंशन छोड़ दिया गया: चुकाने की तारीख पहले जैसी ही है',
  },
};

/** isExtension, extensionState (contract EXTENSION_STATE) and extensionMsg (in `lang`) of an order in `state`. */
export function extensionFields(
  state: number,
  x: LatestExtension,
  lang: Lang = 'en',
): { isExtension: number; extensionState: number; extensionMsg: string } {
  const isExtension = (state === ORDER_STATE.loaned || state === ORDER_STATE.overdued) && !x.ext_paid_once ? 1 : 0;
  const extensionState = x.ext_state ? STATE_CODE[x.ext_state] : 0;
  const words = EXTENSION_WORDS[lang];
  let extensionMsg = '';
  if (x.ext_state === 'applied' && state === ORDER_STATE.extension) {
    const { extensionFee } = feeSplit(x.ext_gross ?? 0, x.ext_repaid_counted ?? 0, x.ext_fee_paid ?? 0);
    extensionMsg = words.applied(rupees(extensionFee), formatIstTime(istDateTime(x.ext_window_ends_at).slice(0, 16), lang));
  } else if (x.ext_state === 'paid' && (state === ORDER_STATE.loaned || state === ORDER_STATE.overdued))
    extensionMsg = words.paid(formatIstDay(istDate(x.ext_new_due_at), lang));
  else if (x.ext_state === 'failed' && isExtension) extensionMsg = words.failed;
  else if (x.ext_state === 'abandoned' && isExtension) extensionMsg = words.abandoned;
  return { isExtension, extensionState, extensionMsg };
}

/**
 * Payment reminders (docs/sandbox/loans-and-orders.md 'Reminders'): the SMS the lender sends before and on an order's
 * due date and on its first overdue days, each with the amount due and the penal charge (RBI's penal
 * charges circular, 18 Aug 2023: reminders state it). Sent by a sweep on the sandbox clock: a timer
 * in every process (main.ts), a clock move, QA's button. Rules and texts first; the sweep follows.
 */
import { formatIstDay } from '../../../machines/shared/ist-format';
import type { Db, Queryable } from '../db';
import { DEFAULT_LANG, type Lang } from '../language';
import { DAY, HOUR, istDate, istDateTime, MINUTE, startOfIstDay } from '../time';
import { amountDue, dueTransitions, ENGINE_COLUMNS, lockAndAdvance, PENAL_CHARGE_CAP, PENAL_CHARGE_PER_DAY, type EngineOrder, type OwedOrder } from './engine';
import { borrowerLanguage } from './language-preference';
import { ORDER_STATE } from './orders';
import { pendingPayment, reconcilePayments } from './payments';

export type ReminderKind = 'before-3' | 'before-1' | 'due' | 'overdue';

/**
 * Reminders go out from 08:00 to 19:00 IST: the hours RBI allows lenders and their agents to call
 * borrowers about overdue loans (circular of 12 Aug 2022 on recovery agents).
 */
export const REMINDER_HOURS = { opens: 8, closes: 19 } as const;
/** Overdue reminders are sent on the first 7 overdue days; later days get none (the penal charge still grows). */
export const OVERDUE_REMINDER_DAYS = 7;
/** How often each process sweeps (main.ts): a reminder due at the opening goes out within a minute of it. */
export const REMINDER_SWEEP_EVERY_MS = MINUTE;

/** Reminded: loaned and overdue orders. Not settled ones, nor one whose extension's fee window is open (11). */
const REMINDED_STATES: readonly number[] = [ORDER_STATE.loaned, ORDER_STATE.overdued];
/** The sweep reads these: 11 too, whose window may have ended unnoticed (the engine then puts it back to 6 or 8). */
const OWED_STATES: readonly number[] = [ORDER_STATE.loaned, ORDER_STATE.overdued, ORDER_STATE.extension];

/** IST calendar days from the due date's day to `now`'s: −3 three days before, 0 on it, 2 two days overdue. */
function daysFromDue(repaymentDate: Date, now: Date): number {
  return Math.round((startOfIstDay(now).getTime() - startOfIstDay(repaymentDate).getTime()) / DAY);
}

/** The days, counted from the due date, that have a reminder: −3, −1, 0, then 1 to OVERDUE_REMINDER_DAYS. */
const SLOT_OFFSETS: readonly number[] = [-3, -1, 0, ...Array.from({ length: OVERDUE_REMINDER_DAYS }, (_, i) => i + 1)];

/** Which reminder, if any, an order due on `repaymentDate` gets on `now`'s IST day. */
export function reminderSlot(repaymentDate: Date | null, now: Date): { kind: ReminderKind; overdueDays: number } | null {
  if (!repaymentDate) return null;
  const days = daysFromDue(repaymentDate, now);
  if (!SLOT_OFFSETS.includes(days)) return null;
  if (days > 0) return { kind: 'overdue', overdueDays: days };
  return { kind: days === -3 ? 'before-3' : days === -1 ? 'before-1' : 'due', overdueDays: 0 };
}

const msIntoIstDay = (now: Date) => now.getTime() - startOfIstDay(now).getTime();

/** Whether reminders may go out at `now` (08:00 ≤ IST time < 19:00). */
export function remindersOpen(now: Date): boolean {
  const ms = msIntoIstDay(now);
  return ms >= REMINDER_HOURS.opens * HOUR && ms < REMINDER_HOURS.closes * HOUR;
}

/** `now` when reminders may go out, else the next 08:00 IST: where a reminder due at night goes. */
export function nextOpening(now: Date): Date {
  if (remindersOpen(now)) return now;
  const today = startOfIstDay(now).getTime();
  const opens = today + REMINDER_HOURS.opens * HOUR;
  return new Date(msIntoIstDay(now) < REMINDER_HOURS.opens * HOUR ? opens : opens + DAY);
}

/**
 * The next reminder an order due on `repaymentDate` gets, and from when (for the QA console), or null
 * when it gets no more. `sentToday`: today's reminder of the order has gone out.
 */
export function nextReminder(repaymentDate: Date | null, now: Date, sentToday: boolean): { at: Date; kind: ReminderKind; overdueDays: number } | null {
  if (!repaymentDate) return null;
  const today = daysFromDue(repaymentDate, now);
  const dueDay = startOfIstDay(repaymentDate).getTime();
  for (const offset of SLOT_OFFSETS) {
    if (offset < today) continue;
    const opens = new Date(dueDay + offset * DAY + REMINDER_HOURS.opens * HOUR);
    const slot = reminderSlot(repaymentDate, opens)!;
    if (offset > today) return { at: opens, ...slot };
    if (!sentToday && msIntoIstDay(now) < REMINDER_HOURS.closes * HOUR) return { at: now < opens ? opens : now, ...slot };
  }
  return null;
}

/** What a reminder says, from the lender's own figures (engine.ts) at the instant it is sent. */
export interface ReminderFigures {
  orderNo: string;
  /** The due date, 'YYYY-MM-DD' (IST). */
  dueDate: string;
  /** Repayment amount + penal charge − paid so far (engine.ts amountDue), whole rupees. */
  amountDue: number;
  overdueDays: number;
  /** The penal charge a day overdue: 0.1% of the principal, in rupees (paise when the principal has them). */
  penalPerDay: number;
  /** The penal charge so far, capped as the engine caps it. */
  penalTotal: number;
  /** The most the penal charge can reach (20% of the principal). */
  penalCap: number;
}

export function reminderFigures(order: OwedOrder & { order_no: string }, now: Date): ReminderFigures {
  const owed = amountDue(order, now);
  return {
    orderNo: order.order_no,
    dueDate: istDate(order.repayment_date),
    amountDue: owed.due,
    overdueDays: owed.overdueDays,
    penalPerDay: Math.round(order.loan_amount * PENAL_CHARGE_PER_DAY * 100) / 100,
    penalTotal: owed.overdueFee,
    penalCap: Math.round(order.loan_amount * PENAL_CHARGE_CAP),
  };
}

/** ₹10,819, or ₹2.50 when there are paise. */
export const formatRupees = (n: number) =>
  `₹${n.toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`;

const APP_NAME = 'Sandbox Loans';
const LENDER_NAME = 'Sandbox Finance Private Limited';

/**
 * The reminder's text in `lang`. Every one names the loan, its due date, the amount due and the
 * penal charge: before the due date what a late day costs, after it the days, the charge so far and
 * its daily rate, and always that it is capped and is not interest.
 */
export function reminderText(kind: ReminderKind, f: ReminderFigures, lang: Lang = DEFAULT_LANG): string {
  const date = formatIstDay(f.dueDate, lang);
  const [due, perDay, total, cap] = [f.amountDue, f.penalPerDay, f.penalTotal, f.penalCap].map(formatRupees);
  if (lang === 'hi') {
    const when = { 'before-3': `3 दिन बाद, ${date}`, 'before-1': `कल, ${date}`, due: `आज, ${date}` };
    if (kind === 'overdue')
      return (
        `${APP_NAME}: आपके लोन ${f.orderNo} की चुकाने की तारीख ${date} थी; यह ${f.overdueDays} दिन से ओवरड्यू है। ` +
        `चुकाने की राशि: ${due}, जिसमें अब तक का ${total} दंड शुल्क शामिल है (हर दिन ${perDay}, ज़्यादा से ज़्यादा ${cap}; यह शुल्क है, ब्याज नहीं)। ` +
        `कृपया ${APP_NAME} ऐप में भुगतान करें। लेंडर: ${LENDER_NAME}।`
      );
    return (
      `${APP_NAME}: आपके लोन ${f.orderNo} की चुकाने की तारीख ${when[kind]} है। चुकाने की राशि: ${due}। ` +
      `देर होने पर हर दिन ${perDay} दंड शुल्क लगेगा (ज़्यादा से ज़्यादा ${cap}); यह शुल्क है, ब्याज नहीं। ` +
      `${APP_NAME} ऐप में भुगतान करें। लेंडर: ${LENDER_NAME}।`
    );
  }
  const when = { 'before-3': `in 3 days, on ${date}`, 'before-1': `tomorrow, ${date}`, due: `today, ${date}` };
  if (kind === 'overdue')
    return (
      `${APP_NAME}: your loan ${f.orderNo} was due on ${date} and is ${f.overdueDays} ${f.overdueDays === 1 ? 'day' : 'days'} overdue. ` +
      `Amount due: ${due}, including a penal charge of ${total} so far (${perDay} a day, capped at ${cap}; a charge, not interest). ` +
      `Please pay in the ${APP_NAME} app. Lender: ${LENDER_NAME}.`
    );
  return (
    `${APP_NAME}: your loan ${f.orderNo} is due ${when[kind]}. Amount due: ${due}. ` +
    `If it is paid late, a penal charge of ${perDay} a day applies (capped at ${cap}; a charge, not interest). ` +
    `Pay in the ${APP_NAME} app. Lender: ${LENDER_NAME}.`
  );
}

/** The kind in words, for QA ('3 days before the due date', '2 days overdue'). */
export function reminderLabel(kind: ReminderKind, overdueDays: number): string {
  if (kind === 'overdue') return `${overdueDays} ${overdueDays === 1 ? 'day' : 'days'} overdue`;
  return { 'before-3': '3 days before the due date', 'before-1': '1 day before the due date', due: 'on the due date' }[kind];
}

// ---------------------------------------------------------------------------------------------
// The sweep.

export interface SentReminder {
  id: number;
  orderId: number;
  userId: number;
  phone: string;
  kind: ReminderKind;
  figures: ReminderFigures;
  language: Lang;
  text: string;
}

export interface SweepResult {
  /** Whether reminders may go out now (08:00–19:00 IST); at night the sweep reads nothing. */
  open: boolean;
  /** When they may go out next: now when open, else the next 08:00 IST. */
  opensAt: Date;
  sent: SentReminder[];
}

type Candidate = EngineOrder & { order_no: string };

/**
 * Sends every reminder due at `now`: for each order owed whose due date puts it in a reminder slot
 * today and which has had none today. Idempotent: one reminder per order per IST day (the unique
 * index reminders_one_a_day), so sweeps at once, in one process or several, send it once. A sweep
 * that finds nothing due is one indexed query and writes nothing.
 */
export async function sweepReminders(db: Db, now: Date, log: (line: string) => void = () => {}): Promise<SweepResult> {
  if (!remindersOpen(now)) return { open: false, opensAt: nextOpening(now), sent: [] };
  const today = startOfIstDay(now).getTime();
  const at = (days: number) => new Date(today + days * DAY).toISOString();
  // Due 3 days ahead, 1 day ahead, or from OVERDUE_REMINDER_DAYS ago to today.
  const found = await db.query<Candidate>(
    `SELECT ${ENGINE_COLUMNS}, o.order_no FROM orders o JOIN users u ON u.id = o.user_id
      WHERE o.state = ANY($1::int[])
        AND ((o.repayment_date >= $2 AND o.repayment_date < $3) OR (o.repayment_date >= $4 AND o.repayment_date < $5)
             OR (o.repayment_date >= $6 AND o.repayment_date < $7))
        AND NOT EXISTS (SELECT 1 FROM reminders r WHERE r.order_id = o.id AND r.sent_day = $8)
      ORDER BY o.id`,
    [OWED_STATES, at(3), at(4), at(1), at(2), at(-OVERDUE_REMINDER_DAYS), at(1), istDate(now)],
  );
  const sent: SentReminder[] = [];
  for (const row of found.rows) {
    // As the engine has it now (an ended extension window puts 11 back): only then is anything written.
    const current = dueTransitions(row, now);
    if (!REMINDED_STATES.includes(current.state) || !reminderSlot(current.repayment_date, now)) continue;
    // A payment the bank has answered meanwhile is booked first: a borrower who has paid is not reminded.
    await reconcilePayments(db, now, { orderId: row.id });
    // In the borrower's language (their last signed-in request's), read outside the transaction:
    // PGlite's one connection is busy inside it.
    const language = await borrowerLanguage(db, row.user_id);
    const reminder = await db.transaction((tx) => remindOrder(tx, row, language, now));
    if (!reminder) continue;
    log(`[sandbox sms] to ${reminder.phone}: ${reminder.text}`);
    sent.push(reminder);
  }
  return { open: true, opensAt: now, sent };
}

/** Locks the order, brings it up to now and, when a reminder is still due and unsent today, sends it. */
async function remindOrder(tx: Queryable, row: Candidate, language: Lang, now: Date): Promise<SentReminder | null> {
  const order = await lockAndAdvance(tx, row.id, now);
  if (!order || !REMINDED_STATES.includes(order.state)) return null;
  const slot = reminderSlot(order.repayment_date, now);
  if (!slot) return null;
  // A payment waiting for the bank may settle the loan: held until the bank answers (the next sweeps).
  if (await pendingPayment(tx, order.id)) return null;
  const figures = reminderFigures({ ...order, order_no: row.order_no }, now);
  const text = reminderText(slot.kind, figures, language);
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO reminders (order_id, user_id, kind, sent_day, due_date, overdue_days, amount_due, penal_per_day, penal_total, penal_cap, language, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (order_id, sent_day) DO NOTHING RETURNING id`,
    [
      order.id, order.user_id, slot.kind, istDate(now), figures.dueDate, figures.overdueDays, figures.amountDue, figures.penalPerDay,
      figures.penalTotal, figures.penalCap, language, now.toISOString(),
    ],
  );
  const id = inserted.rows[0]?.id;
  if (id === undefined) return null; // another sweep sent it
  await tx.query(`INSERT INTO sms_outbox (phone, purpose, text, code, created_at, reminder_id) VALUES ($1, 'reminder', $2, null, $3, $4)`, [
    order.phone, text, now.toISOString(), id,
  ]);
  return { id, orderId: order.id, userId: order.user_id, phone: order.phone, kind: slot.kind, figures, language, text };
}

/**
 * Sweeps now and every `everyMs` (each process of the sandbox runs one: a process that dies stops
 * none of the others' reminders). A sweep still running skips the tick; a failed one (the database
 * away) is logged once until one succeeds. Returns stop, which waits for a sweep in progress.
 */
export function startReminderTimer(deps: { db: Db; now: () => Date; log: (line: string) => void; everyMs?: number }): () => Promise<void> {
  let running: Promise<void> | null = null;
  let failing = false;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = sweepReminders(deps.db, deps.now(), deps.log)
      .then(() => {
        if (failing) deps.log('[reminders] sweeping again');
        failing = false;
      })
      .catch((error: unknown) => {
        if (!failing) deps.log(`[reminders] the sweep failed (tried again every minute): ${error instanceof Error ? error.message : String(error)}`);
        failing = true;
      })
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, deps.everyMs ?? REMINDER_SWEEP_EVERY_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

// ---------------------------------------------------------------------------------------------
// For QA (routes/sandbox.ts).

export interface ReminderRow {
  id: number;
  order_id: number;
  order_no: string;
  phone: string;
  kind: ReminderKind;
  sent_day: string;
  due_date: string;
  overdue_days: number;
  amount_due: number;
  penal_per_day: number;
  penal_total: number;
  penal_cap: number;
  language: Lang;
  sent_at: Date;
  text: string | null;
}

/** Reminders sent, newest first (a borrower's, or everyone's), at most `limit`. */
export async function listReminders(db: Queryable, opts: { userId?: number; limit?: number } = {}): Promise<ReminderRow[]> {
  const r = await db.query<ReminderRow>(
    `SELECT r.id, r.order_id, o.order_no, u.phone, r.kind, r.sent_day, r.due_date, r.overdue_days, r.amount_due, r.penal_per_day,
            r.penal_total, r.penal_cap, r.language, r.sent_at, m.text
       FROM reminders r JOIN orders o ON o.id = r.order_id JOIN users u ON u.id = r.user_id
       LEFT JOIN sms_outbox m ON m.reminder_id = r.id
      WHERE ($1::int IS NULL OR r.user_id = $1) ORDER BY r.sent_at DESC, r.id DESC LIMIT $2`,
    [opts.userId ?? null, opts.limit ?? 50],
  );
  return r.rows;
}

/** A reminder as the sandbox's JSON shows it. */
export const reminderView = (r: ReminderRow) => ({
  id: r.id,
  orderId: r.order_id,
  orderNo: r.order_no,
  phone: r.phone,
  kind: r.kind,
  label: reminderLabel(r.kind, r.overdue_days),
  sentDay: r.sent_day,
  sentAt: istDateTime(r.sent_at),
  dueDate: r.due_date,
  overdueDays: r.overdue_days,
  amountDue: r.amount_due,
  penalPerDay: r.penal_per_day,
  penalTotal: r.penal_total,
  penalCap: r.penal_cap,
  language: r.language,
  text: r.text ?? '',
});

export const sentReminderView = (s: SentReminder) => ({
  id: s.id,
  orderId: s.orderId,
  orderNo: s.figures.orderNo,
  phone: s.phone,
  kind: s.kind,
  label: reminderLabel(s.kind, s.figures.overdueDays),
  language: s.language,
  text: s.text,
});

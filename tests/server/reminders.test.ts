/**
 * Payment reminders (docs/sandbox/loans-and-orders.md 'Reminders') on the fake clock: 3 days and 1 day before the due
 * date, on it, and on each of the first overdue days up to the cap, never beyond; one a day; none at
 * night, the morning opening sending what fell due overnight; none for a settled order, an order whose
 * extension window is open, or a payment waiting for the bank; an extension's new due date with its own;
 * every figure the order's own (the detail the borrower reads); sweeps at once sending once (and two
 * app instances on one PostgreSQL when TEST_DATABASE_URL is set); a sweep with nothing due writing
 * nothing; the texts in English and Hindi; QA's outbox, console, sweep and clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExtensionInfo } from '../../contract/extension';
import { Order, PaymentUrl } from '../../contract/orders';
import { createApp } from '../../server/src/app';
import { openPreparedDb } from '../../server/src/bootstrap';
import type { Db } from '../../server/src/db';
import { amountDue, ENGINE_COLUMNS, penalCharge, type EngineOrder } from '../../server/src/domain/engine';
import { nextOrderNo, ORDER_STATE } from '../../server/src/domain/orders';
import {
  nextOpening,
  nextReminder,
  OVERDUE_REMINDER_DAYS,
  reminderSlot,
  reminderText,
  startReminderTimer,
  sweepReminders,
  type ReminderFigures,
  type ReminderKind,
} from '../../server/src/domain/reminders';
import { acknowledgedKfs, api, newBorrower, parsed, signIn, startHarness, throwAwayPostgres, type Harness } from './helpers';
import { request, sql, startServer, type ServerProcess } from './processes-harness';
import { PROCESS_HEADER } from '../../server/src/processes';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** An instant given as an IST day and time: ist('2026-02-10', '10:00'). */
const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);
/** The IST day `n` days after `day`. */
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * An order of `userId`, loaned (6) and due at 12:00 IST on `dueDay`: ₹10,000 lent on Rupee Rise,
 * ₹11,000 to repay (the penal charge: ₹10 a day, capped at ₹2,000).
 */
async function order(userId: number, dueDay: string, opts: { state?: number; productId?: number } = {}): Promise<number> {
  const due = ist(dueDay, '12:00');
  const lent = new Date(due.getTime() - 30 * 86_400_000);
  const r = await h.db.query<{ id: number }>(
    `INSERT INTO orders (order_no, user_id, product_id, state, loan_amount, period, service_fee, gst_fee, interest, arrive_amount,
       repayment_amount, apply_time, loan_date, repayment_date, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 10000, 30, 500, 90, 1000, 9410, 11000, $5, $5, $6, $5, $5) RETURNING id`,
    [await nextOrderNo(h.db, lent), userId, opts.productId ?? 1, opts.state ?? ORDER_STATE.loaned, lent.toISOString(), due.toISOString()],
  );
  return r.rows[0]!.id;
}

interface ReminderRecord {
  id: number;
  kind: ReminderKind;
  sent_day: string;
  due_date: string;
  overdue_days: number;
  amount_due: number;
  penal_per_day: number;
  penal_total: number;
  penal_cap: number;
  language: string;
  text: string;
}

/** The reminders of an order, oldest first, each with its outbox text. */
async function remindersOf(orderId: number): Promise<ReminderRecord[]> {
  const r = await h.db.query<ReminderRecord>(
    `SELECT r.id, r.kind, r.sent_day, r.due_date, r.overdue_days, r.amount_due, r.penal_per_day, r.penal_total, r.penal_cap, r.language, m.text
       FROM reminders r JOIN sms_outbox m ON m.reminder_id = r.id WHERE r.order_id = $1 ORDER BY r.id`,
    [orderId],
  );
  return r.rows;
}

/** Sets the clock and sweeps; answers what was sent about `orderId` (other borrowers' orders get theirs too). */
async function sweepAt(at: Date, orderId: number) {
  h.clock.set(at);
  const result = await sweepReminders(h.db, at);
  return { ...result, mine: result.sent.filter((s) => s.orderId === orderId) };
}

async function engineRow(orderId: number): Promise<EngineOrder> {
  const r = await h.db.query<EngineOrder>(`SELECT ${ENGINE_COLUMNS} FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = $1`, [orderId]);
  return r.rows[0]!;
}

const detail = async (token: string, orderId: number) => parsed(Order, await api(h.app, 'GET', `/order/v1/detail?orderId=${orderId}`, { token }));
const inr = (n: number) => `₹${n.toLocaleString('en-IN')}`;

/**
 * A reminder's figures are the order's: what the engine owes now, and what the borrower's order detail
 * says (its repayment amount is what is due now, with the days overdue and the penal charge); its text
 * says them.
 */
async function expectFiguresOfOrder(r: ReminderRecord, orderId: number, token: string, now: Date) {
  const owed = amountDue(await engineRow(orderId), now);
  const d = await detail(token, orderId);
  expect({ amountDue: r.amount_due, overdueDays: r.overdue_days, penalTotal: r.penal_total }).toEqual({
    amountDue: owed.due,
    overdueDays: owed.overdueDays,
    penalTotal: owed.overdueFee,
  });
  expect({ amountDue: r.amount_due, overdueDays: r.overdue_days, penalTotal: r.penal_total, dueDate: r.due_date }).toEqual({
    amountDue: Number(d.repaymentAmount),
    overdueDays: Number(d.overdueDays ?? 0),
    penalTotal: Number(d.overdueFee ?? 0),
    dueDate: d.repaymentDate,
  });
  expect(r.penal_total).toBe(penalCharge(10000, r.overdue_days));
  expect({ perDay: r.penal_per_day, cap: r.penal_cap }).toEqual({ perDay: 10, cap: 2000 });
  expect(r.text).toContain(`Amount due: ${inr(r.amount_due)}`);
  expect(r.text).toContain('₹10 a day');
  expect(r.text).toContain('capped at ₹2,000');
  if (r.overdue_days > 0) expect(r.text).toContain(`penal charge of ${inr(r.penal_total)} so far`);
}

describe('Arjun, the overdue persona, on the sandbox clock', () => {
  it('gets his overdue reminder at the first sweep, and the next day’s when QA moves the clock a day', async () => {
    const arjun = '919000000008';
    const first = await sweepReminders(h.db, h.clock.now());
    const his = first.sent.find((s) => s.phone === arjun);
    expect(his).toMatchObject({ kind: 'overdue', figures: { overdueDays: 5, penalTotal: 50, penalPerDay: 10, amountDue: 10000 + 819 + 50 } });
    expect(his!.text).toContain('is 5 days overdue');

    const moved = await h.app.request('/sandbox/api/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceSeconds": 86400}' });
    const body = (await moved.json()) as { reminders: { open: boolean; sent: { phone: string; kind: string; label: string; orderNo: string; text: string }[] } };
    expect(body.reminders.open).toBe(true);
    const next = body.reminders.sent.find((s) => s.phone === arjun);
    expect(next).toMatchObject({ kind: 'overdue', label: '6 days overdue' });
    expect(next!.text).toContain('penal charge of ₹60 so far (₹10 a day, capped at ₹2,000; a charge, not interest)');

    const outbox = (await (await h.app.request(`/sandbox/api/outbox?phone=${arjun}`)).json()) as {
      messages: { text: string; purpose: string; code: string | null; reminder: { kind: string; label: string; orderId: number; orderNo: string } | null }[];
    };
    expect(outbox.messages.slice(0, 2).map((m) => [m.purpose, m.code, m.reminder?.label])).toEqual([
      ['reminder', null, '6 days overdue'],
      ['reminder', null, '5 days overdue'],
    ]);
    expect(outbox.messages[0]!.reminder!.orderNo).toBe(next!.orderNo);
  });
});

describe('which reminders, when (pure)', () => {
  const due = ist('2026-02-10', '12:00');
  it('3 days before, 1 day before, on the due date, then each overdue day up to the cap', () => {
    const kinds = Array.from({ length: 15 }, (_, i) => {
      const slot = reminderSlot(due, ist(plusDays('2026-02-05', i), '10:00'));
      return slot ? (slot.kind === 'overdue' ? `overdue ${slot.overdueDays}` : slot.kind) : '-';
    });
    expect(kinds).toEqual(['-', '-', 'before-3', '-', 'before-1', 'due', 'overdue 1', 'overdue 2', 'overdue 3', 'overdue 4', 'overdue 5', 'overdue 6', 'overdue 7', '-', '-']);
    expect(OVERDUE_REMINDER_DAYS).toBe(7);
    // IST days, not UTC ones: 00:10 IST on the 7th is still the 6th in UTC.
    expect(reminderSlot(due, ist('2026-02-07', '00:10'))?.kind).toBe('before-3');
  });

  it('reminders may go out from 08:00 to 19:00 IST; at night the next opening is 08:00', () => {
    expect(nextOpening(ist('2026-02-07', '07:59'))).toEqual(ist('2026-02-07', '08:00'));
    expect(nextOpening(ist('2026-02-07', '19:00'))).toEqual(ist('2026-02-08', '08:00'));
    expect(nextOpening(ist('2026-02-07', '23:59'))).toEqual(ist('2026-02-08', '08:00'));
    expect(nextOpening(ist('2026-02-07', '12:00'))).toEqual(ist('2026-02-07', '12:00'));
  });

  it('the next reminder, for the QA console', () => {
    expect(nextReminder(due, ist('2025-12-01', '10:00'), false)).toEqual({ at: ist('2026-02-07', '08:00'), kind: 'before-3', overdueDays: 0 });
    expect(nextReminder(due, ist('2026-02-05', '10:00'), false)).toEqual({ at: ist('2026-02-07', '08:00'), kind: 'before-3', overdueDays: 0 });
    expect(nextReminder(due, ist('2026-02-07', '10:00'), false)).toEqual({ at: ist('2026-02-07', '10:00'), kind: 'before-3', overdueDays: 0 });
    expect(nextReminder(due, ist('2026-02-07', '10:00'), true)).toEqual({ at: ist('2026-02-09', '08:00'), kind: 'before-1', overdueDays: 0 });
    expect(nextReminder(due, ist('2026-02-10', '20:00'), false)).toEqual({ at: ist('2026-02-11', '08:00'), kind: 'overdue', overdueDays: 1 });
    expect(nextReminder(due, ist('2026-02-16', '19:00'), false)).toEqual({ at: ist('2026-02-17', '08:00'), kind: 'overdue', overdueDays: 7 });
    expect(nextReminder(due, ist('2026-02-17', '09:00'), true)).toBeNull();
    expect(nextReminder(due, ist('2026-03-30', '09:00'), false)).toBeNull();
  });
});

describe('the sweep', () => {
  it('writes in the language of the borrower’s last signed-in request: Hindi after a call in Hindi, English again after one in English', async () => {
    h.clock.set(ist('2026-03-01', '10:00'));
    const b = await newBorrower(h);
    const id = await order(b.userId, '2026-03-10');
    await api(h.app, 'GET', '/home/v1/index', { token: b.token, headers: { 'accept-language': 'hi-IN,hi;q=0.9' } });
    const hindi = (await sweepAt(ist('2026-03-07', '10:00'), id)).mine;
    expect(hindi.map((r) => [r.kind, r.language])).toEqual([['before-3', 'hi']]);
    expect(hindi[0]!.text).toContain('3 दिन बाद, 10 मार्च 2026');
    await api(h.app, 'GET', '/home/v1/index', { token: b.token, headers: { 'accept-language': 'en-IN,en;q=0.9' } });
    const english = (await sweepAt(ist('2026-03-09', '10:00'), id)).mine;
    expect(english.map((r) => [r.kind, r.language])).toEqual([['before-1', 'en']]);
    expect(english[0]!.text).toContain('is due tomorrow, 10 Mar 2026');
  });

  it('sends each reminder on its day, at most one a day, up to the cap and not beyond, with the order’s figures', async () => {
    h.clock.set(ist('2026-02-04', '10:00'));
    const b = await newBorrower(h);
    const id = await order(b.userId, '2026-02-10');
    const sentOn: Record<string, string> = {};
    for (let i = 0; i <= 14; i += 1) {
      const day = plusDays('2026-02-05', i);
      // A part payment lowers what later reminders say is due.
      if (day === '2026-02-13') await h.db.query('UPDATE orders SET paid_amount = 3000 WHERE id = $1', [id]);
      const morning = await sweepAt(ist(day, '10:00'), id);
      if (morning.mine.length) sentOn[day] = morning.mine.map((s) => `${s.kind}${s.kind === 'overdue' ? ` ${s.figures.overdueDays}` : ''}`).join(', ');
      // One a day: the same day's later sweeps send nothing more.
      expect((await sweepAt(ist(day, '10:00'), id)).mine).toEqual([]);
      expect((await sweepAt(ist(day, '18:59'), id)).mine).toEqual([]);
      const latest = (await remindersOf(id)).at(-1);
      if (latest?.sent_day === day) await expectFiguresOfOrder(latest, id, b.token, ist(day, '18:59'));
    }
    expect(sentOn).toEqual({
      '2026-02-07': 'before-3',
      '2026-02-09': 'before-1',
      '2026-02-10': 'due',
      '2026-02-11': 'overdue 1',
      '2026-02-12': 'overdue 2',
      '2026-02-13': 'overdue 3',
      '2026-02-14': 'overdue 4',
      '2026-02-15': 'overdue 5',
      '2026-02-16': 'overdue 6',
      '2026-02-17': 'overdue 7',
    });
    const all = await remindersOf(id);
    expect(all.map((r) => [r.sent_day, r.amount_due, r.penal_total])).toEqual([
      ['2026-02-07', 11000, 0],
      ['2026-02-09', 11000, 0],
      ['2026-02-10', 11000, 0],
      ['2026-02-11', 11010, 10],
      ['2026-02-12', 11020, 20],
      ['2026-02-13', 8030, 30],
      ['2026-02-14', 8040, 40],
      ['2026-02-15', 8050, 50],
      ['2026-02-16', 8060, 60],
      ['2026-02-17', 8070, 70],
    ]);
    expect(all.every((r) => r.due_date === '2026-02-10' && r.language === 'en')).toBe(true);
    expect(all[0]!.text).toContain('is due in 3 days, on 10 Feb 2026');
    expect(all[1]!.text).toContain('is due tomorrow, 10 Feb 2026');
    expect(all[2]!.text).toContain('is due today, 10 Feb 2026');
    expect(all[3]!.text).toContain('was due on 10 Feb 2026 and is 1 day overdue');
    // The engine marked the order overdue when the first overdue reminder was sent.
    expect((await engineRow(id)).state).toBe(ORDER_STATE.overdued);
  });

  it('sends none at night; one due overnight goes out at the 08:00 opening; a day with no sweep in its hours is not caught up later', async () => {
    h.clock.set(ist('2026-03-01', '10:00'));
    const b = await newBorrower(h);
    const id = await order(b.userId, '2026-03-10');
    const early = await sweepAt(ist('2026-03-07', '07:59'), id);
    expect({ open: early.open, opensAt: early.opensAt, sent: early.sent }).toEqual({ open: false, opensAt: ist('2026-03-07', '08:00'), sent: [] });
    expect((await sweepAt(ist('2026-03-07', '08:00'), id)).mine.map((s) => s.kind)).toEqual(['before-3']);

    // Overdue from midnight: moving the clock there at night sends nothing and says when they go out.
    h.clock.set(ist('2026-03-11', '00:05'));
    const moved = await h.app.request('/sandbox/api/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceSeconds": 60}' });
    expect(((await moved.json()) as { reminders: unknown }).reminders).toEqual({ open: false, opensAt: '2026-03-11 08:00:00', sent: [] });
    expect((await sweepAt(ist('2026-03-11', '07:59'), id)).mine).toEqual([]);
    expect((await sweepAt(ist('2026-03-11', '19:00'), id)).mine).toEqual([]); // 19:00 is closed: the day's went at 08:00 or not at all
    expect((await sweepAt(ist('2026-03-11', '08:00'), id)).mine.map((s) => s.figures.overdueDays)).toEqual([1]);
    // The 12th passes with its only sweep at night; the 13th says what is due then.
    expect((await sweepAt(ist('2026-03-12', '21:00'), id)).mine).toEqual([]);
    expect((await sweepAt(ist('2026-03-13', '08:00'), id)).mine.map((s) => s.figures.overdueDays)).toEqual([3]);
    expect((await remindersOf(id)).map((r) => r.sent_day)).toEqual(['2026-03-07', '2026-03-11', '2026-03-13']);
  });

  it('sends none once the order is settled', async () => {
    h.clock.set(ist('2026-04-01', '10:00'));
    const b = await newBorrower(h);
    const id = await order(b.userId, '2026-04-10');
    expect((await sweepAt(ist('2026-04-07', '09:00'), id)).mine.map((s) => s.kind)).toEqual(['before-3']);
    h.clock.set(ist('2026-04-08', '09:00'));
    const { paymentUrl } = parsed(PaymentUrl, await api(h.app, 'POST', '/pay-order/v1/repay', { token: b.token, json: { orderId: id } }));
    const paid = await h.app.request(new URL(paymentUrl).pathname, { method: 'POST', body: new URLSearchParams({ vpa: 'success@sandbox', amount: '11000' }) });
    expect(paid.status).toBeLessThan(400);
    expect((await engineRow(id)).state).toBe(ORDER_STATE.settled);
    for (const day of ['2026-04-09', '2026-04-10', '2026-04-11', '2026-04-12']) expect((await sweepAt(ist(day, '10:00'), id)).mine).toEqual([]);
    expect(await remindersOf(id)).toHaveLength(1);
  });

  it('holds a reminder while a payment waits for the bank: none if the bank pays, sent once the bank declines', async () => {
    h.clock.set(ist('2026-07-01', '10:00'));
    const b = await newBorrower(h);
    const paidOff = await order(b.userId, '2026-07-10');
    const declined = await order(b.userId, '2026-07-10', { productId: 3 });
    h.clock.set(ist('2026-07-07', '09:59'));
    for (const [id, vpa] of [[paidOff, 'pending@sandbox'], [declined, 'pending-failure@sandbox']] as const) {
      const { paymentUrl } = parsed(PaymentUrl, await api(h.app, 'POST', '/pay-order/v1/repay', { token: b.token, json: { orderId: id } }));
      await h.app.request(new URL(paymentUrl).pathname, { method: 'POST', body: new URLSearchParams({ vpa, amount: '11000' }) });
    }
    // The bank answers 2 minutes later: until then, nothing.
    expect((await sweepAt(ist('2026-07-07', '10:00'), paidOff)).sent.filter((s) => s.orderId === paidOff || s.orderId === declined)).toEqual([]);
    const after = await sweepAt(ist('2026-07-07', '10:05'), declined);
    expect(after.mine.map((s) => s.kind)).toEqual(['before-3']);
    expect(after.sent.some((s) => s.orderId === paidOff)).toBe(false);
    expect((await engineRow(paidOff)).state).toBe(ORDER_STATE.settled);
  });

  it('sends none while an extension’s fee window is open; an extended order’s old date gets no more, its new due date gets its own', async () => {
    h.clock.set(ist('2026-05-01', '10:00'));
    const b = await newBorrower(h);
    const id = await order(b.userId, '2026-05-10');
    expect((await sweepAt(ist('2026-05-11', '10:00'), id)).mine.map((s) => s.figures.overdueDays)).toEqual([1]);

    // Applied at 09:00 on the 12th: held while in 11 (the window would end at 09:00 on the 13th).
    h.clock.set(ist('2026-05-12', '09:00'));
    const quote = parsed(ExtensionInfo, await api(h.app, 'GET', `/order-repay-extension/v1/extension-calc/${id}`, { token: b.token }));
    const { paymentUrl } = parsed(
      PaymentUrl,
      await api(h.app, 'POST', '/order-repay-extension/v1/apply-extension', {
        token: b.token,
        json: { extensionId: quote.extensionId, orderId: String(id), orderRepayId: quote.orderRepayId, kfsNo: await acknowledgedKfs(h.app, b.token, { kind: 'extension', orderId: String(id) }) },
      }),
    );
    expect((await sweepAt(ist('2026-05-12', '09:05'), id)).mine).toEqual([]);
    // Paid within the window: the due date is the request + 7 days (the 19th) and the order is loaned again.
    h.clock.set(ist('2026-05-12', '09:20'));
    const paid = await h.app.request(new URL(paymentUrl).pathname, { method: 'POST', body: new URLSearchParams({ vpa: 'success@sandbox', amount: String(quote.extensionFee) }) });
    expect(paid.status, await paid.clone().text()).toBeLessThan(400);
    expect((await engineRow(id)).state).toBe(ORDER_STATE.loaned);
    const sentOn: Record<string, string> = {};
    for (let i = 0; i <= 9; i += 1) {
      const day = plusDays('2026-05-12', i);
      const sent = (await sweepAt(ist(day, '12:00'), id)).mine;
      if (sent.length) sentOn[day] = sent.map((s) => `${s.kind} ${s.figures.dueDate}`).join(', ');
    }
    expect(sentOn).toEqual({
      '2026-05-16': 'before-3 2026-05-19',
      '2026-05-18': 'before-1 2026-05-19',
      '2026-05-19': 'due 2026-05-19',
      '2026-05-20': 'overdue 2026-05-19',
      '2026-05-21': 'overdue 2026-05-19',
    });
    const last = (await remindersOf(id)).at(-1)!;
    await expectFiguresOfOrder(last, id, b.token, ist('2026-05-21', '12:00'));
    expect(last.text).toContain('was due on 19 May 2026 and is 2 days overdue');
  });

  it('sends the day’s reminder once an unpaid extension’s window has ended (the order back in 8)', async () => {
    h.clock.set(ist('2026-06-01', '10:00'));
    const b = await newBorrower(h);
    const id = await order(b.userId, '2026-06-10');
    h.clock.set(ist('2026-06-12', '07:00'));
    const quote = parsed(ExtensionInfo, await api(h.app, 'GET', `/order-repay-extension/v1/extension-calc/${id}`, { token: b.token }));
    await api(h.app, 'POST', '/order-repay-extension/v1/apply-extension', {
      token: b.token,
      json: { extensionId: quote.extensionId, orderId: String(id), orderRepayId: quote.orderRepayId, kfsNo: await acknowledgedKfs(h.app, b.token, { kind: 'extension', orderId: String(id) }) },
    });
    expect((await sweepAt(ist('2026-06-12', '10:00'), id)).mine).toEqual([]);
    expect((await engineRow(id)).state).toBe(ORDER_STATE.extension);
    const sent = (await sweepAt(ist('2026-06-13', '10:00'), id)).mine;
    expect(sent.map((s) => [s.kind, s.figures.overdueDays, s.figures.penalTotal])).toEqual([['overdue', 3, 30]]);
    expect((await engineRow(id)).state).toBe(ORDER_STATE.overdued);
  });

  it('sends once for sweeps at once (the timer, the QA button and clock moves together)', async () => {
    h.clock.set(ist('2026-08-01', '10:00'));
    const b = await newBorrower(h);
    const ids = [await order(b.userId, '2026-08-10'), await order(b.userId, '2026-08-10', { productId: 3 })];
    h.clock.set(ist('2026-08-09', '10:00'));
    const json = { method: 'POST', headers: { 'content-type': 'application/json' } };
    await Promise.all([
      sweepReminders(h.db, h.clock.now()),
      sweepReminders(h.db, h.clock.now()),
      h.app.request('/sandbox/api/reminders/sweep', { ...json, body: '{}' }),
      h.app.request('/sandbox/api/clock', { ...json, body: '{"advanceSeconds": 0}' }),
      sweepReminders(h.db, h.clock.now()),
      h.app.request('/sandbox/api/reminders/sweep', { ...json, body: '{}' }),
    ]);
    for (const id of ids) expect((await remindersOf(id)).map((r) => r.kind)).toEqual(['before-1']);
    const outbox = await h.db.query('SELECT 1 FROM sms_outbox m JOIN reminders r ON r.id = m.reminder_id WHERE r.order_id = ANY($1::int[])', [ids]);
    expect(outbox.rowCount).toBe(2);
  });

  it('with nothing due, a sweep is one query and writes nothing (at night, no query at all); the query can use its indexes', async () => {
    h.clock.set(ist('2026-09-01', '10:00'));
    const b = await newBorrower(h);
    await order(b.userId, '2026-09-04');
    const now = ist('2026-09-01', '11:00');
    expect((await sweepReminders(h.db, now)).sent.length).toBeGreaterThan(0); // today's go out first
    const seen: { sql: string; params: readonly unknown[] }[] = [];
    let transactions = 0;
    const spy: Db = {
      ...h.db,
      query: (sql, params) => {
        seen.push({ sql, params: params ?? [] });
        return h.db.query(sql, params);
      },
      transaction: (fn) => {
        transactions += 1;
        return h.db.transaction(fn);
      },
    };
    const wal = async () => (await h.db.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!.lsn;
    const before = await wal();
    expect((await sweepReminders(spy, now)).sent).toEqual([]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.sql.trim()).toMatch(/^SELECT /);
    expect(transactions).toBe(0);
    expect(await wal()).toBe(before);
    const query = seen[0]!;

    seen.length = 0;
    expect((await sweepReminders(spy, ist('2026-09-01', '22:00'))).open).toBe(false);
    expect(seen).toHaveLength(0);

    // Not a scan of every order: with scans off, the plan reads the due-date index and the one-a-day index.
    const explained = await h.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const r = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query.sql}`, query.params);
      return r.rows.map((x) => x['QUERY PLAN']).join('\n');
    });
    expect(explained).toContain('orders_reminder_due_idx');
    expect(explained).toContain('reminders_one_a_day');
  });

  it('the timer sweeps at once and every interval, and stops', async () => {
    h.clock.set(ist('2026-10-01', '10:00'));
    const b = await newBorrower(h);
    const id = await order(b.userId, '2026-10-04');
    const logs: string[] = [];
    const stop = startReminderTimer({ db: h.db, now: () => h.clock.now(), log: (line) => logs.push(line), everyMs: 20 });
    for (let i = 0; i < 100 && (await remindersOf(id)).length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect((await remindersOf(id)).map((r) => r.kind)).toEqual(['before-3']);
    h.clock.set(ist('2026-10-03', '10:00'));
    for (let i = 0; i < 100 && (await remindersOf(id)).length === 1; i += 1) await new Promise((r) => setTimeout(r, 20));
    await stop();
    expect((await remindersOf(id)).map((r) => r.kind)).toEqual(['before-3', 'before-1']);
    expect(logs.some((l) => l.startsWith(`[sandbox sms] to ${b.phone}: Sandbox Loans: your loan`))).toBe(true);
    h.clock.set(ist('2026-10-04', '10:00'));
    await new Promise((r) => setTimeout(r, 100));
    expect(await remindersOf(id)).toHaveLength(2);
  });
});

describe('the texts', () => {
  const ahead: ReminderFigures = { orderNo: 'BW20260110000042', dueDate: '2026-02-10', amountDue: 11000, overdueDays: 0, penalPerDay: 10, penalTotal: 0, penalCap: 2000 };
  const late: ReminderFigures = { ...ahead, amountDue: 11030, overdueDays: 3, penalTotal: 30 };

  it('state the loan, the due date, the amount due and the penal charge, in English by default', () => {
    expect(reminderText('before-3', ahead)).toBe(
      'Sandbox Loans: your loan BW20260110000042 is due in 3 days, on 10 Feb 2026. Amount due: ₹11,000. ' +
        'If it is paid late, a penal charge of ₹10 a day applies (capped at ₹2,000; a charge, not interest). ' +
        'Pay in the Sandbox Loans app. Lender: Sandbox Finance Private Limited.',
    );
    expect(reminderText('overdue', late, 'en')).toBe(
      'Sandbox Loans: your loan BW20260110000042 was due on 10 Feb 2026 and is 3 days overdue. ' +
        'Amount due: ₹11,030, including a penal charge of ₹30 so far (₹10 a day, capped at ₹2,000; a charge, not interest). ' +
        'Please pay in the Sandbox Loans app. Lender: Sandbox Finance Private Limited.',
    );
    expect(reminderText('overdue', { ...late, overdueDays: 1, penalTotal: 10, amountDue: 11010 })).toContain('is 1 day overdue');
    expect(reminderText('before-1', { ...ahead, penalPerDay: 2.5, penalCap: 500 })).toContain('a penal charge of ₹2.50 a day applies (capped at ₹500;');
  });

  it('in Hindi, with the same figures and the app’s words', () => {
    expect(reminderText('due', ahead, 'hi')).toBe(
      'Sandbox Loans: आपके लोन BW20260110000042 की चुकाने की तारीख आज, 10 फ़र॰ 2026 है। चुकाने की राशि: ₹11,000। ' +
        'देर होने पर हर दिन ₹10 दंड शुल्क लगेगा (ज़्यादा से ज़्यादा ₹2,000); यह शुल्क है, ब्याज नहीं। ' +
        'Sandbox Loans ऐप में भुगतान करें। लेंडर: Sandbox Finance Private Limited।',
    );
    expect(reminderText('overdue', late, 'hi')).toBe(
      'Sandbox Loans: आपके लोन BW20260110000042 की चुकाने की तारीख 10 फ़र॰ 2026 थी; यह 3 दिन से ओवरड्यू है। ' +
        'चुकाने की राशि: ₹11,030, जिसमें अब तक का ₹30 दंड शुल्क शामिल है (हर दिन ₹10, ज़्यादा से ज़्यादा ₹2,000; यह शुल्क है, ब्याज नहीं)। ' +
        'कृपया Sandbox Loans ऐप में भुगतान करें। लेंडर: Sandbox Finance Private Limited।',
    );
    expect(reminderText('before-3', ahead, 'hi')).toContain('3 दिन बाद, 10 फ़र॰ 2026');
    expect(reminderText('before-1', ahead, 'hi')).toContain('कल, 10 फ़र॰ 2026');
  });
});

describe('QA: the outbox, the console, the sweep', () => {
  it('lists reminders with their kind and order, sends what is due on the console’s button, and shows each order’s next reminder', async () => {
    h.clock.set(ist('2026-11-01', '10:00'));
    const b = await newBorrower(h);
    const id = await order(b.userId, '2026-11-10');
    h.clock.set(ist('2026-11-07', '09:00'));
    const form = await h.app.request('/sandbox/api/reminders/sweep', { method: 'POST', body: new URLSearchParams({ phone: b.phone }) });
    expect(form.status).toBe(303);
    const location = form.headers.get('location')!;
    expect(location).toMatch(/#reminders$/);
    expect(decodeURIComponent(location.replaceAll('+', ' '))).toMatch(/reminders? sent \(.*BW\d+: 3 days before the due date/);

    const page = await (await h.app.request(location.replace(/#.*/, ''))).text();
    const orderNo = (await h.db.query<{ order_no: string }>('SELECT order_no FROM orders WHERE id = $1', [id])).rows[0]!.order_no;
    expect(page).toContain(`Reminder: 3 days before the due date · order ${id} · ${orderNo}`);
    expect(page).toContain('<h2 id="reminders">QA console: reminders</h2>');
    expect(page).toContain('Send due reminders now');
    expect(page).toContain('amount due ₹11,000');
    expect(page).toContain('next: 1 day before the due date at 2026-11-09 08:00:00');

    const listed = (await (await h.app.request(`/sandbox/api/reminders?phone=${b.phone}`)).json()) as { reminders: Record<string, unknown>[] };
    expect(listed.reminders).toHaveLength(1);
    expect(listed.reminders[0]).toMatchObject({
      orderId: id, orderNo, kind: 'before-3', label: '3 days before the due date', sentDay: '2026-11-07', sentAt: '2026-11-07 09:00:00',
      dueDate: '2026-11-10', overdueDays: 0, amountDue: 11000, penalPerDay: 10, penalTotal: 0, penalCap: 2000, language: 'en',
    });
    expect(String(listed.reminders[0]!.text)).toContain('is due in 3 days, on 10 Nov 2026');
    const orders = (await (await h.app.request(`/sandbox/api/orders?phone=${b.phone}`)).json()) as { orders: { orderId: number; reminders: unknown }[] };
    expect(orders.orders.find((o) => o.orderId === id)!.reminders).toEqual({
      sent: 1,
      last: { kind: 'before-3', label: '3 days before the due date', sentAt: '2026-11-07 09:00:00' },
      next: { at: '2026-11-09 08:00:00', kind: 'before-1', label: '1 day before the due date' },
      none: '',
    });
    const again = (await (await h.app.request('/sandbox/api/reminders/sweep', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { open: boolean; sent: unknown[] };
    expect(again).toMatchObject({ open: true, sent: [] });
    expect((await h.app.request('/sandbox/api/reminders?phone=12')).status).toBe(400);
    expect((await h.app.request('/sandbox/api/reminders?phone=9111111111')).status).toBe(404);
    const everyone = (await (await h.app.request('/sandbox/api/reminders')).json()) as { reminders: { orderId: number }[] };
    expect(everyone.reminders[0]!.orderId).toBe(id);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('on a real PostgreSQL server: two app instances on one database', () => {
  const database = throwAwayPostgres(adminUrl, 'sandbox_reminders');
  let pgh: Harness;
  let second: Db;
  beforeAll(async () => {
    pgh = await startHarness({ databaseUrl: database.url() });
    second = (await openPreparedDb({ databaseUrl: database.url() }, pgh.clock)).db;
  });
  afterAll(async () => {
    await second?.close();
    await pgh?.close();
  });

  it('sweeping at once from both sends each reminder once', async () => {
    const saved = h;
    h = pgh;
    try {
      h.clock.set(ist('2026-02-01', '10:00'));
      const b = await newBorrower(h);
      const ids: number[] = [];
      for (const productId of [1, 2, 3]) ids.push(await order(b.userId, '2026-02-10', { productId }));
      const other = createApp({ db: second, clock: h.clock, log: () => {} });
      const json = { method: 'POST', headers: { 'content-type': 'application/json' } };
      for (const day of ['2026-02-07', '2026-02-09', '2026-02-10', '2026-02-11']) {
        h.clock.set(ist(day, '08:00'));
        await Promise.all([
          ...Array.from({ length: 4 }, () => sweepReminders(h.db, h.clock.now())),
          ...Array.from({ length: 4 }, () => sweepReminders(second, h.clock.now())),
          h.app.request('/sandbox/api/reminders/sweep', { ...json, body: '{}' }),
          other.request('/sandbox/api/reminders/sweep', { ...json, body: '{}' }),
          h.app.request('/sandbox/api/clock', { ...json, body: '{"advanceSeconds": 0}' }),
          other.request('/sandbox/api/clock', { ...json, body: '{"advanceSeconds": 0}' }),
        ]);
      }
      for (const id of ids) expect((await remindersOf(id)).map((r) => `${r.sent_day} ${r.kind}`)).toEqual(['2026-02-07 before-3', '2026-02-09 before-1', '2026-02-10 due', '2026-02-11 overdue']);
      const outbox = await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1 AND purpose = 'reminder'", [b.phone]);
      expect(outbox.rows[0]!.n).toBe(12);
      await signIn(h, b.phone); // the app instances still serve
    } finally {
      h = saved;
    }
  });
});

describe.skipIf(!adminUrl)('on a real PostgreSQL server: the sandbox as two processes, each sweeping', () => {
  const database = throwAwayPostgres(adminUrl, 'sandbox_reminder_processes');
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ DATABASE_URL: database.url(), SANDBOX_PROCESSES: '2' }, { processes: 2 });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('their timers and QA sweeps at once send Arjun one reminder a day', async () => {
    const url = server.url;
    const clock = (await request(`${url}/sandbox/api/clock`)).text;
    const now = Date.parse((JSON.parse(clock) as { now: string }).now);
    // To 10:00 IST the next day, inside the hours, then sweeps at once from both processes.
    const IST = 5.5 * 3_600_000;
    const target = Math.floor((now + IST) / 86_400_000) * 86_400_000 + 86_400_000 + 10 * 3_600_000 - IST;
    const answers = await Promise.all([
      request(`${url}/sandbox/api/clock`, { json: { advanceSeconds: Math.round((target - now) / 1000) } }),
      ...Array.from({ length: 11 }, () => request(`${url}/sandbox/api/reminders/sweep`, { json: {} })),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((a) => a.headers[PROCESS_HEADER.toLowerCase()]))).toEqual(new Set(['1', '2']));
    // Some sweeps ran before the move: those sent the day before's (or nothing at night); after it, one for the new day.
    await Promise.all(Array.from({ length: 6 }, () => request(`${url}/sandbox/api/reminders/sweep`, { json: {} })));
    const rows = await sql<{ sent_day: string; n: number }>(
      database.url(),
      `SELECT r.sent_day, count(*)::int AS n FROM reminders r JOIN users u ON u.id = r.user_id WHERE u.phone = '919000000008' GROUP BY r.sent_day ORDER BY r.sent_day`,
    );
    const day = new Date(target + IST).toISOString().slice(0, 10);
    expect(rows.find((r) => r.sent_day === day)?.n).toBe(1);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    const outbox = await sql<{ n: number }>(database.url(), "SELECT count(*)::int AS n FROM sms_outbox WHERE phone = '919000000008' AND purpose = 'reminder'");
    expect(outbox[0]!.n).toBe(rows.length);
  });
});

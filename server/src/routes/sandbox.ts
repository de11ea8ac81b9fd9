/**
 * Sandbox-only pages (no /api1 prefix, no token): the SMS outbox, the clock, the verification setup
 * and the abuse limits — the controls, which answer only from this computer unless opened
 * (SANDBOX_CONTROLS=open) — and the product logos, which the app shows to anyone. A real lender has
 * none of this.
 */
import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Context } from 'hono';
import type { Db } from '../db';
import {
  advanceBorrower,
  amountDue,
  ENGINE_COLUMNS,
  nextEvent,
  qaAct,
  stateLabel,
  type EngineOrder,
  type QaAction,
} from '../domain/engine';
import {
  listReminders,
  nextReminder,
  OVERDUE_REMINDER_DAYS,
  REMINDER_HOURS,
  reminderLabel,
  reminderView,
  formatRupees,
  sentReminderView,
  sweepReminders,
  type ReminderKind,
  type SweepResult,
} from '../domain/reminders';
import { applySchedules, cancelSchedule, scheduleBlocker, SCHEDULE_STATE_NAMES, type ScheduleRow } from '../domain/schedule';
import type { AppEnv } from '../env';
import {
  clearProgress,
  DEFAULT_SETUP,
  FLAGS,
  loadState,
  NO_FLAGS,
  STEP_KEYS,
  writeState,
  type VerificationState,
} from '../domain/verification';
import { ApiError, describeIssues } from '../envelope';
import { escapeHtml } from '../html';
import { LIMIT_ENV } from '../limits';
import { controlsRefusal } from '../network';
import { PERSONAS } from '../seed';
import { deviceView, setGpsWanted } from './device';
import { privacyConsole, privacyView, PrivacyDecisionBody } from './privacy-console';
import { decideDeletion } from '../domain/privacy';
import { istDate, istDateTime } from '../time';
import { complaintControls, complaintsConsole } from './complaints';
import { feedbackConsole } from './feedback';
import { PHONE_RE } from './sms-login';

// escapeHtml lives in ../html.ts so that the gateway need not import this page (which imports the
// reminders, which import the payments and the gateway); still exported here for the shell's page.
export { escapeHtml };

interface OutboxRow {
  phone: string;
  text: string;
  code: string | null;
  purpose: string;
  created_at: Date;
  /** A reminder's kind and order (domain/reminders.ts); null for other messages. */
  reminder_kind: ReminderKind | null;
  reminder_overdue_days: number | null;
  order_id: number | null;
  order_no: string | null;
}

/** The outbox's newest messages (a phone's, or everyone's), with what each reminder is about. */
const OUTBOX_SQL = `SELECT m.phone, m.text, m.code, m.purpose, m.created_at, r.kind AS reminder_kind, r.overdue_days AS reminder_overdue_days,
         r.order_id, o.order_no
    FROM sms_outbox m LEFT JOIN reminders r ON r.id = m.reminder_id LEFT JOIN orders o ON o.id = r.order_id
   WHERE ($1::text IS NULL OR m.phone = $1) ORDER BY m.created_at DESC, m.id DESC LIMIT 50`;

const outboxReminder = (m: OutboxRow) =>
  m.reminder_kind && m.order_id !== null
    ? { kind: m.reminder_kind, label: reminderLabel(m.reminder_kind, m.reminder_overdue_days ?? 0), orderId: m.order_id, orderNo: m.order_no ?? '' }
    : null;

const ClockBody = v.union([
  v.object({ advanceSeconds: v.pipe(v.number(), v.finite(), v.minValue(-10 * 365 * 86400), v.maxValue(10 * 365 * 86400)) }),
  v.object({ reset: v.literal(true) }),
]);

const Phone = v.pipe(v.string(), v.regex(PHONE_RE, 'phone must be 91 followed by a 10-digit mobile number'));
const Bit = v.picklist([0, 1]);
const VerificationBody = v.strictObject({
  phone: Phone,
  kycVariant: v.optional(v.picklist(['upload', 'otp'])),
  stepOrder: v.optional(
    v.pipe(
      v.array(v.picklist(STEP_KEYS)),
      v.check((keys) => new Set(keys).size === keys.length, 'stepOrder must not repeat a step'),
    ),
  ),
  livingHold: v.optional(v.boolean()),
  reset: v.optional(v.literal(true)),
  flags: v.optional(v.strictObject(Object.fromEntries(FLAGS.map((f) => [f, v.optional(Bit)])) as Record<(typeof FLAGS)[number], v.OptionalSchema<typeof Bit, undefined>>)),
});
const VERIFICATION_HELP =
  'send {"phone": "91XXXXXXXXXX", "kycVariant"?: "upload"|"otp", "stepOrder"?: ["identity","face","basic","work","contacts"], "livingHold"?: boolean, "reset"?: true, "flags"?: {"basic"?: 0|1, …}}';

const LimitsBody = v.object({ reset: v.literal(true, 'send {"reset": true}') });

const DeviceBody = v.object({ phone: Phone, gps: Bit });

const DecideBody = v.object({ decision: v.picklist(['approve', 'deny', 'fail'], 'send {"decision": "approve"|"deny"|"fail"}') });

/** A borrower's phone as QA types it (10 digits, or 91 + 10), as stored; null when not one. */
function normalPhone(raw: string | undefined): string | null {
  const digits = (raw ?? '').replace(/[\s+-]/g, '');
  const phone = /^\d{10}$/.test(digits) ? `91${digits}` : digits;
  return PHONE_RE.test(phone) ? phone : null;
}

const isForm = (c: Context) => /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(c.req.header('content-type') ?? '');

/**
 * A control's body: JSON (the API), or the fields of the QA console's forms (a browser form post,
 * answered with a redirect back to the console). `null` when the JSON is malformed.
 */
async function controlBody(c: Context): Promise<{ form: boolean; body: Record<string, unknown> } | null> {
  if (isForm(c)) {
    const fields = await c.req.parseBody();
    return { form: true, body: Object.fromEntries(Object.entries(fields).filter(([, x]) => typeof x === 'string')) };
  }
  const text = await c.req.text();
  if (text.trim() === '') return { form: false, body: {} };
  try {
    const raw: unknown = JSON.parse(text);
    return { form: false, body: typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {} };
  } catch {
    return null;
  }
}

/** Back to the console (the borrower looked at, and what happened), after a form post. */
const backToConsole = (c: Context, phone: unknown, note: string) => {
  const p = typeof phone === 'string' ? normalPhone(phone) : null;
  const query = new URLSearchParams({ ...(p ? { phone: p } : {}), note });
  return c.redirect(`/sandbox?${query.toString()}#orders`, 303);
};

/** Back to the console's privacy section, after a form post. */
const backToPrivacy = (c: Context, phone: unknown, note: string) => {
  const p = typeof phone === 'string' ? normalPhone(phone) : null;
  const query = new URLSearchParams({ ...(p ? { phone: p } : {}), pnote: note });
  return c.redirect(`/sandbox?${query.toString()}#privacy`, 303);
};

interface ConsoleOrderRow extends EngineOrder {
  order_no: string;
  product_id: number;
  product_name: string;
}

/** A borrower's orders as the QA console shows them, brought up to now first. */
async function consoleOrders(db: Db, phone: string, now: Date) {
  const user = (await db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone])).rows[0];
  if (!user) return null;
  await advanceBorrower(db, user.id, now);
  const rows = await db.query<ConsoleOrderRow>(
    `SELECT ${ENGINE_COLUMNS}, o.order_no, o.product_id, p.name AS product_name
       FROM orders o JOIN users u ON u.id = o.user_id JOIN products p ON p.id = o.product_id
      WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC`,
    [user.id],
  );
  // Payments paid on the gateway page, newest first: their callback can be replayed from the console.
  const paid = await db.query<{ id: string; order_id: number; status: string }>(
    `SELECT p.id, p.order_id, g.status FROM payments p JOIN gateway_transactions g ON g.payment_id = p.id
      WHERE p.user_id = $1 ORDER BY p.created_at DESC`,
    [user.id],
  );
  // Reminders sent about them (domain/reminders.ts), newest first: what went out and what goes out next.
  const sentReminders = await db.query<{ order_id: number; kind: ReminderKind; overdue_days: number; sent_day: string; sent_at: Date }>(
    'SELECT order_id, kind, overdue_days, sent_day, sent_at FROM reminders WHERE user_id = $1 ORDER BY sent_at DESC, id DESC',
    [user.id],
  );
  const remindersOf = (o: ConsoleOrderRow) => {
    const mine = sentReminders.rows.filter((x) => x.order_id === o.id);
    const last = mine[0];
    const reminded = o.state === 6 || o.state === 8;
    const upcoming = reminded ? nextReminder(o.repayment_date, now, last?.sent_day === istDate(now)) : null;
    return {
      sent: mine.length,
      last: last ? { kind: last.kind, label: reminderLabel(last.kind, last.overdue_days), sentAt: istDateTime(last.sent_at) } : null,
      next: upcoming ? { at: istDateTime(upcoming.at), kind: upcoming.kind, label: reminderLabel(upcoming.kind, upcoming.overdueDays) } : null,
      // Why none is coming, for an order still owed.
      none: upcoming ? '' : o.state === 11 ? "none while the extension's fee window is open" : reminded ? `none after ${OVERDUE_REMINDER_DAYS} days overdue` : '',
    };
  };
  return rows.rows.map((o) => {
    const owed = amountDue(o, now);
    const next = nextEvent(o);
    return {
      orderId: o.id,
      orderNo: o.order_no,
      productId: o.product_id,
      productName: o.product_name,
      state: o.state,
      stateName: stateLabel(o.state),
      loanAmount: o.loan_amount,
      repaymentAmount: o.repayment_amount,
      paidAmount: o.paid_amount,
      overdueDays: owed.overdueDays,
      overdueFee: owed.overdueFee,
      due: owed.due,
      autoGetMoney: o.auto_get_money,
      auditByQa: o.audit_by_qa,
      applyTime: istDateTime(o.apply_time),
      decidedAt: istDateTime(o.decided_at),
      lendingAt: istDateTime(o.lending_at),
      loanDate: istDateTime(o.loan_date),
      dueDate: o.loan_date ? istDate(o.repayment_date) : '',
      failedAt: istDateTime(o.failed_at),
      // In extension (11): when its fee's 24-hour window ends (the extension fails then, unpaid).
      extensionEndsAt: o.state === 11 ? istDateTime(o.extension_ends_at) : '',
      next: next ? { at: istDateTime(next.at), what: next.what } : null,
      reminders: remindersOf(o),
      payments: paid.rows.filter((p) => p.order_id === o.id).map((p) => ({ id: p.id, status: p.status })),
    };
  });
}
type ConsoleOrder = NonNullable<Awaited<ReturnType<typeof consoleOrders>>>[number];

/** A sweep's outcome as the controls answer it. */
const sweepView = (r: SweepResult) => ({ open: r.open, opensAt: istDateTime(r.opensAt), sent: r.sent.map(sentReminderView) });

/** A sweep's outcome in a sentence, for the console. */
function sweepNote(r: SweepResult): string {
  if (!r.open) return `no reminders at night: the next go out from ${istDateTime(r.opensAt).slice(0, 16)} IST`;
  if (r.sent.length === 0) return 'no reminder due';
  return `${r.sent.length} ${r.sent.length === 1 ? 'reminder' : 'reminders'} sent (${r.sent.map((x) => `${x.figures.orderNo}: ${reminderLabel(x.kind, x.figures.overdueDays)}`).join(', ')})`;
}

/** The controls answer only from loopback, addressed as localhost (server/README.md 'Limits and controls'), unless opened. */
const controlsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const refusal = controlsRefusal(c);
  if (!refusal) return next();
  return c.req.path.startsWith('/sandbox/api/') ? c.json({ error: refusal }, 403) : c.text(refusal, 403);
};

const verificationView = (phone: string, s: VerificationState) => ({
  phone,
  kycVariant: s.kycVariant,
  stepOrder: s.stepOrder,
  livingHold: s.livingHold,
  flags: s.flags,
  aadhaarVerified: s.aadhaarVerified,
});

export function sandboxRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/sandbox', controlsOnly);
  r.use('/sandbox/api/*', controlsOnly);
  r.route('/', complaintControls());

  const clockState = (c: { var: AppEnv['Variables'] }) => {
    const { clock } = c.var.deps;
    const now = clock.now();
    return { now: now.toISOString(), nowIst: istDateTime(now), offsetSeconds: Math.round(clock.offsetMs() / 1000) };
  };

  r.get('/sandbox/api/outbox', async (c) => {
    const { db } = c.var.deps;
    const phone = c.req.query('phone');
    if (phone !== undefined && !PHONE_RE.test(phone)) return c.json({ error: 'phone must be 91 followed by a 10-digit mobile number' }, 400);
    const rows = await db.query<OutboxRow>(OUTBOX_SQL, [phone ?? null]);
    return c.json({
      messages: rows.rows.map((m) => ({
        phone: m.phone,
        text: m.text,
        code: m.code,
        purpose: m.purpose,
        reminder: outboxReminder(m),
        createdAt: m.created_at.toISOString(),
      })),
    });
  });

  r.get('/sandbox/api/clock', (c) => c.json(clockState(c)));

  r.post('/sandbox/api/clock', async (c) => {
    // The QA console's buttons post a form (advanceSeconds, or reset=1) and come back to the console.
    const form = isForm(c) ? ((await controlBody(c))?.body ?? {}) : null;
    let raw: unknown;
    if (form) raw = form.reset === '1' ? { reset: true } : { advanceSeconds: Number(form.advanceSeconds) };
    else {
      try {
        raw = await c.req.json();
      } catch {
        return c.json({ error: 'The request body must be JSON, e.g. {"advanceSeconds": 600}' }, 400);
      }
    }
    const parsed = v.safeParse(ClockBody, raw);
    if (!parsed.success) {
      const error = `${describeIssues(parsed.issues)} (send {"advanceSeconds": n} or {"reset": true})`;
      return form ? backToConsole(c, form.phone, error) : c.json({ error }, 400);
    }
    const { clock, db, log } = c.var.deps;
    if ('reset' in parsed.output) await clock.reset();
    else await clock.advance(parsed.output.advanceSeconds * 1000);
    const state = clockState(c);
    log(`[sandbox clock] now ${state.nowIst} IST (offset ${state.offsetSeconds} s)`);
    // Moving the clock sends what fell due (docs/sandbox/loans-and-orders.md 'Reminders'), as the minute's timer would.
    const swept = await sweepReminders(db, clock.now(), log);
    return form ? backToConsole(c, form.phone, `Clock moved: now ${state.nowIst} IST; ${sweepNote(swept)}`) : c.json({ ...state, reminders: sweepView(swept) });
  });

  // The verification journey's setup per borrower (docs/journeys/verification.md 'Verification'): read it, or set it (creating the borrower).
  r.get('/sandbox/api/verification', async (c) => {
    const phone = c.req.query('phone') ?? '';
    if (!PHONE_RE.test(phone)) return c.json({ error: 'phone must be 91 followed by a 10-digit mobile number' }, 400);
    const { db } = c.var.deps;
    const user = await db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
    const id = user.rows[0]?.id;
    if (id === undefined) return c.json({ error: 'No borrower with this phone yet' }, 404);
    return c.json(verificationView(phone, await loadState(db, id)));
  });

  r.post('/sandbox/api/verification', async (c) => {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      return c.json({ error: `The request body must be JSON: ${VERIFICATION_HELP}` }, 400);
    }
    const parsed = v.safeParse(VerificationBody, raw);
    if (!parsed.success) return c.json({ error: `${describeIssues(parsed.issues)} (${VERIFICATION_HELP})` }, 400);
    const body = parsed.output;
    const { db, clock, log } = c.var.deps;
    const state = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO users (phone, created_at) VALUES ($1, $2) ON CONFLICT (phone) DO NOTHING', [body.phone, clock.now().toISOString()]);
      const user = await tx.query<{ id: number; persona: string | null }>('SELECT id, persona FROM users WHERE phone = $1', [body.phone]);
      const row = user.rows[0];
      if (!row) throw new Error('user vanished');
      let next = await loadState(tx, row.id);
      if (body.reset) {
        // Back to the start of the journey, with the persona's own setup (or the defaults).
        await clearProgress(tx, row.id);
        const persona = PERSONAS.find((p) => p.key === row.persona)?.verification ?? DEFAULT_SETUP;
        next = {
          kycVariant: persona.kycVariant,
          stepOrder: [...persona.stepOrder],
          livingHold: persona.livingHold,
          flags: { ...NO_FLAGS },
          aadhaarVerified: null,
        };
      }
      next = {
        ...next,
        ...(body.kycVariant ? { kycVariant: body.kycVariant } : {}),
        ...(body.stepOrder ? { stepOrder: body.stepOrder } : {}),
        ...(body.livingHold !== undefined ? { livingHold: body.livingHold } : {}),
        flags: { ...next.flags, ...Object.fromEntries(Object.entries(body.flags ?? {}).filter(([, x]) => x !== undefined)) },
      };
      await writeState(tx, row.id, next);
      return loadState(tx, row.id);
    });
    const view = verificationView(body.phone, state);
    log(`[sandbox verification] ${body.phone}: ${JSON.stringify(view)}`);
    return c.json(view);
  });

  // The abuse limits in force (limits.ts); POST {"reset": true} forgets what was counted so far.
  const limitsView = (c: { var: AppEnv['Variables'] }) => ({ limits: c.var.deps.rateLimits.settings, env: LIMIT_ENV });
  r.get('/sandbox/api/limits', (c) => c.json(limitsView(c)));
  r.post('/sandbox/api/limits', async (c) => {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      return c.json({ error: 'The request body must be JSON: send {"reset": true}' }, 400);
    }
    const parsed = v.safeParse(LimitsBody, raw);
    if (!parsed.success) return c.json({ error: describeIssues(parsed.issues) }, 400);
    await c.var.deps.rateLimits.reset();
    c.var.deps.log('[sandbox limits] counts reset');
    return c.json(limitsView(c));
  });

  // The order engine's QA console (docs/sandbox/loans-and-orders.md 'Order engine'): a borrower's orders, and forcing an audit or a disbursal.
  r.get('/sandbox/api/orders', async (c) => {
    const phone = normalPhone(c.req.query('phone'));
    if (!phone) return c.json({ error: 'phone must be 91 followed by a 10-digit mobile number' }, 400);
    const orders = await consoleOrders(c.var.deps.db, phone, c.var.deps.clock.now());
    if (!orders) return c.json({ error: 'No borrower with this phone yet' }, 404);
    return c.json({ phone, orders });
  });

  const ORDER_ACTIONS = ['decide', 'disburse', 'fail-disbursal', 'expire-extension'] as const;
  r.post('/sandbox/api/orders/:id/:action', async (c) => {
    const action = ORDER_ACTIONS.find((a) => a === c.req.param('action'));
    const id = /^\d{1,9}$/.test(c.req.param('id')) ? Number(c.req.param('id')) : undefined;
    if (!action || id === undefined) return c.json({ error: 'Not found' }, 404);
    const read = await controlBody(c);
    if (!read) return c.json({ error: 'The request body must be JSON, e.g. {"decision": "approve"}' }, 400);
    let qa: QaAction;
    if (action === 'decide') {
      const parsed = v.safeParse(DecideBody, read.body);
      if (!parsed.success) {
        const error = describeIssues(parsed.issues);
        return read.form ? backToConsole(c, read.body.phone, error) : c.json({ error }, 400);
      }
      qa = { kind: 'decide', decision: parsed.output.decision };
    } else qa = { kind: action };
    const { db, clock, log } = c.var.deps;
    const result = await qaAct(db, id, qa, clock.now());
    const note = result.ok ? `Order ${id}: ${action}${qa.kind === 'decide' ? ` ${qa.decision}` : ''} → state ${stateLabel(result.order.state)}` : result.error;
    log(`[sandbox orders] ${note}`);
    if (read.form) return backToConsole(c, read.body.phone, note);
    if (!result.ok) return c.json({ error: result.error }, result.status);
    return c.json({ orderId: id, state: result.order.state, stateName: stateLabel(result.order.state) });
  });

  // Payment reminders (docs/sandbox/loans-and-orders.md 'Reminders'): those sent (a borrower's, or everyone's latest 50), and a sweep now.
  r.get('/sandbox/api/reminders', async (c) => {
    const asked = c.req.query('phone');
    const phone = asked === undefined ? null : normalPhone(asked);
    if (asked !== undefined && !phone) return c.json({ error: 'phone must be 91 followed by a 10-digit mobile number' }, 400);
    const { db } = c.var.deps;
    let userId: number | undefined;
    if (phone) {
      userId = (await db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone])).rows[0]?.id;
      if (userId === undefined) return c.json({ error: 'No borrower with this phone yet' }, 404);
    }
    const rows = await listReminders(db, userId === undefined ? {} : { userId });
    return c.json({ ...(phone ? { phone } : {}), reminders: rows.map(reminderView) });
  });

  r.post('/sandbox/api/reminders/sweep', async (c) => {
    const read = await controlBody(c);
    const { db, clock, log } = c.var.deps;
    const swept = await sweepReminders(db, clock.now(), log);
    const note = `Reminders swept at ${istDateTime(clock.now())} IST: ${sweepNote(swept)}`;
    log(`[sandbox reminders] ${note}`);
    if (read?.form) {
      const p = typeof read.body.phone === 'string' ? normalPhone(read.body.phone) : null;
      return c.redirect(`/sandbox?${new URLSearchParams({ ...(p ? { phone: p } : {}), rnote: note }).toString()}#reminders`, 303);
    }
    return c.json(sweepView(swept));
  });

  // Scheduled applications' QA console (docs/sandbox/extension-and-scheduling.md 'Scheduled applications'): a borrower's schedules, Apply now if open, Cancel.
  r.get('/sandbox/api/schedules', async (c) => {
    const phone = normalPhone(c.req.query('phone'));
    if (!phone) return c.json({ error: 'phone must be 91 followed by a 10-digit mobile number' }, 400);
    const schedules = await consoleSchedules(c.var.deps.db, phone, c.var.deps.clock.now());
    if (!schedules) return c.json({ error: 'No borrower with this phone yet' }, 404);
    return c.json({ phone, schedules });
  });

  r.post('/sandbox/api/schedules/:id/:action', async (c) => {
    const action = (['apply', 'cancel'] as const).find((a) => a === c.req.param('action'));
    const id = /^\d{1,9}$/.test(c.req.param('id')) ? Number(c.req.param('id')) : undefined;
    if (!action || id === undefined) return c.json({ error: 'Not found' }, 404);
    const read = await controlBody(c);
    const phone = read?.body.phone;
    const { db, clock, log } = c.var.deps;
    const result = await qaSchedule(db, id, action, clock.now());
    log(`[sandbox schedules] ${result.note}`);
    if (read?.form) return backToSchedules(c, phone, result.note);
    if (!result.ok) return c.json({ error: result.note }, result.status);
    return c.json({ id, state: result.state, stateName: SCHEDULE_STATE_NAMES[result.state], orderNo: result.orderNo });
  });

  // Analytics as received (docs/journeys/feedback-and-analytics.md 'Analytics and device info'): every event, oldest first, for QA and the e2e's scan for personal data.
  r.get('/sandbox/api/analytics', async (c) => {
    const after = c.req.query('afterId') ?? '0';
    if (!/^\d{1,9}$/.test(after)) return c.json({ error: 'afterId must be a whole number' }, 400);
    const rows = await c.var.deps.db.query<{ id: number; user_id: number | null; payload: unknown; received_at: Date }>(
      'SELECT id, user_id, payload, received_at FROM analytics_events WHERE id > $1 ORDER BY id LIMIT 10000',
      [Number(after)],
    );
    return c.json({
      events: rows.rows.map((e) => ({ id: e.id, signedIn: e.user_id !== null, event: e.payload, receivedAt: new Date(e.received_at).toISOString() })),
    });
  });

  // Device data (routes/device.ts): whether the sandbox wants a borrower's location ({"phone", "gps": 0|1}), and the locations received.
  r.get('/sandbox/api/device', async (c) => {
    const phone = normalPhone(c.req.query('phone'));
    if (!phone) return c.json({ error: 'phone must be 91 followed by a 10-digit mobile number' }, 400);
    const view = await deviceView(c.var.deps.db, phone);
    return view ? c.json(view) : c.json({ error: 'No borrower with this phone yet' }, 404);
  });
  r.post('/sandbox/api/device', async (c) => {
    const parsed = v.safeParse(DeviceBody, (await controlBody(c))?.body);
    if (!parsed.success) return c.json({ error: `${describeIssues(parsed.issues)} (send {"phone": "91XXXXXXXXXX", "gps": 0|1})` }, 400);
    const { db, clock, log } = c.var.deps;
    const view = await setGpsWanted(db, parsed.output.phone, parsed.output.gps === 1, clock.now());
    log(`[sandbox device] ${parsed.output.phone}: gps ${parsed.output.gps}`);
    return c.json(view);
  });

  // Privacy (routes/privacy.ts): a borrower's consents and deletion requests, and QA deciding a request.
  r.get('/sandbox/api/privacy', async (c) => {
    const phone = normalPhone(c.req.query('phone'));
    if (!phone) return c.json({ error: 'phone must be 91 followed by a 10-digit mobile number' }, 400);
    const view = await privacyView(c.var.deps.db, phone);
    return view ? c.json(view) : c.json({ error: 'No borrower with this phone yet' }, 404);
  });
  r.post('/sandbox/api/privacy/requests/:id', async (c) => {
    const id = c.req.param('id');
    if (!/^[0-9a-f]{24}$/.test(id)) return c.json({ error: 'No such deletion request.' }, 404);
    const read = await controlBody(c);
    if (!read) return c.json({ error: 'The request body must be JSON, e.g. {"decision": "done", "reason": "…"}' }, 400);
    const parsed = v.safeParse(PrivacyDecisionBody, read.body);
    if (!parsed.success) {
      const error = `${describeIssues(parsed.issues)} (send {"decision": "done"|"declined", "reason": "…"})`;
      return read.form ? backToPrivacy(c, read.body.phone, error) : c.json({ error }, 400);
    }
    const { db, clock, log } = c.var.deps;
    const result = await decideDeletion(db, id, parsed.output.decision, parsed.output.reason, clock.now());
    const note = result.ok ? `Deletion request ${id}: ${result.request.state}` : result.error;
    log(`[sandbox privacy] ${note}`);
    if (read.form) return backToPrivacy(c, read.body.phone, note);
    return result.ok ? c.json(result.request) : c.json({ error: result.error }, result.status);
  });

  r.get('/sandbox/logos/:file', async (c) => {
    const match = /^([a-z0-9-]{1,40})\.svg$/.exec(c.req.param('file'));
    if (!match) return c.text('Not found', 404);
    const { db } = c.var.deps;
    const found = await db.query<{ name: string; brand_color: string }>('SELECT name, brand_color FROM products WHERE slug = $1', [match[1]]);
    const product = found.rows[0];
    if (!product) return c.text('Not found', 404);
    return c.body(logoSvg(product.name, product.brand_color), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    });
  });

  r.get('/sandbox', async (c) => {
    const { db, clock } = c.var.deps;
    const rows = await db.query<OutboxRow>(OUTBOX_SQL, [null]);
    const asked = c.req.query('phone');
    const phone = normalPhone(asked);
    const orders = phone ? await consoleOrders(db, phone, clock.now()) : null;
    const schedules = phone && orders ? await consoleSchedules(db, phone, clock.now()) : null;
    const userId = phone && orders ? (await db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone])).rows[0]?.id : undefined;
    const reminders = userId === undefined ? null : (await listReminders(db, { userId })).map(reminderView);
    c.header('Cache-Control', 'no-store');
    return c.html(
      outboxPage(
        rows.rows,
        clockState(c),
        ordersConsole({ asked, phone, orders, note: c.req.query('note') }) +
          remindersConsole(phone, reminders, c.req.query('rnote')) +
          schedulesConsole(phone, schedules, c.req.query('snote')) +
          (phone ? privacyConsole(phone, await privacyView(db, phone), c.req.query('pnote')) : '') +
          (await feedbackConsole(db)) +
          (await complaintsConsole(db, clock.now(), c.req.query('cnote'))),
      ),
    );
  });

  return r;
}

/** A coloured circle with the product's initials. */
export function logoSvg(name: string, color: string): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  const fill = /^#[0-9a-fA-F]{6}$/.test(color) ? color : '#555555';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeHtml(name)}">
<circle cx="48" cy="48" r="48" fill="${fill}"/>
<text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" font-size="36" font-weight="700" fill="#ffffff">${escapeHtml(initials)}</text>
</svg>`;
}

/** What a reminder in the outbox is about: its kind and its order. */
function reminderTag(m: OutboxRow): string {
  const r = outboxReminder(m);
  return r ? `<span class="muted">Reminder: ${escapeHtml(r.label)} · order ${escapeHtml(r.orderId)} · ${escapeHtml(r.orderNo)}</span><br>` : '';
}

/** Bolds the code inside the (already escaped) message text; codes are digits, so nothing to escape. */
function highlightCode(escapedText: string, code: string | null): string {
  return code && /^\d+$/.test(code) ? escapedText.replace(code, `<strong>${code}</strong>`) : escapedText;
}

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

/** One button posting a form to a control, carrying the borrower's phone back to the console. */
function controlButton(action: string, label: string, phone: string | null, fields: Record<string, string> = {}): string {
  const e = escapeHtml;
  const hidden = Object.entries({ ...fields, ...(phone ? { phone } : {}) })
    .map(([name, value]) => `<input type="hidden" name="${e(name)}" value="${e(value)}">`)
    .join('');
  return `<form method="post" action="${e(action)}">${hidden}<button type="submit">${e(label)}</button></form>`;
}

const CLOCK_STEPS: readonly [string, number][] = [
  ['+2 minutes', 120],
  ['+1 hour', 3600],
  ['+1 day', 86400],
  ['+7 days', 7 * 86400],
  ['+30 days', 30 * 86400],
  ['+91 days', 91 * 86400],
];

/** The QA console section of the sandbox page: plain forms, no script. */
function ordersConsole(input: { asked: string | undefined; phone: string | null; orders: ConsoleOrder[] | null; note: string | undefined }): string {
  const e = escapeHtml;
  const { phone, orders } = input;
  const lookup = `<form method="get" action="/sandbox#orders"><label for="qa-phone">Borrower's phone (10 digits)</label> <input id="qa-phone" name="phone" inputmode="numeric" autocomplete="off" value="${e(input.asked ?? '')}"> <button type="submit">Show orders</button></form>`;
  const clockButtons = `<table><tbody><tr><td>${CLOCK_STEPS.map(([label, seconds]) => controlButton('/sandbox/api/clock', label, phone, { advanceSeconds: String(seconds) })).join('</td><td>')}</td><td>${controlButton('/sandbox/api/clock', 'Reset clock', phone, { reset: '1' })}</td></tr></tbody></table>`;
  let list = '';
  if (input.asked !== undefined && !phone) list = '<p>That is not a valid mobile number.</p>';
  else if (phone && !orders) list = `<p>No borrower with the phone ${e(phone)} yet.</p>`;
  else if (phone && orders && orders.length === 0) list = `<p>${e(phone)} has no orders.</p>`;
  else if (phone && orders) {
    const rows = orders
      .map((o) => {
        const id = String(o.orderId);
        const actions: string[] = [];
        if (o.state === 1)
          for (const decision of ['approve', 'deny', 'fail'])
            actions.push(controlButton(`/sandbox/api/orders/${id}/decide`, `${decision[0]!.toUpperCase()}${decision.slice(1)}`, phone, { decision }));
        if (o.state === 11) actions.push(controlButton(`/sandbox/api/orders/${id}/expire-extension`, 'Expire extension window', phone));
        if (o.state === 2 || o.state === 4) {
          actions.push(controlButton(`/sandbox/api/orders/${id}/disburse`, 'Disburse', phone));
          actions.push(controlButton(`/sandbox/api/orders/${id}/fail-disbursal`, 'Fail disbursal', phone));
        }
        for (const payment of o.payments) actions.push(controlButton(`/sandbox/api/payments/${payment.id}/replay`, `Replay callback (${payment.status})`, phone));
        const next = o.next ? `${e(o.next.what)}${o.next.at ? ` at ${e(o.next.at)}` : ''}` : '–';
        const owed = o.state === 6 || o.state === 8 || o.state === 11 ? `${e(rupees(o.due))}${o.overdueDays > 0 ? ` (${e(o.overdueDays)} days overdue, penal charge ${e(rupees(o.overdueFee))})` : ''}${o.paidAmount > 0 ? `, paid ${e(rupees(o.paidAmount))}` : ''}` : '–';
        const dates = `applied ${e(o.applyTime)}${o.decidedAt ? `<br>decided ${e(o.decidedAt)}` : ''}${o.loanDate ? `<br>loaned ${e(o.loanDate)}<br>due ${e(o.dueDate)}` : ''}${o.extensionEndsAt ? `<br>extension window ends ${e(o.extensionEndsAt)}` : ''}`;
        const rm = o.reminders;
        const reminders =
          rm.sent > 0 || rm.next || rm.none
            ? `<br>reminders: ${e(rm.sent)} sent${rm.last ? ` (last: ${e(rm.last.label)}, ${e(rm.last.sentAt)})` : ''}; next: ${rm.next ? `${e(rm.next.label)} at ${e(rm.next.at)}` : e(rm.none || '–')}`
            : '';
        return `<tr><td><strong>${e(o.stateName)}</strong><br>${e(id)} · ${e(o.orderNo)}<br>${e(o.productName)} ${e(rupees(o.loanAmount))}${o.autoGetMoney ? ', auto-get-money' : ''}</td><td>${dates}<br>due now: ${owed}<br>next: ${next}${reminders}</td><td>${actions.join('') || '–'}</td></tr>`;
      })
      .join('\n');
    list = `<table>
<thead><tr><th>Order</th><th>Dates (IST), due, next</th><th>Force</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  }
  return `<h2 id="orders">QA console: orders</h2>
<p class="muted">A borrower's orders as the order engine has them now (docs/sandbox/loans-and-orders.md 'Order engine'). The buttons act at once, on the sandbox clock; the clock buttons move it for everyone.</p>
${input.note ? `<p role="status"><strong>${e(input.note)}</strong></p>` : ''}
${lookup}
${list}
<p>Sandbox clock:</p>
${clockButtons}`;
}

/** The reminders section of the QA console: the rules, Send due reminders now, and the borrower's reminders. */
function remindersConsole(phone: string | null, reminders: ReturnType<typeof reminderView>[] | null, note: string | undefined): string {
  const e = escapeHtml;
  const hours = `${String(REMINDER_HOURS.opens).padStart(2, '0')}:00 to ${REMINDER_HOURS.closes}:00 IST`;
  let list = '';
  if (phone && reminders && reminders.length === 0) list = `<p>${e(phone)} has had no reminders.</p>`;
  else if (phone && reminders) {
    const rows = reminders
      .map((r) => {
        const penal = r.overdueDays > 0 ? `penal charge ${e(rupees(r.penalTotal))} so far (${e(formatRupees(r.penalPerDay))} a day, capped at ${e(rupees(r.penalCap))})` : `penal charge if late: ${e(formatRupees(r.penalPerDay))} a day`;
        return `<tr><td class="nowrap">${e(r.sentAt.slice(0, 10))}<br>${e(r.sentAt.slice(11))}</td><td><strong>${e(r.label)}</strong>, order ${e(r.orderId)} · ${e(r.orderNo)}<br>due date ${e(r.dueDate)}, amount due ${e(rupees(r.amountDue))}<br>${penal}<br>language ${e(r.language)}</td></tr>`;
      })
      .join('\n');
    list = `<table>
<thead><tr><th>Sent (IST)</th><th>Reminder and what it says</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  }
  return `<h2 id="reminders">QA console: reminders</h2>
<p class="muted">The lender's SMS reminders (docs/sandbox/loans-and-orders.md 'Reminders'): 3 days and 1 day before the due date, on it, and on each of the first ${e(OVERDUE_REMINDER_DAYS)} overdue days; at most one a day per order, from ${e(hours)} (one that falls due at night goes out at 08:00). Each states the amount due and the penal charge. They go out by themselves every minute and whenever the clock moves; the button sends what is due now. They are listed in the outbox above. JSON: <code>GET /sandbox/api/reminders?phone=</code>, <code>POST /sandbox/api/reminders/sweep</code>.</p>
${note ? `<p role="status"><strong>${e(note)}</strong></p>` : ''}
${controlButton('/sandbox/api/reminders/sweep', 'Send due reminders now', phone)}
${list}`;
}

// ---------------------------------------------------------------------------------------------
// Scheduled applications on the QA console.


/** A borrower's schedules as the console shows them (newest first), with what a waiting one waits for. Read only: no sweep. */
async function consoleSchedules(db: Db, phone: string, now: Date) {
  const user = (await db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone])).rows[0];
  if (!user) return null;
  const rows = await db.query<ScheduleRow>(
    `SELECT s.id, s.user_id, s.product_id, p.name AS product_name, s.card_id, b.card_no, s.expect_borrow_amount, s.state,
            s.order_id, o.order_no, s.created_at, s.applied_at, s.canceled_at
       FROM scheduled_orders s JOIN products p ON p.id = s.product_id
       LEFT JOIN bank_cards b ON b.id = s.card_id LEFT JOIN orders o ON o.id = s.order_id
      WHERE s.user_id = $1 ORDER BY s.created_at DESC, s.id DESC`,
    [user.id],
  );
  const out = [];
  for (const s of rows.rows) {
    const waitingFor = s.state === 0 ? await scheduleBlocker(db, user.id, s, now) : null;
    out.push({
      id: s.id,
      productId: s.product_id,
      productName: s.product_name,
      state: s.state,
      stateName: SCHEDULE_STATE_NAMES[s.state] ?? 'Unknown',
      expectBorrowAmount: s.expect_borrow_amount,
      bankNo: s.card_no ? `…${s.card_no.slice(-4)}` : '',
      createdAt: istDateTime(s.created_at),
      appliedAt: istDateTime(s.applied_at),
      canceledAt: istDateTime(s.canceled_at),
      orderId: s.order_id,
      orderNo: s.order_no ?? '',
      // A waiting schedule: why it cannot be applied yet, or null when its product is open (the next read applies it).
      waitingFor,
    });
  }
  return out;
}
type ConsoleSchedule = NonNullable<Awaited<ReturnType<typeof consoleSchedules>>>[number];

type QaScheduleResult = { ok: true; note: string; state: number; orderNo: string } | { ok: false; note: string; status: 404 | 409 };

/** Apply now if open (the sweep, for this schedule only) or Cancel; a schedule not waiting is a 409, nothing changed. */
async function qaSchedule(db: Db, id: number, action: 'apply' | 'cancel', now: Date): Promise<QaScheduleResult> {
  const found = (await db.query<{ user_id: number }>('SELECT user_id FROM scheduled_orders WHERE id = $1', [id])).rows[0];
  if (!found) return { ok: false, status: 404, note: `No scheduled application ${id}` };
  const userId = found.user_id;
  const read = async () =>
    (await db.query<{ state: number; order_no: string | null; product_id: number; card_id: number | null }>(
      'SELECT s.state, o.order_no, s.product_id, s.card_id FROM scheduled_orders s LEFT JOIN orders o ON o.id = s.order_id WHERE s.id = $1',
      [id],
    )).rows[0]!;
  if (action === 'cancel') {
    try {
      await cancelSchedule(db, userId, id, now);
    } catch (err) {
      if (err instanceof ApiError) return { ok: false, status: 409, note: `Schedule ${id}: ${err.message}` };
      throw err;
    }
    return { ok: true, note: `Schedule ${id} canceled`, state: 3, orderNo: '' };
  }
  // The order engine first (a settled order opens its product), then the sweep for this schedule.
  await advanceBorrower(db, userId, now);
  const before = await read();
  if (before.state !== 0) return { ok: false, status: 409, note: `Schedule ${id} is not waiting (state ${before.state} ${SCHEDULE_STATE_NAMES[before.state] ?? ''}): nothing to apply.` };
  await applySchedules(db, userId, now, id);
  const after = await read();
  if (after.state === 2) return { ok: true, note: `Schedule ${id} applied: order ${after.order_no ?? ''}`, state: 2, orderNo: after.order_no ?? '' };
  const why = (await scheduleBlocker(db, userId, { product_id: after.product_id, card_id: after.card_id }, now)) ?? 'it could not be applied';
  return { ok: false, status: 409, note: `Schedule ${id} still waits: ${why}` };
}

/** Back to the console's schedules (the borrower looked at, and what happened), after a form post. */
const backToSchedules = (c: Context, phone: unknown, note: string) => {
  const p = typeof phone === 'string' ? normalPhone(phone) : null;
  const query = new URLSearchParams({ ...(p ? { phone: p } : {}), snote: note });
  return c.redirect(`/sandbox?${query.toString()}#schedules`, 303);
};

/** The schedules section of the QA console, under the orders (shown once a borrower is looked up). */
function schedulesConsole(phone: string | null, schedules: ConsoleSchedule[] | null, note: string | undefined): string {
  if (!phone || !schedules) return '';
  const e = escapeHtml;
  const rows = schedules
    .map((s) => {
      const actions =
        s.state === 0
          ? controlButton(`/sandbox/api/schedules/${String(s.id)}/apply`, 'Apply now if open', phone) + controlButton(`/sandbox/api/schedules/${String(s.id)}/cancel`, 'Cancel', phone)
          : '–';
      const status =
        s.state === 0 ? `waits for: ${s.waitingFor ? e(s.waitingFor) : 'nothing — its product is open: applied at the borrower\'s next read'}`
        : s.state === 2 ? `applied ${e(s.appliedAt)}: order ${e(s.orderId)} · ${e(s.orderNo)}`
        : `canceled ${e(s.canceledAt)}`;
      return `<tr><td><strong>${e(s.state)} ${e(s.stateName)}</strong><br>schedule ${e(s.id)}<br>${e(s.productName)} ${e(rupees(s.expectBorrowAmount))}${s.bankNo ? ` to account ${e(s.bankNo)}` : ''}</td><td>created ${e(s.createdAt)}<br>${status}</td><td>${actions}</td></tr>`;
    })
    .join('\n');
  const list = schedules.length
    ? `<table>
<thead><tr><th>Scheduled application</th><th>Dates (IST), status</th><th>Force</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : `<p>${e(phone)} has no scheduled applications.</p>`;
  return `<h2 id="schedules">QA console: scheduled applications</h2>
<p class="muted">A waiting schedule (0) is applied as a normal application once its product opens for the borrower, at their next read (home, Loan History, the schedule list or detail). Apply now if open runs that sweep for it now; Cancel is the borrower's cancel. JSON: <code>GET /sandbox/api/schedules?phone=</code>, <code>POST /sandbox/api/schedules/{id}/apply</code> and <code>/cancel</code>.</p>
${note ? `<p role="status"><strong>${e(note)}</strong></p>` : ''}
${list}`;
}

function outboxPage(messages: OutboxRow[], clock: { nowIst: string; offsetSeconds: number }, qaConsole = ''): string {
  const e = escapeHtml;
  const messageRows = messages.length
    ? messages
        .map(
          (m) =>
            `<tr><td class="nowrap">+${e(m.phone.slice(0, 2))} ${e(m.phone.slice(2))}</td><td>${reminderTag(m)}${highlightCode(e(m.text), m.code)}</td><td class="nowrap">${e(istDate(m.created_at))}<br>${e(istDateTime(m.created_at).slice(11))}</td></tr>`,
        )
        .join('\n')
    : '<tr><td colspan="3">No messages yet. Request a code on the sign-in page.</td></tr>';
  const personaRows = PERSONAS.map(
    (p) => `<tr><td class="nowrap">${e(p.phone10)}</td><td>${e(p.name)}</td><td>${e(p.description)}</td></tr>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox outbox</title>
<style>
body{font:15px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;padding:16px;color:#1b1f24;background:#f6f7f9}
main{max-width:760px;margin:0 auto}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px}
p{margin:6px 0}.muted{color:#5b6470;font-size:13px}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:8px;overflow:hidden}
th,td{text-align:left;padding:8px;border-bottom:1px solid #e4e7eb;vertical-align:top;font-size:14px}
th{background:#eef1f4;font-weight:600}.nowrap{white-space:nowrap}
a.button{display:inline-block;margin:8px 0;padding:10px 16px;background:#1E6FD9;color:#fff;border-radius:8px;text-decoration:none}
code{background:#eef1f4;padding:1px 4px;border-radius:4px}
</style>
</head>
<body>
<main>
<h1>Sandbox outbox</h1>
<p class="muted">This sandbox sends no SMS. Every message it would send is listed here, newest first (last 50). Server time: ${e(clock.nowIst)} IST${clock.offsetSeconds ? ` (moved ${e(clock.offsetSeconds)} s)` : ''}.</p>
<a class="button" href="/sandbox">Refresh</a> <a class="button" href="/sandbox/shell">Native shell</a> <a class="button" href="/flows/">Flow atlas</a>
<table>
<thead><tr><th>Phone</th><th>Message</th><th>Time (IST)</th></tr></thead>
<tbody>
${messageRows}
</tbody>
</table>
${qaConsole}
<h2>How to sign in</h2>
<p>Enter any valid 10-digit Indian mobile number (starting 6–9) in the app and request a code; read the code here, then enter it. A new number is a new borrower. Codes are valid 10 minutes, one request per 60 seconds, 10 per day.</p>
<p>Aadhaar OTPs (KYC without uploads) arrive here too, for the borrower's own phone: 6 digits, valid 10 minutes, one per 60 seconds, 5 wrong tries. An Aadhaar number whose first 11 digits end in 0000 is not linked to a mobile, so no OTP is sent.</p>
<h2>Test personas</h2>
<table>
<thead><tr><th>Phone</th><th>Name</th><th>What you see</th></tr></thead>
<tbody>
${personaRows}
</tbody>
</table>
<h2>For tests</h2>
<p class="muted"><code>GET /sandbox/api/outbox?phone=91XXXXXXXXXX</code> lists messages as JSON. <code>POST /sandbox/api/clock</code> with <code>{"advanceSeconds": 600}</code> moves the server clock; <code>{"reset": true}</code> puts it back. <code>POST /sandbox/api/verification</code> with <code>{"phone": "91XXXXXXXXXX", "kycVariant": "otp", "stepOrder": ["basic", "identity"], "livingHold": true, "reset": true}</code> sets a borrower's verification journey (<code>GET ?phone=</code> shows it). <code>GET /sandbox/api/limits</code> shows the abuse limits; <code>POST</code> with <code>{"reset": true}</code> forgets what they counted. <code>GET /sandbox/api/orders?phone=</code> lists a borrower's orders as the engine has them; <code>POST /sandbox/api/orders/{id}/decide</code> with <code>{"decision": "approve"|"deny"|"fail"}</code>, <code>/disburse</code> and <code>/fail-disbursal</code> force the audit and the disbursal; <code>/expire-extension</code> ends an extension's payment window now (it fails). <code>GET /sandbox/api/reminders?phone=</code> lists the payment reminders sent; <code>POST /sandbox/api/reminders/sweep</code> sends those due now (moving the clock does too).</p>
</main>
</body>
</html>`;
}

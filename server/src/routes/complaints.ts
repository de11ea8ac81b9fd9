/**
 * Complaints (endpoint table: listComplaints, raiseComplaint), and the QA console's tickets where
 * the lender replies and resolves. The content follows the feedback rule (machines/shared/feedback.ts);
 * the reply and escalation rules live in domain/complaints.ts.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import * as v from 'valibot';
import { callName, ENDPOINTS } from '../../../contract/endpoints';
import { feedbackProblem, FEEDBACK_MAX_LENGTH, type FeedbackProblem } from '../../../machines/shared/feedback';
import type { Queryable } from '../db';
import { listComplaints, qaReply, raiseComplaint, REPLY_DAYS, REPLY_MAX_LENGTH, ESCALATION_DAYS } from '../domain/complaints';
import type { AppEnv } from '../env';
import { ApiError, describeIssues } from '../envelope';
import { escapeHtml } from '../html';
import { serve } from './serve';

export const COMPLAINT_MESSAGES = {
  empty: 'Please write your complaint first.',
  refused: 'A complaint may contain only letters, digits, spaces and _ ? ! , .',
  tooLong: `A complaint can be at most ${FEEDBACK_MAX_LENGTH} characters.`,
  notYourOrder: 'This order is not one of yours. Pick one of your orders, or none.',
  notYourTicket: 'This complaint is not one of yours.',
} as const satisfies Record<FeedbackProblem | 'notYourOrder' | 'notYourTicket', string>;

export function complaintRoutes() {
  const r = new Hono<AppEnv>();

  serve(r, ENDPOINTS.listComplaints, async (c, { ticketNo }) => {
    const { db, clock } = c.var.deps;
    const complaints = await listComplaints(db, { userId: c.get('user').id, ...(ticketNo ? { ticketNo } : {}) }, clock.now());
    if (ticketNo && complaints.length === 0) throw new ApiError(COMPLAINT_MESSAGES.notYourTicket);
    return { complaints };
  });

  serve(r, ENDPOINTS.raiseComplaint, async (c, payload) => {
    const problem = feedbackProblem(payload.content);
    if (problem) throw new ApiError(COMPLAINT_MESSAGES[problem]);
    const { db, clock, log, rateLimits } = c.var.deps;
    const user = c.get('user');
    const now = clock.now();
    const orderId = payload.orderId === null ? null : Number(payload.orderId);
    if (orderId !== null) {
      const own = await db.query('SELECT 1 FROM orders WHERE id = $1 AND user_id = $2', [orderId, user.id]);
      if (own.rowCount === 0) throw new ApiError(COMPLAINT_MESSAGES.notYourOrder);
    }
    // Only a ticket raised counts: a refusal, or a replay of a key, takes nothing.
    const taken = await rateLimits.take(
      [
        ['complaintsPerBorrowerMinute', String(user.id)],
        ['complaintsPerBorrowerDay', String(user.id)],
      ],
      now,
    );
    if (!taken.ok) throw new ApiError(taken.message);
    let ticketNo: string;
    try {
      ticketNo = await raiseComplaint(db, { userId: user.id, category: payload.category, orderId, content: payload.content }, now);
    } catch (error) {
      await taken.release();
      throw error;
    }
    log(`[sandbox complaint] ${user.phone}: ${ticketNo} (${payload.category})`);
    const [ticket] = await listComplaints(db, { userId: user.id, ticketNo }, now);
    if (!ticket) throw new Error(`complaint ${ticketNo} was not stored`);
    return ticket;
  });

  return r;
}

/** POST /sandbox/api/complaints/reply: { ticketNo, text?, resolve? } (JSON, or the console's form). */
const QaReplyBody = v.pipe(
  v.object({
    ticketNo: v.pipe(v.string('ticketNo is required'), v.trim(), v.regex(/^[A-Z0-9-]{1,40}$/, 'ticketNo must be a ticket number such as GRV-20261127-00001')),
    text: v.optional(v.pipe(v.string('text must be a text'), v.trim(), v.maxLength(REPLY_MAX_LENGTH, `text can be at most ${REPLY_MAX_LENGTH} characters`)), ''),
    resolve: v.optional(v.union([v.boolean(), v.pipe(v.picklist(['1', 'on', 'true']), v.transform(() => true))], 'resolve must be true or false'), false),
  }),
  v.check((x) => x.text !== '' || x.resolve, 'Write a reply, or resolve the ticket (or both)'),
);

const isForm = (c: Context) => /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(c.req.header('content-type') ?? '');

/** The QA console's controls for complaints: list a borrower's (or everyone's latest), reply, resolve. */
export function complaintControls() {
  const r = new Hono<AppEnv>();
  r.get('/sandbox/api/complaints', async (c) => {
    const { db, clock } = c.var.deps;
    const phone = c.req.query('phone');
    let userId: number | undefined;
    if (phone !== undefined) {
      userId = (await db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone])).rows[0]?.id;
      if (userId === undefined) return c.json({ error: 'No borrower with this phone yet' }, 404);
    }
    return c.json({ complaints: await listComplaints(db, userId === undefined ? { limit: 20 } : { userId }, clock.now()) });
  });

  r.post('/sandbox/api/complaints/reply', async (c) => {
    const form = isForm(c);
    let raw: unknown;
    try {
      raw = form ? Object.fromEntries(Object.entries(await c.req.parseBody()).filter(([, x]) => typeof x === 'string')) : await c.req.json();
    } catch {
      return c.json({ error: 'The request body must be JSON, e.g. {"ticketNo": "GRV-20261127-00001", "text": "We have refunded the fee.", "resolve": true}' }, 400);
    }
    const back = (note: string) => c.redirect(`/sandbox?${new URLSearchParams({ cnote: note }).toString()}#complaints`, 303);
    const parsed = v.safeParse(QaReplyBody, raw);
    if (!parsed.success) {
      const error = describeIssues(parsed.issues);
      return form ? back(error) : c.json({ error }, 400);
    }
    const { db, clock, log } = c.var.deps;
    const result = await qaReply(db, parsed.output, clock.now());
    const note = result.ok ? `${parsed.output.ticketNo}: ${result.status}` : result.error;
    log(`[sandbox complaints] ${note}`);
    if (form) return back(note);
    if (!result.ok) return c.json({ error: result.error }, 400);
    return c.json({ ticketNo: parsed.output.ticketNo, status: result.status });
  });
  return r;
}

/** The /sandbox page's 'Complaints' section: the latest 20 tickets, each with a reply form. */
export async function complaintsConsole(db: Queryable, now: Date, note: string | undefined): Promise<string> {
  const e = escapeHtml;
  const tickets = await listComplaints(db, { limit: 20 }, now);
  const rows = tickets.length
    ? tickets
        .map((t) => {
          const replies = (t.replies ?? []).map((x) => `<br><em>${e(x.at)}</em>: ${e(x.text)}`).join('');
          const form =
            t.status === 'resolved'
              ? `resolved ${e(t.resolvedAt)}`
              : `<form method="post" action="/sandbox/api/complaints/reply"><input type="hidden" name="ticketNo" value="${e(t.ticketNo)}">` +
                `<label>Reply to ${e(t.ticketNo)}<br><textarea name="text" rows="2" maxlength="${REPLY_MAX_LENGTH}"></textarea></label><br>` +
                `<label><input type="checkbox" name="resolve" value="1"> Resolve</label> <button type="submit">Send</button></form>`;
          return `<tr><td class="nowrap"><strong>${e(t.ticketNo)}</strong><br>${e(t.status)}${t.escalation ? '<br>may go to the RBI Ombudsman' : ''}</td><td>${e(t.category)}${t.orderNo ? `, order ${e(t.orderNo)}` : ''}<br>${e(t.content)}<br>raised ${e(t.raisedAt)}, reply due by ${e(t.replyDueBy)}${replies}</td><td>${form}</td></tr>`;
        })
        .join('\n')
    : '<tr><td colspan="3">No complaints yet. Raise one from Help (Account → Help Center).</td></tr>';
  return `<h2 id="complaints">QA console: complaints</h2>
<p class="muted">Tickets raised with ${callName(ENDPOINTS.raiseComplaint)}, newest first (last 20). The lender replies within ${REPLY_DAYS} days of its clock; a ticket not resolved ${ESCALATION_DAYS} days after it was raised tells the borrower how to go to the RBI Ombudsman. A reply is shown to the borrower as text. JSON: <code>GET /sandbox/api/complaints?phone=</code>, <code>POST /sandbox/api/complaints/reply</code>.</p>
${note ? `<p role="status"><strong>${e(note)}</strong></p>` : ''}
<table>
<thead><tr><th>Ticket</th><th>Complaint</th><th>Reply, resolve</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

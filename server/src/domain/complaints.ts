/**
 * The lender's complaints desk (docs/borrower-rights.md 'Complaints and escalation'; server/README.md
 * 'Complaints'). A ticket is numbered GRV-<IST date>-<5 digits>; the lender replies within
 * REPLY_DAYS of its clock; once ESCALATION_DAYS pass without a resolution, the ticket says the
 * borrower may take it to the RBI Ombudsman. Every time is the sandbox clock's.
 */
import { COMPLAINT_CATEGORIES, type ComplaintAnswer, type ComplaintCategory, type ComplaintStatus } from '../../../contract/complaints';
import type { Queryable } from '../db';
import { DAY, istDate, istDateTime, istYmd } from '../time';

/** The lender answers within this many days of its clock: the due date the borrower is told. */
export const REPLY_DAYS = 7;
/** RBI's Integrated Ombudsman Scheme: a complaint not resolved within 30 days may go to the Ombudsman. */
export const ESCALATION_DAYS = 30;
/** A lender's reply, as QA writes it on the console. */
export const REPLY_MAX_LENGTH = 2000;

export interface ComplaintRow {
  id: number;
  ticket_no: string;
  user_id: number;
  category: string;
  order_id: number | null;
  order_no: string | null;
  content: string;
  raised_at: Date;
  reply_due_at: Date;
  resolved_at: Date | null;
}

interface ReplyRow {
  complaint_id: number;
  text: string;
  created_at: Date;
}

const categoryOf = (stored: string): ComplaintCategory => (COMPLAINT_CATEGORIES as readonly string[]).includes(stored) ? (stored as ComplaintCategory) : 'other';

/** Escalation is open once ESCALATION_DAYS have passed since it was raised and it is still not resolved. */
export const escalationOpen = (row: Pick<ComplaintRow, 'raised_at' | 'resolved_at'>, now: Date): boolean =>
  row.resolved_at === null && now.getTime() >= row.raised_at.getTime() + ESCALATION_DAYS * DAY;

export function statusOf(row: Pick<ComplaintRow, 'resolved_at'>, replies: number): ComplaintStatus {
  if (row.resolved_at !== null) return 'resolved';
  return replies > 0 ? 'replied' : 'open';
}

const SELECT = `SELECT c.id, c.ticket_no, c.user_id, c.category, c.order_id, o.order_no, c.content, c.raised_at, c.reply_due_at, c.resolved_at
  FROM complaints c LEFT JOIN orders o ON o.id = c.order_id`;

/** A borrower's tickets (or one of them, by number), newest first, with their replies, as the app reads them. */
export async function listComplaints(db: Queryable, filter: { userId?: number; ticketNo?: string; limit?: number }, now: Date): Promise<(ComplaintAnswer & { phone?: string })[]> {
  const rows = await db.query<ComplaintRow>(
    `${SELECT} WHERE ($1::int IS NULL OR c.user_id = $1) AND ($2::text IS NULL OR c.ticket_no = $2)
      ORDER BY c.raised_at DESC, c.id DESC LIMIT $3`,
    [filter.userId ?? null, filter.ticketNo ?? null, filter.limit ?? 100],
  );
  const ids = rows.rows.map((r) => r.id);
  const replies = ids.length
    ? (await db.query<ReplyRow>('SELECT complaint_id, text, created_at FROM complaint_replies WHERE complaint_id = ANY($1::int[]) ORDER BY created_at, id', [ids])).rows
    : [];
  return rows.rows.map((row) => {
    const own = replies.filter((r) => r.complaint_id === row.id);
    return {
      ticketNo: row.ticket_no,
      category: categoryOf(row.category),
      orderId: row.order_id === null ? null : String(row.order_id),
      orderNo: row.order_no ?? '',
      content: row.content,
      status: statusOf(row, own.length),
      raisedAt: istDateTime(row.raised_at),
      replyDueBy: istDate(row.reply_due_at),
      resolvedAt: istDateTime(row.resolved_at),
      escalation: escalationOpen(row, now),
      replies: own.map((r) => ({ text: r.text, at: istDateTime(r.created_at) })),
    };
  });
}

/** Raises a ticket for the borrower, numbered on the clock's IST day. */
export async function raiseComplaint(
  db: Queryable,
  input: { userId: number; category: ComplaintCategory; orderId: number | null; content: string },
  now: Date,
): Promise<string> {
  const seq = (await db.query<{ n: string }>("SELECT nextval('complaint_numbers')::text AS n")).rows[0]?.n ?? '0';
  const ticketNo = `GRV-${istYmd(now)}-${seq.padStart(5, '0')}`;
  await db.query(
    `INSERT INTO complaints (ticket_no, user_id, category, order_id, content, raised_at, reply_due_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [ticketNo, input.userId, input.category, input.orderId, input.content, now.toISOString(), new Date(now.getTime() + REPLY_DAYS * DAY).toISOString()],
  );
  return ticketNo;
}

export type QaReplyResult = { ok: true; status: ComplaintStatus } | { ok: false; error: string };

/** The QA console: the lender replies to a ticket, resolves it, or both. A resolved ticket takes no more. */
export async function qaReply(db: Queryable, input: { ticketNo: string; text: string; resolve: boolean }, now: Date): Promise<QaReplyResult> {
  const found = await db.query<{ id: number; resolved_at: Date | null }>('SELECT id, resolved_at FROM complaints WHERE ticket_no = $1', [input.ticketNo]);
  const row = found.rows[0];
  if (!row) return { ok: false, error: `No complaint ${input.ticketNo}.` };
  if (row.resolved_at !== null) return { ok: false, error: `Complaint ${input.ticketNo} is resolved already.` };
  if (input.text !== '') await db.query('INSERT INTO complaint_replies (complaint_id, text, created_at) VALUES ($1, $2, $3)', [row.id, input.text, now.toISOString()]);
  if (input.resolve) await db.query('UPDATE complaints SET resolved_at = $2 WHERE id = $1', [row.id, now.toISOString()]);
  const replies = Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM complaint_replies WHERE complaint_id = $1', [row.id])).rows[0]?.n ?? 0);
  return { ok: true, status: statusOf({ resolved_at: input.resolve ? now : null }, replies) };
}

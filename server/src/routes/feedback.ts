/**
 * Feedback (endpoint table: saveFeedback) and the QA console's list of it. The content follows the
 * app's rule (machines/shared/feedback.ts), enforced here too; the body may be a multipart or
 * URL-encoded form, or JSON {"content": "…"}. Saves are limited per borrower (limits.ts).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import * as v from 'valibot';
import { callName, ENDPOINTS } from '../../../contract/endpoints';
import { FEEDBACK_MAX_LENGTH, feedbackProblem, type FeedbackProblem } from '../../../machines/shared/feedback';
import type { Queryable } from '../db';
import type { AppEnv } from '../env';
import { ApiError, bodyTooLarge, limitBody, ok } from '../envelope';
import { serve } from './serve';
import { istDateTime } from '../time';

export const FEEDBACK_MESSAGES = {
  notForm: 'Send the feedback as a form with the field content.',
  empty: 'Please write your feedback first.',
  refused: 'Feedback may contain only letters, digits, spaces and _ ? ! , .',
  tooLong: `Feedback can be at most ${FEEDBACK_MAX_LENGTH} characters.`,
} as const satisfies Record<FeedbackProblem | 'notForm', string>;

/** 300 characters of up to 4 UTF-8 bytes each, however encoded (12 bytes each URL-encoded: 3,600), and the form around them. */
const FEEDBACK_BODY_LIMIT = 8 * 1024;

/** The form's fields (multipart or URL-encoded), or a JSON object's; null when the body is neither. */
async function readFields(c: Context<AppEnv>): Promise<Record<string, unknown> | null> {
  const type = c.req.header('content-type') ?? '';
  try {
    if (/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) return await c.req.parseBody();
    if (/^application\/json/i.test(type)) {
      const raw: unknown = JSON.parse(await c.req.text());
      return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
    }
  } catch {
    return null;
  }
  return null;
}

/** The content to store, or the refusal saying what to send. */
async function readContent(c: Context<AppEnv>): Promise<string> {
  const fields = await readFields(c);
  if (!fields) throw new ApiError(FEEDBACK_MESSAGES.notForm);
  if (typeof fields.content !== 'string') throw new ApiError(fields.content === undefined ? FEEDBACK_MESSAGES.empty : FEEDBACK_MESSAGES.notForm);
  const parsed = v.safeParse(ENDPOINTS.saveFeedback.body, { content: fields.content });
  if (!parsed.success) throw new ApiError(FEEDBACK_MESSAGES.empty);
  const problem = feedbackProblem(parsed.output.content);
  if (problem) throw new ApiError(FEEDBACK_MESSAGES[problem]);
  return parsed.output.content;
}

export function feedbackRoutes() {
  const r = new Hono<AppEnv>();
  serve(r, ENDPOINTS.saveFeedback, { bodyLimit: limitBody(FEEDBACK_BODY_LIMIT, bodyTooLarge) }, async (c) => {
    const content = await readContent(c);
    const { db, clock, log, rateLimits } = c.var.deps;
    const user = c.get('user');
    const now = clock.now();
    // Only what is stored counts: a refused text, or a replay of a key, takes nothing.
    const taken = await rateLimits.take(
      [
        ['feedbackPerBorrowerMinute', String(user.id)],
        ['feedbackPerBorrowerDay', String(user.id)],
      ],
      now,
    );
    if (!taken.ok) throw new ApiError(taken.message);
    try {
      await db.query('INSERT INTO feedback (user_id, content, created_at) VALUES ($1, $2, $3)', [user.id, content, now.toISOString()]);
    } catch (error) {
      await taken.release();
      throw error;
    }
    log(`[sandbox feedback] ${user.phone}: ${content}`);
    return ok(c);
  });
  return r;
}

const escape = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** The /sandbox page's 'Feedback' section: the latest 20, newest first. */
export async function feedbackConsole(db: Queryable): Promise<string> {
  const rows = await db.query<{ phone: string; content: string; created_at: Date }>(
    `SELECT u.phone, f.content, f.created_at FROM feedback f JOIN users u ON u.id = f.user_id
      ORDER BY f.created_at DESC, f.id DESC LIMIT 20`,
  );
  const body = rows.rows.length
    ? rows.rows
        .map((f) => `<tr><td class="nowrap">+${escape(f.phone.slice(0, 2))} ${escape(f.phone.slice(2))}</td><td>${escape(f.content)}</td><td class="nowrap">${escape(istDateTime(f.created_at))}</td></tr>`)
        .join('\n')
    : '<tr><td colspan="3">No feedback yet. Send some from the Feedback button on the home or account page.</td></tr>';
  return `<h2 id="feedback">Feedback</h2>
<p class="muted">What borrowers sent with ${callName(ENDPOINTS.saveFeedback)}, newest first (last 20).</p>
<table>
<thead><tr><th>Phone</th><th>Feedback</th><th>Time (IST)</th></tr></thead>
<tbody>
${body}
</tbody>
</table>`;
}

/**
 * Sandbox-only pages (no /api1 prefix, no token): the SMS outbox, the clock, the verification setup
 * and the abuse limits — the controls, which answer only from this computer unless opened
 * (SANDBOX_CONTROLS=open) — and the product logos, which the app shows to anyone. A real lender has
 * none of this.
 */
import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
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
import { describeIssues } from '../envelope';
import { LIMIT_ENV } from '../limits';
import { controlsRefusal } from '../network';
import { PERSONAS } from '../seed';
import { istDate, istDateTime } from '../time';
import { PHONE_RE } from './sms-login';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

interface OutboxRow {
  phone: string;
  text: string;
  code: string | null;
  created_at: Date;
}

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

/** The controls answer only from loopback, addressed as localhost (README 'Limits and controls'), unless opened. */
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

  const clockState = (c: { var: AppEnv['Variables'] }) => {
    const { clock } = c.var.deps;
    const now = clock.now();
    return { now: now.toISOString(), nowIst: istDateTime(now), offsetSeconds: Math.round(clock.offsetMs() / 1000) };
  };

  r.get('/sandbox/api/outbox', async (c) => {
    const { db } = c.var.deps;
    const phone = c.req.query('phone');
    if (phone !== undefined && !PHONE_RE.test(phone)) return c.json({ error: 'phone must be 91 followed by a 10-digit mobile number' }, 400);
    const rows = await db.query<OutboxRow>(
      `SELECT phone, text, code, created_at FROM sms_outbox
        WHERE ($1::text IS NULL OR phone = $1) ORDER BY created_at DESC, id DESC LIMIT 50`,
      [phone ?? null],
    );
    return c.json({
      messages: rows.rows.map((m) => ({ phone: m.phone, text: m.text, code: m.code, createdAt: m.created_at.toISOString() })),
    });
  });

  r.get('/sandbox/api/clock', (c) => c.json(clockState(c)));

  r.post('/sandbox/api/clock', async (c) => {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      return c.json({ error: 'The request body must be JSON, e.g. {"advanceSeconds": 600}' }, 400);
    }
    const parsed = v.safeParse(ClockBody, raw);
    if (!parsed.success) return c.json({ error: `${describeIssues(parsed.issues)} (send {"advanceSeconds": n} or {"reset": true})` }, 400);
    const { clock, log } = c.var.deps;
    if ('reset' in parsed.output) await clock.reset();
    else await clock.advance(parsed.output.advanceSeconds * 1000);
    const state = clockState(c);
    log(`[sandbox clock] now ${state.nowIst} IST (offset ${state.offsetSeconds} s)`);
    return c.json(state);
  });

  // The verification journey's setup per borrower (README 'Verification'): read it, or set it (creating the borrower).
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
    c.var.deps.rateLimits.reset();
    c.var.deps.log('[sandbox limits] counts reset');
    return c.json(limitsView(c));
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
    const { db } = c.var.deps;
    const rows = await db.query<OutboxRow>('SELECT phone, text, code, created_at FROM sms_outbox ORDER BY created_at DESC, id DESC LIMIT 50');
    c.header('Cache-Control', 'no-store');
    return c.html(outboxPage(rows.rows, clockState(c)));
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

/** Bolds the code inside the (already escaped) message text; codes are digits, so nothing to escape. */
function highlightCode(escapedText: string, code: string | null): string {
  return code && /^\d+$/.test(code) ? escapedText.replace(code, `<strong>${code}</strong>`) : escapedText;
}

function outboxPage(messages: OutboxRow[], clock: { nowIst: string; offsetSeconds: number }): string {
  const e = escapeHtml;
  const messageRows = messages.length
    ? messages
        .map(
          (m) =>
            `<tr><td class="nowrap">+${e(m.phone.slice(0, 2))} ${e(m.phone.slice(2))}</td><td>${highlightCode(e(m.text), m.code)}</td><td class="nowrap">${e(istDate(m.created_at))}<br>${e(istDateTime(m.created_at).slice(11))}</td></tr>`,
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
<a class="button" href="/sandbox">Refresh</a>
<table>
<thead><tr><th>Phone</th><th>Message</th><th>Time (IST)</th></tr></thead>
<tbody>
${messageRows}
</tbody>
</table>
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
<p class="muted"><code>GET /sandbox/api/outbox?phone=91XXXXXXXXXX</code> lists messages as JSON. <code>POST /sandbox/api/clock</code> with <code>{"advanceSeconds": 600}</code> moves the server clock; <code>{"reset": true}</code> puts it back. <code>POST /sandbox/api/verification</code> with <code>{"phone": "91XXXXXXXXXX", "kycVariant": "otp", "stepOrder": ["basic", "identity"], "livingHold": true, "reset": true}</code> sets a borrower's verification journey (<code>GET ?phone=</code> shows it). <code>GET /sandbox/api/limits</code> shows the abuse limits; <code>POST</code> with <code>{"reset": true}</code> forgets what they counted.</p>
</main>
</body>
</html>`;
}

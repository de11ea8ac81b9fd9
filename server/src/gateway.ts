/**
 * The sandbox's payment gateway in test mode, another party than the lender: its hosted payment page,
 * its result pages and the QA calls on its transactions, modelled on Razorpay's and Cashfree's test
 * modes. Its records and signatures, which the lender's side also uses, are in domain/gateway.ts.
 * The test UPI IDs pick the outcome (server/README.md); the whole flow: docs/sandbox/payments.md.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { API_BASE, ENDPOINTS } from '../../contract/endpoints';
import { PAYMENT_RETURN_PARAM } from '../../contract/orders';
import type { Queryable } from './db';
import {
  type GatewayTransaction,
  gatewayStatus,
  notification,
  PENDING_RESOLVES_AFTER_MS,
  randomId,
  SIGNATURE_HEADER,
  TXN_COLUMNS,
} from './domain/gateway';
import type { AppEnv } from './env';
import { controlsRefusal } from './network';
import { escapeHtml } from './html';

/** Where the gateway sends its notifications: the lender's callback, on the same origin as the gateway. */
export const LENDER_CALLBACK_PATH = `${API_BASE}${ENDPOINTS.paymentCallback.path}`;
export const GATEWAY_PAGE_PREFIX = '/sandbox/gateway/pay/';
/**
 * Where apply-extension sends the borrower when the amount already repaid covered the whole fee (no
 * payment: the extension is done): on to the return address, or a page saying there is nothing to pay.
 */
export const EXTENSION_COVERED_PREFIX = '/sandbox/gateway/extension-covered/';
const STYLE_PATH = '/sandbox/gateway/gateway.css';

/** The merchant the page names. */
export const MERCHANT_NAME = 'Sandbox Finance Private Limited';

/** The test UPI IDs: what each does. */
export const TEST_VPAS = {
  'success@sandbox': { status: 'success', resolvesTo: null, label: 'the payment succeeds' },
  'failure@sandbox': { status: 'failed', resolvesTo: null, label: 'the payment fails: no money is taken' },
  'pending@sandbox': { status: 'pending', resolvesTo: 'success', label: 'pending; the bank confirms it 2 minutes later' },
  'pending-failure@sandbox': { status: 'pending', resolvesTo: 'failed', label: 'pending; the bank declines it 2 minutes later' },
} as const;
type Vpa = keyof typeof TEST_VPAS;
const isVpa = (s: string): s is Vpa => Object.hasOwn(TEST_VPAS, s);

/** Names of the return address's query parameter the page reads, the contract's first. */
export const RETURN_PARAMS = [PAYMENT_RETURN_PARAM, 'callback', 'callbackUrl', 'returnUrl', 'redirect_url'] as const;
const MAX_RETURN_LENGTH = 2048;

// ——— The gateway's records ———

/** The payment intent as the gateway sees it (created by the lender through the gateway's API). */
interface Intent {
  id: string;
  order_id: number;
  order_no: string;
  amount: number;
  return_origin: string | null;
  expires_at: Date;
  /** 'extension': the fee of an extension of the due date (paid in full); 'closure': the loan closed at its quote (paid in full); 'repay': the loan. */
  purpose: 'repay' | 'extension' | 'closure';
}

async function findIntent(db: Queryable, paymentId: string): Promise<Intent | null> {
  if (!/^pay_[A-Za-z0-9]{1,64}$/.test(paymentId)) return null;
  const r = await db.query<Intent>(
    `SELECT p.id, p.order_id, o.order_no, p.amount, p.return_origin, p.expires_at, p.purpose
       FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.id = $1`,
    [paymentId],
  );
  return r.rows[0] ?? null;
}

/** Sends the lender a request (in-process: `app.request`; see app.ts). */
export type Notify = (request: Request) => Promise<Response>;

/** Signs and sends the transaction's notification to the lender; records when, and the lender's HTTP status. */
async function notifyLender(c: Context<AppEnv>, notify: Notify, txn: GatewayTransaction, orderId: number) {
  const { db, clock, log } = c.var.deps;
  const now = clock.now();
  const { body, signature } = notification(txn, orderId, now);
  let status: number | null = null;
  let answer = '';
  try {
    const res = await notify(
      new Request(`${origin(c)}${LENDER_CALLBACK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
        body,
      }),
    );
    status = res.status;
    answer = await res.text();
  } catch (err) {
    log(`[gateway] notification for ${txn.payment_id} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  await db.query('UPDATE gateway_transactions SET notified_at = $2, notify_status = $3 WHERE ref = $1', [txn.ref, now.toISOString(), status]);
  log(`[gateway] ${txn.payment_id} ${txn.status} ₹${txn.amount} → lender HTTP ${status ?? 'unreachable'}`);
  return { status, answer };
}

// ——— Addresses ———

/**
 * The gateway's own origin: the sandbox's configured public origin (origins.ts), never the request's
 * Host or X-Forwarded-* headers, which whoever sends the request writes.
 */
export const origin = (c: Context<AppEnv>): string => c.var.deps.publicOrigin;

export const gatewayPageUrl = (gatewayOrigin: string, paymentId: string) => `${gatewayOrigin}${GATEWAY_PAGE_PREFIX}${paymentId}`;

type ReturnCheck = { ok: true; url: string | null } | { ok: false };

/**
 * The return address, when it may be used: absent (ok, null), or an http(s) URL — absolute, or a
 * path on the gateway's origin — whose origin is the gateway's or the app's (the Origin of the repay
 * request when it is one the sandbox is configured with, kept with the payment), without
 * user:password. Anything else (javascript:, data:, another site) is refused: the gateway is no open redirect.
 */
export function checkReturn(raw: string | undefined, gatewayOrigin: string, appOrigin: string | null): ReturnCheck {
  if (raw === undefined || raw === '') return { ok: true, url: null };
  if (raw.length > MAX_RETURN_LENGTH) return { ok: false };
  let url: URL;
  try {
    url = new URL(raw, `${gatewayOrigin}/`);
  } catch {
    return { ok: false };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false };
  if (url.username || url.password) return { ok: false };
  if (url.origin !== gatewayOrigin && url.origin !== appOrigin) return { ok: false };
  return { ok: true, url: url.href };
}

/** An app origin kept with a payment, while the sandbox is still configured with it (older rows kept any Origin). */
const configured = (c: Context<AppEnv>, stored: string | null): string | null => (stored !== null && c.var.deps.returnOrigins.has(stored) ? stored : null);

/** The return address of a page request: the first of RETURN_PARAMS present. */
function returnParam(c: Context<AppEnv>): string | undefined {
  for (const name of RETURN_PARAMS) {
    const value = c.req.query(name);
    if (value !== undefined) return value;
  }
  return undefined;
}

// ——— Pages ———

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;
const e = escapeHtml;

const GATEWAY_CSS = `*{box-sizing:border-box}
body{font:16px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;background:#eef1f5;color:#1b1f24}
main{max-width:420px;margin:0 auto;padding:16px}
.test{background:#fff4d6;color:#6b4e00;border:1px solid #f0d27a;border-radius:8px;padding:6px 10px;font-size:13px;margin:0 0 12px}
.card{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 2px}.merchant{color:#57606a;margin:0 0 12px;font-size:14px}
dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:4px 12px;margin:0 0 16px}dt{color:#57606a}dd{margin:0;text-align:right;font-weight:600;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin:12px 0 4px}
input[type=number]{width:100%;font:inherit;padding:10px;border:1px solid #8c959f;border-radius:8px}
fieldset{border:1px solid #d0d7de;border-radius:8px;margin:16px 0 0;padding:8px 12px}legend{font-weight:600;padding:0 4px}
fieldset label{font-weight:400;display:flex;gap:8px;align-items:flex-start;margin:8px 0}code{font-weight:600}
.hint{color:#57606a;font-size:13px;margin:4px 0 0}
button,.button{display:block;width:100%;margin:20px 0 0;padding:12px;font:inherit;font-weight:700;color:#fff;background:#0b5cad;border:0;border-radius:8px;text-align:center;text-decoration:none;cursor:pointer}
.link{display:block;text-align:center;margin:16px 0 0;color:#0b5cad}
.error{color:#a40e26;background:#ffebe9;border-radius:8px;padding:8px 10px;margin:0 0 12px}
.status{font-size:20px;margin:0 0 8px}.success{color:#116329}.failed{color:#a40e26}.pending{color:#6b4e00}
`;

function page(title: string, body: string, refreshTo?: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)} · Sandbox Pay (test mode)</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${STYLE_PATH}">
${refreshTo ? `<meta http-equiv="refresh" content="0; url=${e(refreshTo)}">\n` : ''}</head>
<body><main>
<p class="test">Sandbox Pay, TEST MODE: no real money moves.</p>
<div class="card">
${body}
</div>
</main></body>
</html>`;
}

function messagePage(title: string, text: string): string {
  return page(title, `<h1>${e(title)}</h1>\n<p>${e(text)}</p>`);
}

function payPage(intent: Intent, returnUrl: string | null, error?: string, amount?: string, vpa?: string): string {
  const chosen = vpa && isVpa(vpa) ? vpa : 'success@sandbox';
  const fee = intent.purpose === 'extension';
  const closure = intent.purpose === 'closure';
  // An extension fee and a closure quote are paid in full (each is done once it is); a repayment may be paid in part.
  const amountField = fee
    ? `<input type="hidden" name="amount" value="${intent.amount}">
<p class="hint">The extension fee is paid in full: once it is, the due date moves to 7 days after the extension request.</p>`
    : closure
      ? `<input type="hidden" name="amount" value="${intent.amount}">
<p class="hint">This amount closes the loan and is paid in full.</p>`
      : `<label for="amount">Amount to pay (₹)</label>
<input id="amount" name="amount" type="number" inputmode="numeric" min="1" max="${intent.amount}" step="1" required value="${e(amount ?? String(intent.amount))}" aria-describedby="amount-hint">
<p class="hint" id="amount-hint">The full amount due, or part of it: from ₹1 to ${e(rupees(intent.amount))}.</p>`;
  const options = (Object.keys(TEST_VPAS) as Vpa[])
    .map(
      (id) =>
        `<label><input type="radio" name="vpa" value="${e(id)}"${id === chosen ? ' checked' : ''}> <span><code>${e(id)}</code>: ${e(TEST_VPAS[id].label)}</span></label>`,
    )
    .join('\n');
  return page(
    `Pay ${rupees(intent.amount)}`,
    `<h1>Sandbox Pay</h1>
<p class="merchant">Paying ${e(MERCHANT_NAME)}</p>
${error ? `<p class="error" role="alert">${e(error)}</p>\n` : ''}<dl><dt>Order</dt><dd>${e(intent.order_no)}</dd><dt>For</dt><dd>${fee ? 'Extension fee (due date extension)' : closure ? 'Loan closure' : 'Loan repayment'}</dd><dt>${fee ? 'Extension fee' : 'Amount due'}</dt><dd>${e(rupees(intent.amount))}</dd></dl>
<form method="post" action="${e(GATEWAY_PAGE_PREFIX + intent.id)}">
${returnUrl ? `<input type="hidden" name="${PAYMENT_RETURN_PARAM}" value="${e(returnUrl)}">\n` : ''}${amountField}
<fieldset><legend>Pay with UPI (test IDs)</legend>
${options}
</fieldset>
<button type="submit">Pay</button>
</form>
${returnUrl ? `<a class="link" href="${e(returnUrl)}">Cancel and return to the merchant</a>` : ''}`,
  );
}

const RESULT_TEXT = {
  success: { title: 'Payment successful', text: (t: GatewayTransaction) => `${rupees(t.amount)} paid to ${MERCHANT_NAME}.` },
  failed: { title: 'Payment failed', text: () => 'No money was taken. Go back to the app to try again.' },
  pending: {
    title: 'Payment pending',
    text: () => 'Your bank has not confirmed this payment yet. It will answer within 2 minutes; the app shows the payment once it does.',
  },
} as const;

function resultPage(txn: GatewayTransaction, returnUrl: string | null, redirect: boolean): string {
  const r = RESULT_TEXT[txn.status];
  return page(
    r.title,
    `<h1 class="status ${txn.status}">${e(r.title)}</h1>
<p>${e(r.text(txn))}</p>
<dl><dt>Reference</dt><dd>${e(txn.ref)}</dd><dt>Amount</dt><dd>${e(rupees(txn.amount))}</dd><dt>Paid with</dt><dd>${e(txn.vpa)}</dd></dl>
${returnUrl ? `<a class="button" href="${e(returnUrl)}">Return to the merchant</a>` : '<p>You can close this page and go back to the app.</p>'}`,
    redirect && returnUrl ? returnUrl : undefined,
  );
}

export const GATEWAY_MESSAGES = {
  notFound: 'Payment not found',
  notFoundText: 'This payment link is not valid. Go back to the app and tap Repayment again.',
  expired: 'Payment link expired',
  expiredText: 'This payment link has expired. Go back to the app and tap Repayment again.',
  badReturn: 'Return address not allowed',
  badReturnText:
    "This payment page was opened with a return address that is not the merchant's, so it was not accepted. Nothing was paid. Go back to the app and tap Repayment again.",
  covered: 'Nothing to pay',
  coveredText: 'The amount you had already repaid covers the extension fee: the extension is done and the due date has moved. Go back to the app.',
  otherSite: 'Payment refused',
  otherSiteText: 'This payment was sent from another site. Nothing was paid.',
  amount: (max: number) => `Enter an amount from ₹1 to ${rupees(max)} in whole rupees.`,
  vpa: 'Choose one of the test UPI IDs.',
} as const;

// ——— Routes ———

const noStore = (c: Context) => c.header('Cache-Control', 'no-store');

export function gatewayRoutes(notify: Notify) {
  const r = new Hono<AppEnv>();

  r.get(STYLE_PATH, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.body(GATEWAY_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' });
  });

  /** Where the browser goes once the transaction exists: straight to a same-origin return address, else the result page. */
  const afterPaying = (c: Context<AppEnv>, intent: Intent, returnUrl: string | null) => {
    const gatewayOrigin = origin(c);
    if (returnUrl && new URL(returnUrl).origin === gatewayOrigin) return c.redirect(returnUrl, 303);
    // Another origin (the app's, in development): a page that forwards there. A 303 to it would be
    // blocked by the page's CSP form-action 'self' after a form submission.
    const result = new URL(GATEWAY_PAGE_PREFIX + intent.id, gatewayOrigin);
    if (returnUrl) result.searchParams.set(PAYMENT_RETURN_PARAM, returnUrl);
    return c.redirect(result.pathname + result.search, 303);
  };

  r.get(`${GATEWAY_PAGE_PREFIX}:paymentId`, async (c) => {
    noStore(c);
    const { db, clock } = c.var.deps;
    const now = clock.now();
    const intent = await findIntent(db, c.req.param('paymentId'));
    if (!intent) return c.html(messagePage(GATEWAY_MESSAGES.notFound, GATEWAY_MESSAGES.notFoundText), 404);
    const ret = checkReturn(returnParam(c), origin(c), configured(c, intent.return_origin));
    if (!ret.ok) return c.html(messagePage(GATEWAY_MESSAGES.badReturn, GATEWAY_MESSAGES.badReturnText), 400);
    const before = await db.query<{ status: string }>('SELECT status FROM gateway_transactions WHERE payment_id = $1', [intent.id]);
    const txn = await gatewayStatus(db, intent.id, now);
    if (txn) {
      // The bank's answer to a pending payment arrived while nobody was looking: tell the lender now.
      if (before.rows[0]?.status === 'pending' && txn.status !== 'pending') await notifyLender(c, notify, txn, intent.order_id);
      return c.html(resultPage(txn, ret.url, ret.url !== null && new URL(ret.url).origin !== origin(c)));
    }
    if (intent.expires_at.getTime() <= now.getTime()) return c.html(messagePage(GATEWAY_MESSAGES.expired, GATEWAY_MESSAGES.expiredText), 410);
    return c.html(payPage(intent, ret.url));
  });

  r.get(`${EXTENSION_COVERED_PREFIX}:extensionId`, async (c) => {
    noStore(c);
    const raw = c.req.param('extensionId');
    const found = /^\d{1,9}$/.test(raw)
      ? await c.var.deps.db.query<{ return_origin: string | null }>("SELECT return_origin FROM extensions WHERE id = $1 AND state = 'paid'", [Number(raw)])
      : null;
    const extension = found?.rows[0];
    if (!extension) return c.html(messagePage(GATEWAY_MESSAGES.notFound, GATEWAY_MESSAGES.notFoundText), 404);
    const ret = checkReturn(returnParam(c), origin(c), configured(c, extension.return_origin));
    if (!ret.ok) return c.html(messagePage(GATEWAY_MESSAGES.badReturn, GATEWAY_MESSAGES.badReturnText), 400);
    if (ret.url) return c.redirect(ret.url, 303);
    return c.html(messagePage(GATEWAY_MESSAGES.covered, GATEWAY_MESSAGES.coveredText));
  });

  r.post(`${GATEWAY_PAGE_PREFIX}:paymentId`, async (c) => {
    noStore(c);
    const { db, clock } = c.var.deps;
    const gatewayOrigin = origin(c);
    const sentFrom = c.req.header('origin');
    if (sentFrom !== undefined && sentFrom !== gatewayOrigin) return c.html(messagePage(GATEWAY_MESSAGES.otherSite, GATEWAY_MESSAGES.otherSiteText), 403);
    const intent = await findIntent(db, c.req.param('paymentId'));
    if (!intent) return c.html(messagePage(GATEWAY_MESSAGES.notFound, GATEWAY_MESSAGES.notFoundText), 404);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      form = {};
    }
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : undefined);
    const ret = checkReturn(field(PAYMENT_RETURN_PARAM), gatewayOrigin, configured(c, intent.return_origin));
    if (!ret.ok) return c.html(messagePage(GATEWAY_MESSAGES.badReturn, GATEWAY_MESSAGES.badReturnText), 400);

    const now = clock.now();
    // Paid already (a double submit, Back and submit again): one transaction per intent.
    if (await gatewayStatus(db, intent.id, now)) return afterPaying(c, intent, ret.url);
    if (intent.expires_at.getTime() <= now.getTime()) return c.html(messagePage(GATEWAY_MESSAGES.expired, GATEWAY_MESSAGES.expiredText), 410);

    const amountText = (field('amount') ?? '').trim();
    const vpa = (field('vpa') ?? '').trim().toLowerCase();
    const amount = /^\d{1,9}$/.test(amountText) ? Number(amountText) : NaN;
    const least = intent.purpose === 'repay' ? 1 : intent.amount;
    if (!(amount >= least && amount <= intent.amount)) return c.html(payPage(intent, ret.url, GATEWAY_MESSAGES.amount(intent.amount), amountText, vpa), 400);
    if (!isVpa(vpa)) return c.html(payPage(intent, ret.url, GATEWAY_MESSAGES.vpa, amountText), 400);

    const test = TEST_VPAS[vpa];
    const inserted = await db.query<GatewayTransaction>(
      `INSERT INTO gateway_transactions (ref, payment_id, vpa, amount, status, resolves_at, resolves_to, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       ON CONFLICT (payment_id) DO NOTHING
       RETURNING ${TXN_COLUMNS}`,
      [
        randomId('gw_'), intent.id, vpa, amount, test.status,
        test.resolvesTo ? new Date(now.getTime() + PENDING_RESOLVES_AFTER_MS).toISOString() : null,
        test.resolvesTo, now.toISOString(),
      ],
    );
    const txn = inserted.rows[0];
    if (txn) await notifyLender(c, notify, txn, intent.order_id);
    return afterPaying(c, intent, ret.url);
  });

  // ——— QA controls (the sandbox page's console reads these; loopback only unless SANDBOX_CONTROLS=open) ———
  r.use('/sandbox/api/payments', async (c, next) => {
    const refusal = controlsRefusal(c);
    return refusal ? c.json({ error: refusal }, 403) : next();
  });
  r.use('/sandbox/api/payments/*', async (c, next) => {
    const refusal = controlsRefusal(c);
    return refusal ? c.json({ error: refusal }, 403) : next();
  });

  r.get('/sandbox/api/payments', async (c) => {
    const { db, clock } = c.var.deps;
    const orderId = c.req.query('orderId');
    const phone = c.req.query('phone');
    if (orderId !== undefined ? !/^\d{1,9}$/.test(orderId) : phone === undefined || !/^91[6-9]\d{9}$/.test(phone))
      return c.json({ error: 'send ?orderId=<order id> or ?phone=91XXXXXXXXXX' }, 400);
    const rows = await db.query<{ id: string; order_id: number; order_no: string; amount: number; status: string; paid_amount: number; created_at: Date }>(
      `SELECT p.id, p.order_id, o.order_no, p.amount, p.status, p.paid_amount, p.created_at
         FROM payments p JOIN orders o ON o.id = p.order_id JOIN users u ON u.id = p.user_id
        WHERE ${orderId !== undefined ? 'p.order_id = $1' : 'u.phone = $1'}
        ORDER BY p.created_at DESC, p.id LIMIT 100`,
      [orderId !== undefined ? Number(orderId) : phone],
    );
    const now = clock.now();
    const payments = [];
    for (const p of rows.rows) {
      const txn = await gatewayStatus(db, p.id, now);
      payments.push({
        paymentId: p.id,
        orderId: String(p.order_id),
        orderNo: p.order_no,
        amount: p.amount,
        status: p.status,
        paidAmount: p.paid_amount,
        createdAt: p.created_at.toISOString(),
        gateway: txn
          ? { ref: txn.ref, vpa: txn.vpa, amount: txn.amount, status: txn.status, resolvesAt: txn.resolves_at?.toISOString() ?? null, notifiedAt: txn.notified_at?.toISOString() ?? null, lenderHttpStatus: txn.notify_status }
          : null,
      });
    }
    return c.json({ payments });
  });

  r.post('/sandbox/api/payments/:paymentId/replay', async (c) => {
    const { db, clock } = c.var.deps;
    // The QA console posts a form and wants to be back on the console, with what happened.
    const fromConsole = (c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded');
    const phone = fromConsole ? String((await c.req.parseBody()).phone ?? '') : '';
    const backToConsole = (note: string) => c.redirect(`/sandbox?${new URLSearchParams({ ...(/^\d{10}$/.test(phone) ? { phone } : {}), note }).toString()}#orders`, 303);
    const intent = await findIntent(db, c.req.param('paymentId'));
    if (!intent) return fromConsole ? backToConsole(GATEWAY_MESSAGES.notFound) : c.json({ error: GATEWAY_MESSAGES.notFound }, 404);
    const txn = await gatewayStatus(db, intent.id, clock.now());
    const unpaid = 'This payment has not been paid on the gateway page yet: there is no notification to send.';
    if (!txn) return fromConsole ? backToConsole(unpaid) : c.json({ error: unpaid }, 409);
    const sent = await notifyLender(c, notify, txn, intent.order_id);
    if (fromConsole) return backToConsole(`Callback of ${intent.id} (${txn.status}, ₹${txn.amount}) sent again: the lender answered HTTP ${sent.status}.`);
    let lender: unknown = sent.answer;
    try {
      lender = JSON.parse(sent.answer);
    } catch {
      // not JSON: kept as text
    }
    return c.json({ paymentId: intent.id, gatewayRef: txn.ref, status: txn.status, amount: txn.amount, lenderHttpStatus: sent.status, lender });
  });

  return r;
}

/**
 * The sandbox's native shell: GET /sandbox/shell plays the native app around the web app (iOS,
 * Android or none; device info signed, unsigned, badly signed, refused or never answered), with a log
 * of every bridge call. The app's pages may not be framed (headers.ts), so the shell opens the app in
 * a window it owns, as a webview does, and installs the bridge into it after every page load. No
 * inline script or style (the page's CSP): /sandbox/shell.js and /sandbox/shell.css.
 *
 * Its helpers are sandbox controls (this computer only, unless SANDBOX_CONTROLS=open):
 * - POST /sandbox/api/shell/sign: signs device info as a native app does, on the sandbox clock;
 * - POST /sandbox/api/devices {deviceId, phone} binds a device to a borrower; GET shows the binding.
 */
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { callName, ENDPOINTS } from '../../../contract/endpoints';
import type { AppEnv } from '../env';
import { describeIssues } from '../envelope';
import { controlsRefusal } from '../network';
import { bindDevice, canonicalDevice, DEFAULT_SHELL_SECRET, deviceView, newNonce, SIGNATURE_WINDOW_MS, signDevice } from './bridge-login';
import { escapeHtml } from './sandbox';
import { PHONE_RE } from './sms-login';

const SCRIPT = readFileSync(new URL('./sandbox-shell.client.js', import.meta.url), 'utf8');

const controlsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const refusal = controlsRefusal(c);
  if (!refusal) return next();
  return c.req.path.startsWith('/sandbox/api/') ? c.json({ error: refusal }, 403) : c.text(refusal, 403);
};

const DeviceText = v.optional(v.pipe(v.string(), v.maxLength(200)), '');
const SignBody = v.object({
  deviceId: v.pipe(v.string('deviceId is required'), v.minLength(1, 'deviceId is required'), v.maxLength(128)),
  version: DeviceText,
  idfv: DeviceText,
  idfa: DeviceText,
  systemVersion: DeviceText,
  model: DeviceText,
  timestamp: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'timestamp must be Unix seconds'))),
  nonce: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/, 'nonce must be 16 to 128 letters, digits, - or _'))),
});
const BindBody = v.object({
  deviceId: v.pipe(v.string('deviceId is required'), v.trim(), v.minLength(1, 'deviceId is required'), v.maxLength(128)),
  phone: v.pipe(
    v.string('phone is required'),
    v.transform((p) => p.replace(/[\s+-]/g, '')),
    v.transform((p) => (/^\d{10}$/.test(p) ? `91${p}` : p)),
    v.regex(PHONE_RE, 'phone must be a 10-digit mobile number (or 91 followed by it)'),
  ),
});

async function jsonBody(c: { req: { text(): Promise<string> } }): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text()) as unknown;
  } catch {
    return null;
  }
}

export function sandboxShellRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/sandbox/shell', controlsOnly);
  r.use('/sandbox/shell.*', controlsOnly);
  r.use('/sandbox/api/shell/*', controlsOnly);
  r.use('/sandbox/api/devices', controlsOnly);

  r.get('/sandbox/shell', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.html(shellPage());
  });
  r.get('/sandbox/shell.js', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.body(SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
  r.get('/sandbox/shell.css', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.body(STYLE, 200, { 'Content-Type': 'text/css; charset=utf-8' });
  });

  r.post('/sandbox/api/shell/sign', async (c) => {
    const parsed = v.safeParse(SignBody, await jsonBody(c));
    if (!parsed.success) return c.json({ error: describeIssues(parsed.issues) }, 400);
    // The shell plays the native app, whose clock is the lender's: here the sandbox clock, which QA may move.
    const info = {
      ...parsed.output,
      timestamp: parsed.output.timestamp ?? String(Math.floor(c.var.deps.clock.now().getTime() / 1000)),
      nonce: parsed.output.nonce ?? newNonce(),
    };
    return c.json({ sign: signDevice(info), canonical: canonicalDevice(info), timestamp: info.timestamp, nonce: info.nonce });
  });

  r.get('/sandbox/api/devices', async (c) => {
    const deviceId = c.req.query('deviceId') ?? '';
    if (deviceId === '' || deviceId.length > 128) return c.json({ error: 'deviceId is required' }, 400);
    const view = await deviceView(c.var.deps.db, deviceId);
    return view ? c.json(view) : c.json({ error: 'No such device yet' }, 404);
  });
  r.post('/sandbox/api/devices', async (c) => {
    const parsed = v.safeParse(BindBody, await jsonBody(c));
    if (!parsed.success) return c.json({ error: `${describeIssues(parsed.issues)} (send {"deviceId": "…", "phone": "91XXXXXXXXXX"})` }, 400);
    const { db, clock, log } = c.var.deps;
    await bindDevice(db, parsed.output.deviceId, parsed.output.phone, clock.now());
    log(`[sandbox shell] device ${parsed.output.deviceId} bound to ${parsed.output.phone}`);
    return c.json(await deviceView(db, parsed.output.deviceId));
  });

  return r;
}

const STYLE = `body{font:15px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;padding:16px;color:#1b1f24;background:#f6f7f9}
main{max-width:760px;margin:0 auto}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:20px 0 8px}
p{margin:6px 0}.muted{color:#5b6470;font-size:13px}
fieldset{background:#fff;border:1px solid #e4e7eb;border-radius:8px;margin:0 0 12px;padding:8px 12px 12px}
legend{font-weight:600;padding:0 4px}
.choice{display:block;padding:4px 0}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:8px}
.grid label{display:flex;flex-direction:column;font-size:13px;color:#5b6470}
input[type=text]{font:inherit;padding:6px 8px;border:1px solid #c4cad1;border-radius:6px;color:#1b1f24}
.row{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:8px 0}
button{font:inherit;padding:10px 16px;border-radius:8px;border:1px solid #1E6FD9;background:#1E6FD9;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1E6FD9}
#log{background:#fff;border:1px solid #e4e7eb;border-radius:8px;margin:0;padding:8px 8px 8px 32px;min-height:48px;font:13px/1.5 ui-monospace,Menlo,Consolas,monospace}
#log li[data-kind=error]{color:#b3261e}#log li[data-kind=action]{color:#0b6b2f;font-weight:600}
#log .time{color:#5b6470}
code{background:#eef1f4;padding:1px 4px;border-radius:4px}
a{color:#1E6FD9}`;

function radio(name: string, value: string, label: string, checked = false): string {
  return `<label class="choice"><input type="radio" name="${name}" value="${value}"${checked ? ' checked' : ''}> ${escapeHtml(label)}</label>`;
}

function text(id: string, label: string, value: string, extra = ''): string {
  return `<label for="${id}">${escapeHtml(label)}<input type="text" id="${id}" name="${id}" value="${escapeHtml(value)}" autocomplete="off"${extra}></label>`;
}

function shellPage(): string {
  const hex = (n: number) => crypto.randomBytes(n).toString('hex');
  const uuid = () => crypto.randomUUID().toUpperCase();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox native shell</title>
<link rel="stylesheet" href="/sandbox/shell.css">
<script src="/sandbox/shell.js" defer></script>
</head>
<body>
<main>
<h1>Sandbox native shell</h1>
<p class="muted">Plays the borrower app's native shell: it opens the web app in a window it owns (the webview), installs the bridge there (docs/native-bridge.md 'The native shell bridge') and answers as set below. Every call is logged. <a href="/sandbox">Back to the sandbox</a></p>
<form id="shell">
<fieldset><legend>Shell</legend>
${radio('flavour', 'ios', 'iOS: window.webkit.messageHandlers.borrowerBridge', true)}
${radio('flavour', 'android', 'Android: window.BorrowerBridge (JavaScript interface)')}
${radio('flavour', 'none', 'No shell (a plain browser)')}
</fieldset>
<fieldset><legend>Device info answer</legend>
${radio('answer', 'signed', `Signed with the sandbox secret: ${callName(ENDPOINTS.signedLogin)}`, true)}
${radio('answer', 'unsigned', `Unsigned (a partner shell): ${callName(ENDPOINTS.unsignedLogin)}`)}
${radio('answer', 'bad-sign', 'Badly signed: the signed login is refused')}
${radio('answer', 'stale', 'Signed 10 minutes ago (a stale signature): the signed login is refused')}
${radio('answer', 'replay', 'The last signed answer again (a replayed nonce): the signed login is refused')}
${radio('answer', 'refuse', 'Refused by the shell')}
${radio('answer', 'timeout', 'No answer (the app times out after 3 s)')}
</fieldset>
<fieldset><legend>Device</legend>
<div class="grid">
${text('deviceId', 'deviceId', `sandbox-${hex(6)}`)}
${text('version', 'version (app)', '1.4.0')}
${text('idfv', 'idfv', uuid())}
${text('idfa', 'idfa', uuid())}
${text('systemVersion', 'systemVersion', '17.5')}
${text('model', 'model', 'iPhone15,2')}
${text('sdkVersion', 'sdkVersion (header)', '17.5')}
${text('brand', 'brand (header)', 'Apple')}
${text('phone', "Borrower's phone (binds the device, which then signs in signed only; empty: a new device is a new borrower)", '', ' inputmode="numeric"')}
</div>
</fieldset>
<div class="grid">
${text('page', 'Page to open', '/joint')}
</div>
<div class="row"><label class="choice"><input type="checkbox" id="closeWindow" checked> closeWebview and finish close the app window</label></div>
<div class="row"><button type="submit">Open the app in the shell</button><button type="button" class="secondary" id="clear">Clear the log</button></div>
</form>
<h2>Log</h2>
<ol id="log" aria-live="polite"></ol>
<h2>How the signed login is checked</h2>
<p class="muted"><code>sign</code> = HMAC-SHA256, lower-case hex, of <code>deviceId=…&amp;version=…&amp;idfv=…&amp;idfa=…&amp;systemVersion=…&amp;model=…&amp;timestamp=…&amp;nonce=…</code> (values as sent; <code>timestamp</code> in Unix seconds, within ${SIGNATURE_WINDOW_MS / 60_000} minutes of the sandbox clock; <code>nonce</code> used once) with the shell secret: <code>SANDBOX_SHELL_SECRET</code>, by default <code>${escapeHtml(DEFAULT_SHELL_SECRET)}</code>. This shell signs afresh for every device-info answer. <code>POST /sandbox/api/shell/sign</code> signs a device for you; <code>POST /sandbox/api/devices</code> with <code>{"deviceId", "phone"}</code> binds a device to a borrower.</p>
<h2>Who the unsigned login reaches</h2>
<p class="muted">A device id is not a secret. <code>${callName(ENDPOINTS.unsignedLogin)}</code> makes a new, empty borrower for a device never seen, and signs the same device in again only while that borrower holds nothing (no verification step, upload, bank account, order, schedule or feedback, no phone sign-in, no other device). Any other device needs the signed login. See docs/sandbox/native-shell.md, 'Native shell logins'.</p>
</main>
</body>
</html>`;
}

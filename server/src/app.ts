/**
 * The sandbox server as a Hono app, without a listening socket: main.ts serves it, tests call
 * `app.request(...)`. Every /api1 call is an entry of the contract's endpoint table, served by a
 * route module of its domain through routes/serve.ts; the modules are mounted in API_MODULES below.
 */
import { Hono } from 'hono';
import { UNKNOWN_PATH_MSG } from '../../contract/beyond-spec';
import { API_BASE } from '../../contract/endpoints';
import { tokenEverywhere } from './auth';
import { compressAnswers } from './compress';
import { defaultBodyLimit, drainUnreadBody } from './body-limit';
import { isDatabaseUnavailable } from './db';
import type { AppDeps, AppEnv } from './env';
import { ApiError, BAD_INPUT_MESSAGES, CODE_ERROR, envelope, isInputFault } from './envelope';
import { gatewayRoutes } from './gateway';
import { securityHeaders } from './headers';
import { RateLimits } from './limits';
import { returnOrigins } from './origins';
import { PROCESS_HEADER } from './processes';
import { analyticsRoutes } from './routes/analytics';
import { bankRoutes } from './routes/bank';
import { bridgeLoginRoutes } from './routes/bridge-login';
import { clientRoutes } from './routes/client';
import { complaintRoutes } from './routes/complaints';
import { deviceRoutes } from './routes/device';
import { documentRoutes } from './routes/documents';
import { downloadRoutes } from './routes/download';
import { extensionRoutes } from './routes/extension';
import { feedbackRoutes } from './routes/feedback';
import { homeRoutes } from './routes/home';
import { loanRoutes } from './routes/loans';
import { kfsRoutes } from './routes/kfs';
import { mapStateRoutes } from './routes/map-state';
import { orderRoutes } from './routes/orders';
import { payRoutes } from './routes/pay';
import { closureRoutes } from './routes/closure';
import { privacyRoutes } from './routes/privacy';
import { productRoutes } from './routes/products';
import { sandboxRoutes } from './routes/sandbox';
import { sandboxShellRoutes } from './routes/sandbox-shell';
import { scheduleRoutes } from './routes/schedule';
import { sessionRoutes } from './routes/sessions';
import { smsLoginRoutes } from './routes/sms-login';
import { uploadRoutes } from './routes/uploads';
import { verificationRoutes } from './routes/verification';
import { flowsFiles, spaFallback, staticFiles } from './static';

export type { AppDeps, AppEnv } from './env';

const API_MODULES = [
  smsLoginRoutes,
  bridgeLoginRoutes,
  homeRoutes,
  productRoutes,
  orderRoutes,
  loanRoutes,
  kfsRoutes,
  clientRoutes,
  downloadRoutes,
  analyticsRoutes,
  verificationRoutes,
  uploadRoutes,
  mapStateRoutes,
  bankRoutes,
  payRoutes,
  closureRoutes,
  extensionRoutes,
  scheduleRoutes,
  documentRoutes,
  feedbackRoutes,
  deviceRoutes,
  sessionRoutes,
  complaintRoutes,
  privacyRoutes,
];

// The app reads this answer to a call beyond the spec as "not offered" (contract/beyond-spec.ts).
const NOT_FOUND = UNKNOWN_PATH_MSG;
const API_PATHS = `${API_BASE}/*`;
/** The origin of a request made with `app.request('/path')` (tests): the public origin unless one is given. */
const IN_PROCESS_ORIGIN = 'http://localhost';
const SERVER_FAULT = 'Something went wrong on our side. Please try again.';
/** The database is out of reach for a moment (a restart, a lost connection): the request may be sent again. */
export const SERVICE_BUSY = 'Service busy, please try again in a moment.';

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const publicOrigin = deps.publicOrigin ?? IN_PROCESS_ORIGIN;
  const full = {
    ...deps,
    log: deps.log ?? ((line: string) => console.log(line)),
    rateLimits: new RateLimits(deps.limits, deps.db),
    publicOrigin,
    returnOrigins: returnOrigins({ publicOrigin, appOrigins: [...(deps.appOrigins ?? [])] }),
  };
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('deps', full);
    await next();
    // Which of several processes answered (SANDBOX_PROCESSES): for QA reading a multi-process run.
    if (deps.processName) c.header(PROCESS_HEADER, deps.processName);
  });
  // First, so every answer gets them (refusals, errors and 404s too): CSP, no framing, nosniff, referrer policy (headers.ts).
  app.use('*', securityHeaders());
  // Every route has a body limit (its own or this default), and an unread body is read away after
  // the answer, so a refused body neither grows the process nor breaks the keep-alive connection.
  app.use('*', drainUnreadBody);
  app.use('*', defaultBodyLimit());
  // gzip API answers and sandbox pages of 1 KB or more (compress.ts). The app's files (static.ts) are
  // compressed once, at build time, and served as they are: never compressed per request.
  app.use(API_PATHS, compressAnswers());
  app.use('/sandbox/*', compressAnswers());
  app.use(API_PATHS, async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    // The lender's clock: the app counts lender deadlines (the extension's 24-hour window) on it
    // (src/lib/lender-clock.ts). Set here, Node's http server does not add its own real-time Date.
    c.header('Date', full.clock.now().toUTCString());
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(envelope(err.code, err.message, null), err.status);
    if (isDatabaseUnavailable(err)) {
      // An outage of PostgreSQL: every request in it gets this answer, and the server serves again
      // once the database is back (db.ts makes new connections), with no restart.
      full.log(`[database unavailable] ${c.req.method} ${c.req.path}: ${(err as Error).message}`);
      c.header('Retry-After', '2');
      return c.json(envelope(CODE_ERROR, SERVICE_BUSY, null), 503);
    }
    if (isInputFault(err)) {
      // Bad input the boundary (readJson, readQuery, …) let through: answered as such, logged to be fixed there.
      full.log(`[bad input] ${c.req.method} ${c.req.path}: ${(err as Error).message}`);
      return c.json(envelope(CODE_ERROR, BAD_INPUT_MESSAGES.unstorableValue, null), 200);
    }
    // Details go to the server log only; the borrower gets a generic message (and the client retries GETs).
    full.log(`[error] ${c.req.method} ${c.req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return c.json(envelope(CODE_ERROR, SERVER_FAULT, null), 500);
  });

  if (deps.tokenEverywhere) app.use(API_PATHS, tokenEverywhere);

  const api = new Hono<AppEnv>();
  for (const module of API_MODULES) api.route('/', module());
  app.route(API_BASE, api);
  app.all(API_PATHS, (c) => c.json(envelope(CODE_ERROR, NOT_FOUND, null), 404));

  app.route('/', sandboxRoutes());
  app.route('/', sandboxShellRoutes());
  // The sandbox's payment gateway (gateway.ts): its hosted page notifies the lender's callback in-process.
  app.route('/', gatewayRoutes((request) => Promise.resolve(app.request(request))));

  if (deps.flowsDir) app.use('/flows/*', flowsFiles(deps.flowsDir)).use('/flows', flowsFiles(deps.flowsDir));
  if (deps.staticDir) {
    app.use('*', staticFiles(deps.staticDir));
    app.use('*', spaFallback(deps.staticDir));
  }

  app.notFound((c) =>
    c.req.path === API_BASE || c.req.path.startsWith(`${API_BASE}/`) ? c.json(envelope(CODE_ERROR, NOT_FOUND, null), 404) : c.text(NOT_FOUND, 404),
  );
  return app;
}

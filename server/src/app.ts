/**
 * The sandbox server as a Hono app, without a listening socket: main.ts serves it, tests call
 * `app.request(...)`. Routes mirror the spec's paths under /api1, one module per domain; to add a
 * domain, write routes/<domain>.ts (and a migration) and mount it in API_MODULES below.
 */
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { AppDeps, AppEnv } from './env';
import { ApiError, CODE_ERROR, envelope } from './envelope';
import { analyticsRoutes } from './routes/analytics';
import { clientRoutes } from './routes/client';
import { homeRoutes } from './routes/home';
import { mapStateRoutes } from './routes/map-state';
import { orderRoutes } from './routes/orders';
import { productRoutes } from './routes/products';
import { sandboxRoutes } from './routes/sandbox';
import { smsLoginRoutes } from './routes/sms-login';
import { uploadRoutes } from './routes/uploads';
import { verificationRoutes } from './routes/verification';
import { spaFallback, staticFiles } from './static';

export type { AppDeps, AppEnv } from './env';

const API_MODULES = [
  smsLoginRoutes,
  homeRoutes,
  productRoutes,
  orderRoutes,
  clientRoutes,
  analyticsRoutes,
  verificationRoutes,
  uploadRoutes,
  mapStateRoutes,
];

const NOT_FOUND = 'Not found';
const SERVER_FAULT = 'Something went wrong on our side. Please try again.';

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const full = { ...deps, log: deps.log ?? ((line: string) => console.log(line)) };
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('deps', full);
    await next();
  });
  // gzip what is worth it (the app's JS, CSS and HTML, larger API answers): a phone on a slow
  // network gets the first screen in a fraction of the bytes.
  app.use('*', compress());
  app.use('/api1/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(envelope(err.code, err.message, null), err.status);
    // Details go to the server log only; the borrower gets a generic message (and the client retries GETs).
    full.log(`[error] ${c.req.method} ${c.req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return c.json(envelope(CODE_ERROR, SERVER_FAULT, null), 500);
  });

  const api = new Hono<AppEnv>();
  for (const module of API_MODULES) api.route('/', module());
  app.route('/api1', api);
  app.all('/api1/*', (c) => c.json(envelope(CODE_ERROR, NOT_FOUND, null), 404));

  app.route('/', sandboxRoutes());

  if (deps.staticDir) {
    app.use('*', staticFiles(deps.staticDir));
    app.use('*', spaFallback(deps.staticDir));
  }

  app.notFound((c) =>
    c.req.path === '/api1' || c.req.path.startsWith('/api1/') ? c.json(envelope(CODE_ERROR, NOT_FOUND, null), 404) : c.text(NOT_FOUND, 404),
  );
  return app;
}

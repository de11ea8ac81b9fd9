/** Types shared by the app and its route modules. */
import type { Clock } from './clock';
import type { Db } from './db';
import type { LimitSettings, RateLimits } from './limits';

export interface AppDeps {
  db: Db;
  clock: Clock;
  /**
   * Folder of the built app (vite's dist/). When it holds index.html, its files are served and any
   * other GET that accepts text/html gets index.html (SPA fallback). Omit to serve no app.
   */
  staticDir?: string;
  /** Folder of the flow atlas (`npm run flows` writes flows/), served at /flows. Omit to serve none. */
  flowsDir?: string;
  /** Where "sent" SMS and other sandbox notices are logged (default console.log). */
  log?: (line: string) => void;
  /** Abuse limits other than the defaults (limits.ts; main.ts reads them from SANDBOX_LIMIT_*). */
  limits?: Partial<LimitSettings>;
  /** 'open': the sandbox controls answer from anywhere (SANDBOX_CONTROLS=open); default loopback only. */
  controls?: 'loopback' | 'open';
  /** Take the client's address from X-Forwarded-For (SANDBOX_TRUST_X_FORWARDED_FOR=1): only behind a proxy that sets it. */
  trustForwardedFor?: boolean;
  /** Answer -4 to every /api1 call but sign-in made without a valid token (SANDBOX_TOKEN_EVERYWHERE=1; auth.ts). */
  tokenEverywhere?: boolean;
  /**
   * The origin every absolute URL the sandbox builds starts with (origins.ts; main.ts: SANDBOX_PUBLIC_ORIGIN,
   * else the address it listens on). Default http://localhost, the origin of in-process `app.request` calls.
   */
  publicOrigin?: string;
  /** Other origins of the app that payments may return to (SANDBOX_APP_ORIGINS). */
  appOrigins?: readonly string[];
  /** One of several processes (SANDBOX_PROCESSES, processes.ts): its number, sent as X-Sandbox-Process. */
  processName?: string;
}

export interface SessionUser {
  id: number;
  phone: string;
  userStatus: number;
}

/** A POST's Idempotency-Key, for its handler to claim inside its own transaction (idempotency.ts answerOnce). */
export interface IdempotencyClaim {
  userId: number;
  key: string;
  /** sha256 of the method, path and body */
  hash: string;
  /** Set by answerOnce once the key was claimed in the handler's transaction. */
  claimed?: boolean;
}

export interface AppEnv {
  Variables: {
    deps: Required<Pick<AppDeps, 'db' | 'clock' | 'log' | 'publicOrigin'>> & AppDeps & { rateLimits: RateLimits; returnOrigins: ReadonlySet<string> };
    user: SessionUser;
    idempotency: IdempotencyClaim | undefined;
  };
}

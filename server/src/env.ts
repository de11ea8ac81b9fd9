/** Types shared by the app and its route modules. */
import type { Clock } from './clock';
import type { Db } from './db';

export interface AppDeps {
  db: Db;
  clock: Clock;
  /**
   * Folder of the built app (vite's dist/). When it holds index.html, its files are served and any
   * other GET that accepts text/html gets index.html (SPA fallback). Omit to serve no app.
   */
  staticDir?: string;
  /** Where "sent" SMS and other sandbox notices are logged (default console.log). */
  log?: (line: string) => void;
}

export interface SessionUser {
  id: number;
  phone: string;
  userStatus: number;
}

export interface AppEnv {
  Variables: {
    deps: Required<Pick<AppDeps, 'db' | 'clock' | 'log'>> & AppDeps;
    user: SessionUser;
  };
}

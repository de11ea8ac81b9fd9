import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../machines/shared/paths';
import './shell.css';

/** The floating Feedback button and its dialog (spec §1: home and account only), loaded apart from the first screen. */
const Feedback = lazy(() => import('../flows/feedback/Feedback'));
const withFeedback = (pathname: string) => pathname === paths.home.pattern || pathname === paths.personal.pattern;

/** The bottom nav's tabs, and the pages on which each is the current one. */
const tabs = [
  {
    href: paths.home.href(),
    label: 'Home',
    icon: 'M3 11l9-8 9 8v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
    current: (pathname: string) => pathname === paths.home.pattern || pathname === paths.schedule.pattern,
  },
  {
    href: paths.personal.href(),
    label: 'Account',
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0z',
    current: (pathname: string) => pathname.startsWith(paths.personal.pattern),
  },
] as const;

/** The shell of /, /personal and /schedule: the page, then the bottom nav (Home / Account). */
export function Shell({ pathname, children }: { pathname: string; children: ReactNode }) {
  return (
    <div className="shell">
      <div className="shell-page">{children}</div>
      {withFeedback(pathname) && (
        <Suspense fallback={null}>
          <Feedback />
        </Suspense>
      )}
      <nav className="bottom-nav" aria-label="Main">
        {tabs.map((t) => (
          <Link key={t.href} href={t.href} className="bottom-nav-item" aria-current={t.current(pathname) ? 'page' : undefined}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d={t.icon} fill="currentColor" />
            </svg>
            <span>{t.label}</span>
          </Link>
        ))}
      </nav>
    </div>
  );
}

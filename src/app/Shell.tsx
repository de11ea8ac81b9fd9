import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { appText } from '../../i18n/en/app';
import { paths } from '../../machines/shared/paths';
import { useText } from '../ui/text';
import './shell.css';
import { withTexts } from '../lib/language';

/** The floating Feedback button and its dialog (spec §1: home and account only), loaded apart from the first screen. */
const Feedback = lazy(() => withTexts(import('../flows/feedback/Feedback')));
const withFeedback = (pathname: string) => pathname === paths.home.pattern || pathname === paths.personal.pattern;

/** The bottom nav's tabs (labels by key of i18n/en/app.ts), and the pages on which each is the current one. */
const tabs = [
  {
    href: paths.home.href(),
    label: 'home',
    icon: 'M3 11l9-8 9 8v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
    current: (pathname: string) => pathname === paths.home.pattern || pathname === paths.schedule.pattern,
  },
  {
    href: paths.personal.href(),
    label: 'account',
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0z',
    current: (pathname: string) => pathname.startsWith(paths.personal.pattern),
  },
] as const;

/** The shell of /, /personal and /schedule: the page, then the bottom nav (Home / Account). */
export function Shell({ pathname, children }: { pathname: string; children: ReactNode }) {
  const t = useText(appText);
  return (
    <div className={withFeedback(pathname) ? 'shell shell-feedback' : 'shell'}>
      <div className="shell-page">{children}</div>
      {withFeedback(pathname) && (
        <Suspense fallback={null}>
          <Feedback />
        </Suspense>
      )}
      <nav className="bottom-nav" aria-label={t('mainNav')}>
        {tabs.map((tab) => (
          <Link key={tab.href} href={tab.href} className="bottom-nav-item" aria-current={tab.current(pathname) ? 'page' : undefined}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d={tab.icon} fill="currentColor" />
            </svg>
            <span>{t(tab.label)}</span>
          </Link>
        ))}
      </nav>
    </div>
  );
}

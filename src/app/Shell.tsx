import type { ReactNode } from 'react';
import { Link } from 'wouter';

const tabs = [
  { href: '/', label: 'Home', icon: 'M3 11l9-8 9 8v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z' },
  { href: '/personal', label: 'Account', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0z' },
] as const;

/** The shell of /, /personal and /schedule: the page, then the bottom nav (Home / Account). */
export function Shell({ pathname, children }: { pathname: string; children: ReactNode }) {
  return (
    <div className="shell">
      <div className="shell-page">{children}</div>
      <nav className="bottom-nav" aria-label="Main">
        {tabs.map((t) => {
          const current = t.href === '/' ? pathname === '/' || pathname === '/schedule' : pathname.startsWith(t.href);
          return (
            <Link key={t.href} href={t.href} className="bottom-nav-item" aria-current={current ? 'page' : undefined}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                <path d={t.icon} fill="currentColor" />
              </svg>
              <span>{t.label}</span>
            </Link>
          );
        })}
      </nav>
    </div>
  );
}

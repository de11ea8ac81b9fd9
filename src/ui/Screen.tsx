import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { commonText } from '../../i18n/en/common';
import { PageHeading } from './PageHeading';
import { useText } from './text';

export interface ScreenProps {
  title: string;
  /** Where the back arrow goes; omit for top-level screens. */
  backTo?: string;
  children: ReactNode;
  className?: string;
}

/** A page: a header with an optional back link and the title (the page's one h1), then the content. */
export function Screen({ title, backTo, children, className }: ScreenProps) {
  const t = useText(commonText);
  return (
    <div className={['screen', className ?? ''].filter(Boolean).join(' ')}>
      <header className="screen-header">
        {backTo && (
          <Link href={backTo} className="back" aria-label={t('back')}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </Link>
        )}
        <PageHeading>{title}</PageHeading>
      </header>
      <main className="screen-body">{children}</main>
    </div>
  );
}

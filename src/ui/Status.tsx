import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { commonText } from '../../i18n/en/common';
import { paths } from '../../machines/shared/paths';
import { Button } from './Button';
import { useText } from './text';
import { useStillTrying } from './useSlowCalls';

/**
 * A loading placeholder that screen readers announce ('Loading…' unless the screen says what loads).
 * Once it has shown a few seconds while a call is slow, 'Still trying…' shows under it, where the borrower is looking
 * (hidden from screen readers: the app's one live region says it, StillTrying.tsx).
 */
export function Loading({ label }: { label?: string }) {
  const t = useText(commonText);
  const slow = useStillTrying();
  return (
    <div className="status" role="status" aria-live="polite">
      <span className="spinner spinner-lg" aria-hidden="true" />
      <span>{label ?? t('loading')}</span>
      <span className="status-slow" aria-hidden="true">
        {slow ? t('stillTrying') : ''}
      </span>
    </div>
  );
}

/**
 * A failed load: the reason and a way to try again. Never a blank screen. `homeLink` adds a way
 * home, for a page the borrower may not be able to load at all (offline, a chunk that is gone).
 */
export function LoadError({ message, onRetry, homeLink = false, children }: { message: string; onRetry: () => void; homeLink?: boolean; children?: ReactNode }) {
  const t = useText(commonText);
  return (
    <div className="status status-error" role="alert">
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
      {homeLink && (
        <Link href={paths.home.href()} className="btn btn-link">
          {t('goHome')}
        </Link>
      )}
      {children}
    </div>
  );
}

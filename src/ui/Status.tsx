import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../machines/shared/paths';
import { Button } from './Button';

/** A loading placeholder that screen readers announce. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="status" role="status" aria-live="polite">
      <span className="spinner spinner-lg" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/**
 * A failed load: the reason and a way to try again. Never a blank screen. `homeLink` adds a way
 * home, for a page the borrower may not be able to load at all (offline, a chunk that is gone).
 */
export function LoadError({ message, onRetry, homeLink = false, children }: { message: string; onRetry: () => void; homeLink?: boolean; children?: ReactNode }) {
  return (
    <div className="status status-error" role="alert">
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
      {homeLink && (
        <Link href={paths.home.href()} className="btn btn-link">
          Go to Home
        </Link>
      )}
      {children}
    </div>
  );
}

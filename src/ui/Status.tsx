import type { ReactNode } from 'react';
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

/** A failed load: the reason and a way to try again. Never a blank screen. */
export function LoadError({ message, onRetry, children }: { message: string; onRetry: () => void; children?: ReactNode }) {
  return (
    <div className="status status-error" role="alert">
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
      {children}
    </div>
  );
}

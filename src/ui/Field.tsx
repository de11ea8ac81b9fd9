import { useId, type ReactNode } from 'react';

/** The ids a labelled control needs: its own, its hint's and its error's, and its aria-describedby. */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: string | null | undefined) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

export interface FieldFrameProps {
  ids: ReturnType<typeof useFieldIds>;
  label: string;
  /** The kind of control ('field-select'), then the caller's own classes. */
  kindClass?: string;
  className?: string;
  error?: string | null;
  hint?: ReactNode;
  /** The error is announced as it appears (role="alert"). */
  alertError?: boolean;
  /** The control, with what stands beside it (prefix, suffix). */
  children: ReactNode;
}

/** The frame every form control shares: visible label, the control, then its hint and its error. */
export function FieldFrame({ ids, label, kindClass, className, error, hint, alertError, children }: FieldFrameProps) {
  return (
    <div className={['field', kindClass ?? '', error ? 'field-invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={ids.controlId}>
        {label}
      </label>
      <div className="field-control">{children}</div>
      {hint && (
        <p className="field-hint" id={ids.hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={ids.errorId} {...(alertError ? { role: 'alert' } : {})}>
          {error}
        </p>
      )}
    </div>
  );
}

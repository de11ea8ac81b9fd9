import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown before the input, e.g. "+91". */
  prefix?: ReactNode;
  /** Shown after the input, e.g. a "Send code" button. */
  suffix?: ReactNode;
  error?: string | null;
  hint?: string;
  /** The <input> element, e.g. to move focus to it. */
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({ label, value, onValueChange, prefix, suffix, error, hint, id, className, inputRef, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field-invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field-control">
        {prefix && <span className="field-prefix">{prefix}</span>}
        <input
          {...rest}
          ref={inputRef}
          id={inputId}
          value={value}
          onChange={(e) => onValueChange(e.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {suffix && <span className="field-suffix">{suffix}</span>}
      </div>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

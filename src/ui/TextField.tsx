import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldFrame, useFieldIds } from './Field';

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
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame ids={ids} label={label} className={className} error={error} hint={hint} alertError>
      {prefix && <span className="field-prefix">{prefix}</span>}
      <input
        {...rest}
        ref={inputRef}
        id={ids.controlId}
        value={value}
        onChange={(e) => onValueChange(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
      {suffix && <span className="field-suffix">{suffix}</span>}
    </FieldFrame>
  );
}

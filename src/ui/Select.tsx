import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { commonText } from '../../i18n/en/common';
import { FieldFrame, useFieldIds } from './Field';
import { useText } from './text';
import './select.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'children'> {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  /** The first, empty choice ('Select your state'); shown while nothing is chosen. */
  placeholder?: string;
  error?: string | null;
  hint?: ReactNode;
  /** Shown after the control, e.g. a "Try again" button. */
  suffix?: ReactNode;
  selectRef?: Ref<HTMLSelectElement>;
}

/**
 * A dropdown: a native <select> (the phone's own picker, keyboard and screen-reader friendly)
 * with a visible label; the hint and the error are linked with aria-describedby.
 */
export function Select({ label, value, options, onValueChange, placeholder, error, hint, suffix, id, className, selectRef, ...rest }: SelectProps) {
  const t = useText(commonText);
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame ids={ids} label={label} kindClass="field-select" className={className} error={error} hint={hint}>
      <select
        {...rest}
        ref={selectRef}
        id={ids.controlId}
        value={value}
        onChange={(e) => onValueChange(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={value === '' ? 'select-empty' : undefined}
      >
        <option value="">{placeholder ?? t('select')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {suffix && <span className="field-suffix">{suffix}</span>}
    </FieldFrame>
  );
}

import { useId, type ReactNode } from 'react';

export interface CheckboxProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The label; may contain a link (kept outside the <label> click target by the caller if needed). */
  children: ReactNode;
  id?: string;
}

export function Checkbox({ checked, onCheckedChange, children, id }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className="checkbox">
      <input id={inputId} type="checkbox" checked={checked} onChange={(e) => onCheckedChange(e.currentTarget.checked)} />
      <label htmlFor={inputId}>{children}</label>
    </div>
  );
}

import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { commonText } from '../../i18n/en/common';
import { useText } from './text';
import { useStillTrying } from './useSlowCalls';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  variant?: 'primary' | 'secondary' | 'link';
  /**
   * Shows a spinner, announces busy, and blocks further taps. Set it in the same render as the tap
   * (a machine's tag), so a tap never seems to do nothing.
   */
  busy?: boolean;
  block?: boolean;
  children: ReactNode;
}

export function Button({ variant = 'primary', busy = false, block = false, disabled, type = 'button', className, children, ...rest }: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, block ? 'btn-block' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined}>
      {busy && <span className="spinner" aria-hidden="true" />}
      {busy ? <BusyLabel>{children}</BusyLabel> : <span>{children}</span>}
    </button>
  );
}

/**
 * A busy button's label: its own, or 'Still trying…' once it has been busy a few seconds while a call
 * is slow. Said at the button the borrower tapped, it covers nothing (a floating notice covered the
 * page's heading); screen readers hear it from the app's one polite live region (StillTrying.tsx).
 */
function BusyLabel({ children }: { children: ReactNode }) {
  const t = useText(commonText);
  return <span>{useStillTrying() ? t('stillTrying') : children}</span>;
}

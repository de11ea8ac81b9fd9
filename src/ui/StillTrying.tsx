import { commonText } from '../../i18n/en/common';
import { useText } from './text';

/**
 * 'Still trying…' for screen readers: a call has waited a few seconds for its answer (src/lib/waits.ts),
 * so a slow network never means minutes of silence. A polite live region, always in the page so that
 * the text is announced when it appears, and visually hidden: on screen it is said where the borrower
 * waits (the busy button's label, under a loading spinner), so it never covers a heading or a control.
 */
export function StillTrying({ active }: { active: boolean }) {
  const t = useText(commonText);
  return (
    <div className="visually-hidden" role="status" aria-live="polite">
      {active ? t('stillTrying') : ''}
    </div>
  );
}

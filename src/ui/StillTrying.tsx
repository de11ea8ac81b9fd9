import { commonText } from '../../i18n/en/common';
import { useText } from './text';
import './still-trying.css';

/**
 * 'Still trying…': shown while a call has waited a few seconds for its answer (src/api/client.ts
 * `waits`), so a slow network never means minutes of silence. A polite live region, always in the
 * page so that screen readers announce the text when it appears.
 */
export function StillTrying({ active }: { active: boolean }) {
  const t = useText(commonText);
  return (
    <div className="still-trying-region" role="status" aria-live="polite">
      {active && (
        <p className="still-trying">
          <span className="spinner" aria-hidden="true" />
          {t('stillTrying')}
        </p>
      )}
    </div>
  );
}

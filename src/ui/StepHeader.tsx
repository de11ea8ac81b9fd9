import { commonText } from '../../i18n/en/common';
import { useText } from './text';

/** 'Step n / m' above a verification step (spec §2: from the step and as query parameters). */
export function StepHeader({ step, total }: { step: number | null; total: number | null }) {
  const t = useText(commonText);
  if (step === null || total === null) return null;
  return (
    <p className="step-header">
      <span>{t('step', { step, total })}</span>
      <span className="step-bar" aria-hidden="true">
        <span style={{ width: `${Math.round((step / total) * 100)}%` }} />
      </span>
    </p>
  );
}

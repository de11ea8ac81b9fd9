/** The face result: success with the way on to /auth/kyc (same pid), or failure with the way back to /auth/face (same pid/step/as). */
import { Link } from 'wouter';
import type { FaceResult } from '../../../contract/verification';
import { faceText } from '../../../i18n/en/face';
import { faceResultPassed } from '../../../machines/face/face.rules';
import { paths } from '../../../machines/shared/paths';
import { useText } from '../../ui/text';
import type { StepQuery } from './step';
import './face.css';

export function FaceResultView({ status, query }: { status: FaceResult['status']; query: StepQuery }) {
  const t = useText(faceText);
  return faceResultPassed(status) ? (
    <section className="face-result face-result-ok" aria-labelledby="face-result-title">
      <span className="face-result-icon" aria-hidden="true">
        ✓
      </span>
      <h2 id="face-result-title">{t('passedTitle')}</h2>
      <p>{t('passedText')}</p>
      {/* Only the pid: step/as are the face step's; KYC either goes on to the hub (done) or is shown without a wrong number. */}
      <Link href={paths.authStep.href('kyc', { pid: query.pid, step: null, total: null })} className="btn btn-primary">
        {t('continue')}
      </Link>
    </section>
  ) : (
    <section className="face-result face-result-failed" aria-labelledby="face-result-title">
      <span className="face-result-icon" aria-hidden="true">
        !
      </span>
      <h2 id="face-result-title">{t('failedTitle')}</h2>
      <p>{t('failedText')}</p>
      <Link href={paths.authStep.href('face', query)} className="btn btn-primary">
        {t('tryAgain')}
      </Link>
    </section>
  );
}

/** The face result: success with the way on to /auth/kyc (same pid), or failure with the way back to /auth/face (same pid/step/as). */
import { Link } from 'wouter';
import { faceResultPassed } from '../../../machines/face/face.rules';
import { paths } from '../../../machines/shared/paths';
import type { StepQuery } from './step';
import './face.css';

export function FaceResultView({ status, query }: { status: number; query: StepQuery }) {
  return faceResultPassed(status) ? (
    <section className="face-result face-result-ok" aria-labelledby="face-result-title">
      <span className="face-result-icon" aria-hidden="true">
        ✓
      </span>
      <h2 id="face-result-title">Face recognition successful</h2>
      <p>Your photo matches. Let’s continue with your verification.</p>
      {/* Only the pid: step/as are the face step's; KYC either goes on to the hub (done) or is shown without a wrong number. */}
      <Link href={paths.authStep.href('kyc', { pid: query.pid, step: null, total: null })} className="btn btn-primary">
        Continue
      </Link>
    </section>
  ) : (
    <section className="face-result face-result-failed" aria-labelledby="face-result-title">
      <span className="face-result-icon" aria-hidden="true">
        !
      </span>
      <h2 id="face-result-title">Face recognition failed</h2>
      <p>We could not confirm your face from this photo. Take another one in good light, facing the camera.</p>
      <Link href={paths.authStep.href('face', query)} className="btn btn-primary">
        Try again
      </Link>
    </section>
  );
}

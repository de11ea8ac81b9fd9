/**
 * The face step: consent first, then the photo slot (front camera where the browser offers it, else
 * a file) and Continue. Renders the face machine and the image pipeline; sends the borrower's taps.
 */
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { faceMachine } from '../../../machines/face/face.machine';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { LoadError, Loading } from '../../ui/Status';
import { StepHeader } from '../../ui/StepHeader';
import { ImageUpload } from './upload/ImageUpload';
import type { UploadActorRef } from './upload/useImageUpload';
import './face.css';

type FaceActor = ActorRefFrom<typeof faceMachine>;

export interface FaceViewProps {
  face: FaceActor;
  photo: UploadActorRef;
  step: number | null;
  total: number | null;
  /** Where the back arrow and 'Not now' go (the product page). */
  backTo: string;
}

export function FaceView({ face, photo, step, total, backTo }: FaceViewProps) {
  const loading = useSelector(face, (s) => s.hasTag('loading'));
  const loadFailed = useSelector(face, (s) => s.matches('loadFailed'));
  const consent = useSelector(face, (s) => s.matches('consent'));
  const capture = useSelector(face, (s) => s.hasTag('capture'));
  const locked = useSelector(face, (s) => s.hasTag('locked'));
  const error = useSelector(face, (s) => s.context.error);
  const photoBusy = useSelector(photo, (s) => s.hasTag('busy'));

  return (
    <Screen title="Face recognition" backTo={backTo} className="face">
      <StepHeader step={step} total={total} />
      {loading && <Loading />}
      {loadFailed && <LoadError message={error ?? ''} onRetry={() => face.send({ type: 'load.retried' })} />}
      {consent && (
        <section className="face-consent card" aria-labelledby="face-consent-title">
          <h2 id="face-consent-title">Before we take your photo</h2>
          <p>To confirm that it is really you applying, we need one clear photo of your face.</p>
          <ul>
            <li>On a phone, the front camera opens to take it; elsewhere you choose a photo of yourself.</li>
            <li>The photo is sent to us only to check it against your identity documents, and is kept with your loan application.</li>
            <li>Nothing is taken until you choose to.</li>
          </ul>
          <p>Do you agree to take and send a photo of your face for this check?</p>
          <div className="face-actions">
            <Button block onClick={() => face.send({ type: 'consent.given' })}>
              I agree
            </Button>
            <Link href={backTo} className="btn btn-link">
              Not now
            </Link>
          </div>
        </section>
      )}
      {capture && (
        <form
          className="face-capture"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            face.send({ type: 'face.submitted' });
          }}
        >
          <ImageUpload
            actor={photo}
            label="Your face photo"
            hint="Face the camera in good light, without a cap, mask or dark glasses."
            capture="user"
            disabled={locked}
            placeholder={<FaceOutline />}
          />
          <p role="alert" className="form-error face-error">
            {error}
          </p>
          <Button type="submit" block busy={locked || photoBusy}>
            Continue
          </Button>
        </form>
      )}
    </Screen>
  );
}

function FaceOutline() {
  return (
    <svg className="face-outline" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
      <ellipse cx="32" cy="30" rx="16" ry="20" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="M14 60c3-9 10-13 18-13s15 4 18 13" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

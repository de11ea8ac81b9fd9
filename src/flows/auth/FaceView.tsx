/**
 * The face step: consent first, then the photo slot (front camera where the browser offers it, else
 * a file) and Continue. Renders the face machine and the image pipeline; sends the borrower's taps.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { commonText } from '../../../i18n/en/common';
import { faceText } from '../../../i18n/en/face';
import type { faceMachine } from '../../../machines/face/face.machine';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { LoadError, Loading } from '../../ui/Status';
import { StepHeader } from '../../ui/StepHeader';
import { useText } from '../../ui/text';
import { ConsentCard } from './ConsentCard';
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
  const t = useText(faceText);
  const common = useText(commonText);
  const loading = useSelector(face, (s) => s.hasTag('loading'));
  const loadFailed = useSelector(face, (s) => s.matches('loadFailed'));
  const consent = useSelector(face, (s) => s.matches('consent'));
  const capture = useSelector(face, (s) => s.hasTag('capture'));
  const locked = useSelector(face, (s) => s.hasTag('locked'));
  const error = useSelector(face, (s) => s.context.error);
  const photoBusy = useSelector(photo, (s) => s.hasTag('busy'));
  const message = error ? t.said(error) : '';

  return (
    <Screen title={t('title')} backTo={backTo} className="face">
      <StepHeader step={step} total={total} />
      {loading && <Loading label={common('loading')} />}
      {loadFailed && <LoadError message={message} onRetry={() => face.send({ type: 'load.retried' })} />}
      {consent && (
        <ConsentCard
          id="face-consent-title"
          title={t('consentTitle')}
          why={t('consentWhy')}
          points={[t('consentCamera'), t('consentUse'), t('consentNothing')]}
          ask={t('consentAsk')}
          agree={t('agree')}
          notNow={t('notNow')}
          onAgree={() => face.send({ type: 'consent.given' })}
          backTo={backTo}
        />
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
            label={t('photoLabel')}
            hint={t('photoHint')}
            capture="user"
            disabled={locked}
            placeholder={<FaceOutline />}
          />
          <p role="alert" className="form-error face-error">
            {message}
          </p>
          <Button type="submit" block busy={locked || photoBusy}>
            {t('continue')}
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

/**
 * One image slot of the pipeline (machines/upload/upload.machine.ts), presentational: it renders the
 * actor's state and sends the borrower's intents. A labelled file input (images only; `capture`
 * passes through, e.g. "user" for the face step), the preview of the chosen photo, the upload
 * progress, the error, Retry after a failed upload (the same file, not picked again) and Change photo.
 *
 * The input's value is cleared after every pick, so the same file can be chosen again (after a
 * rejection, or to send it once more).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { uploadText } from '../../../../i18n/en/upload';
import { uploadStatus, type ImageFile } from '../../../../machines/upload/upload.machine';
import { Button } from '../../../ui/Button';
import { ProgressBar } from '../../../ui/ProgressBar';
import { useText } from '../../../ui/text';
import type { UploadActorRef } from './useImageUpload';
import './image-upload.css';

export interface ImageUploadProps {
  actor: UploadActorRef;
  /** The visible label, in the borrower's language: 'Aadhaar front'. */
  label: string;
  /** A line under the label: what the photo must show. */
  hint?: ReactNode;
  /** <input capture>: 'user' (front camera) or 'environment'. */
  capture?: 'user' | 'environment';
  /** While the form around is being sent. */
  disabled?: boolean;
  /** An error the form attaches to this slot, as shown ('Please Upload Aadhaar front'). */
  formError?: string | null;
  /** A picture shown before anything is chosen (e.g. an outline of the card). */
  placeholder?: ReactNode;
  /** The file input's id, for a form that moves focus to it (generated when not given). */
  inputId?: string;
}

/** An object URL for the chosen file's preview, revoked when the file changes or the slot unmounts. */
function usePreviewUrl(file: ImageFile | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

export function ImageUpload({ actor, label, hint, capture, disabled = false, formError, placeholder, inputId: givenInputId }: ImageUploadProps) {
  const t = useText(uploadText);
  const status = useSelector(actor, uploadStatus);
  const chosen = useSelector(actor, (s) => s.context.chosen);
  const fileName = useSelector(actor, (s) => s.context.fileName);
  const progress = useSelector(actor, (s) => s.context.progress);
  const error = useSelector(actor, (s) => s.context.error);
  // A refused file gets no preview (it may not be an image at all).
  const preview = usePreviewUrl(status === 'rejected' ? null : chosen);
  const id = useId();
  const inputId = givenInputId ?? `${id}-input`;
  const statusId = `${id}-status`;
  // The slot's own reason (not an image, too big, upload failed) and what the form says about it.
  const errors = [...new Set([error ? t.said(error) : null, formError].filter((e): e is string => Boolean(e)))];
  const shownError = errors.length > 0;
  const busy = status === 'compressing' || status === 'uploading';
  const action = status === 'empty' ? t('choosePhoto') : t('changePhoto');

  return (
    <div className={['image-upload', `image-upload-${status}`, shownError ? 'image-upload-invalid' : ''].filter(Boolean).join(' ')} role="group" aria-labelledby={`${id}-label`}>
      <p className="image-upload-label" id={`${id}-label`}>
        {label}
      </p>
      {hint && <p className="image-upload-hint">{hint}</p>}
      <label className="image-upload-tile" htmlFor={inputId}>
        {preview ? (
          <img className="image-upload-preview" src={preview} alt={t('preview', { label })} />
        ) : status === 'uploaded' ? (
          <span className="image-upload-done" aria-hidden="true">
            ✓
          </span>
        ) : (
          (placeholder ?? (
            <span className="image-upload-plus" aria-hidden="true">
              +
            </span>
          ))
        )}
        <span className="image-upload-action">
          <span className="visually-hidden">{`${label}: `}</span>
          {action}
        </span>
      </label>
      <input
        id={inputId}
        className="image-upload-input"
        type="file"
        accept="image/*"
        {...(capture ? { capture } : {})}
        disabled={disabled}
        aria-describedby={statusId}
        aria-invalid={shownError ? true : undefined}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          // Cleared at once: picking the same file again must fire a change.
          e.currentTarget.value = '';
          if (file) actor.send({ type: 'file.chosen', file });
        }}
      />
      <div className="image-upload-status" id={statusId} aria-live="polite">
        {fileName && <p className="image-upload-name">{fileName}</p>}
        {status === 'compressing' && (
          <p role="status" className="image-upload-note">
            {t('compressing')}
          </p>
        )}
        {status === 'uploading' && <ProgressBar value={progress} label={t('uploadingLabel', { label })} />}
        {status === 'uploaded' && <p className="image-upload-note image-upload-ok">{t('uploaded')}</p>}
        {errors.map((e) => (
          <p key={e} role="alert" className="field-error">
            {e}
          </p>
        ))}
        {status === 'failed' && (
          <Button variant="secondary" onClick={() => actor.send({ type: 'upload.retried' })} disabled={disabled} aria-label={t('retryLabel', { label })}>
            {t('retry')}
          </Button>
        )}
        {busy && <span className="visually-hidden">{status === 'uploading' ? t('uploading') : t('preparing')}</span>}
      </div>
    </div>
  );
}

/**
 * One image slot (spec §5 'Image upload', §8), in KYC and the face step: the pipeline's messages
 * (the second verbatim) and the slot's texts. `{label}` is the slot's own label ('Aadhaar front').
 */
import { catalogue } from '../core';

export const uploadText = catalogue('upload', {
  /** Spec §5 says only images are accepted; its wording is not given (the sandbox's message). */
  notImage: 'Only image files can be uploaded',
  /** Spec §8, verbatim. */
  tooBig: 'Image size is too big, limit 10MB',
  uploadFailed: 'The upload failed. Please try again.',
  choosePhoto: 'Choose a photo',
  changePhoto: 'Change photo',
  preview: '{label}: the chosen photo',
  compressing: 'Making the photo smaller…',
  uploadingLabel: 'Uploading {label}',
  uploaded: 'Uploaded',
  retry: 'Retry',
  retryLabel: 'Retry uploading {label}',
  uploading: 'Uploading',
  preparing: 'Preparing',
}, () => import('../hi/upload'));

export type UploadKey = keyof typeof uploadText.en;

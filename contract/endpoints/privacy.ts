/** The privacy centre: consents and deletion requests, beyond the spec. */
import type { Endpoint } from '../endpoint';
import { ConsentItem, ConsentPayload, DeletionRequest, DeletionRequestPayload, PrivacyOverview } from '../privacy';

export const privacyCalls = {
  privacy: { method: 'GET', path: '/user/v1/privacy', answer: PrivacyOverview, token: true, beyondSpec: true },
  /** Records a consent given, on the lender's clock. */
  giveConsent: { method: 'POST', path: '/user/v1/consents', body: ConsentPayload, answer: ConsentItem, token: true, beyondSpec: true },
  /** Data sent under a withdrawn consent is refused afterwards. */
  withdrawConsent: { method: 'POST', path: '/user/v1/consents/withdraw', body: ConsentPayload, answer: ConsentItem, token: true, beyondSpec: true },
  /** Asks for the deletion of what the law does not require the lender to keep. */
  requestDeletion: { method: 'POST', path: '/user/v1/deletion-requests', body: DeletionRequestPayload, answer: DeletionRequest, token: true, beyondSpec: true },
} as const satisfies Record<string, Endpoint>;

/** The privacy centre: consents and deletion requests, beyond the spec. */
import type { Endpoint } from '../endpoint';
import { ConsentItem, ConsentPayload, DeletionRequest, DeletionRequestPayload, PrivacyOverview } from '../privacy';

export const privacy = { method: 'GET', path: '/user/v1/privacy', answer: PrivacyOverview, token: true, beyondSpec: true } as const satisfies Endpoint;

/** Records a consent given, on the lender's clock. */
export const giveConsent = { method: 'POST', path: '/user/v1/consents', body: ConsentPayload, answer: ConsentItem, token: true, beyondSpec: true } as const satisfies Endpoint;

/** Data sent under a withdrawn consent is refused afterwards. */
export const withdrawConsent = { method: 'POST', path: '/user/v1/consents/withdraw', body: ConsentPayload, answer: ConsentItem, token: true, beyondSpec: true } as const satisfies Endpoint;

/** Asks for the deletion of what the law does not require the lender to keep. */
export const requestDeletion = { method: 'POST', path: '/user/v1/deletion-requests', body: DeletionRequestPayload, answer: DeletionRequest, token: true, beyondSpec: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const privacyCalls = { privacy, giveConsent, withdrawConsent, requestDeletion } as const;

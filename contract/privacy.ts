/**
 * The privacy centre and consents (Account → Privacy centre; docs/borrower-rights.md 'Privacy centre
 * and consent'). Beyond the spec (its calls are in ./beyond-spec.ts): a backend may not have them,
 * and the app then keeps the consents on the device alone.
 */
import * as v from 'valibot';
import { id, text } from './common';
import type { Endpoint } from './endpoint';

/**
 * What a consent covers: the Aadhaar and PAN images, the face photo (camera), the device's location,
 * and device information (the usage events: page views and key actions, with no personal data).
 */
export const CONSENT_PURPOSES = ['identity', 'face', 'location', 'device'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
const purpose = v.picklist(CONSENT_PURPOSES, `purpose must be one of ${CONSENT_PURPOSES.join(', ')}`);

/**
 * One consent as the lender keeps it: when it was last given and, when withdrawn since, when.
 * Times are lender times ('YYYY-MM-DD HH:mm:ss', India time); '' when never.
 */
export const ConsentItem = v.looseObject({ purpose, givenAt: text, withdrawnAt: text });
export type ConsentItem = v.InferOutput<typeof ConsentItem>;

/** A request to delete what the law does not require the lender to keep: received, then done or declined (with why). */
export const DELETION_STATES = ['received', 'done', 'declined'] as const;
export type DeletionState = (typeof DELETION_STATES)[number];
export const DeletionRequest = v.looseObject({
  id,
  state: v.picklist(DELETION_STATES, `state must be one of ${DELETION_STATES.join(', ')}`),
  requestedAt: text,
  decidedAt: text,
  /** Why it was declined, or what was kept by law when done. */
  reason: text,
});
export type DeletionRequest = v.InferOutput<typeof DeletionRequest>;

/** An item that cannot be read (an unknown purpose, no id) is left out rather than failing the others. */
const readable = <S extends v.GenericSchema>(item: S) =>
  v.optional(
    v.pipe(
      v.nullable(v.array(v.unknown())),
      v.transform((items) => (items ?? []).flatMap((x) => {
        const read = v.safeParse(item, x);
        return read.success ? [read.output as v.InferOutput<S>] : [];
      })),
    ),
    [],
  );

/** GET /user/v1/privacy: the borrower's consents and deletion requests, newest request first. */
export const PrivacyOverview = v.looseObject({ consents: readable(ConsentItem), deletionRequests: readable(DeletionRequest) });
export type PrivacyOverview = v.InferOutput<typeof PrivacyOverview>;

/** POST /user/v1/consents {purpose} and POST /user/v1/consents/withdraw {purpose}: answer the consent as now kept. */
export const ConsentPayload = v.object({ purpose: v.pipe(v.string('purpose is required'), purpose) });
export type ConsentPayload = v.InferOutput<typeof ConsentPayload>;

/** POST /user/v1/deletion-requests {}: answers the open request (a new one, or the one already received). */
export const DeletionRequestPayload = v.looseObject({});

/** What the sandbox writes (typed, so the app and the sandbox cannot drift apart). */
export type ConsentAnswer = v.InferInput<typeof ConsentItem>;
export type DeletionRequestAnswer = v.InferInput<typeof DeletionRequest>;

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// The privacy centre: consents and deletion requests, beyond the spec.

const privacy = { method: 'GET', path: '/user/v1/privacy', answer: PrivacyOverview, token: true, beyondSpec: true } as const satisfies Endpoint;

/** Records a consent given, on the lender's clock. */
const giveConsent = { method: 'POST', path: '/user/v1/consents', body: ConsentPayload, answer: ConsentItem, token: true, beyondSpec: true } as const satisfies Endpoint;

/** Data sent under a withdrawn consent is refused afterwards. */
const withdrawConsent = { method: 'POST', path: '/user/v1/consents/withdraw', body: ConsentPayload, answer: ConsentItem, token: true, beyondSpec: true } as const satisfies Endpoint;

/** Asks for the deletion of what the law does not require the lender to keep. */
const requestDeletion = { method: 'POST', path: '/user/v1/deletion-requests', body: DeletionRequestPayload, answer: DeletionRequest, token: true, beyondSpec: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const privacyCalls = { privacy, giveConsent, withdrawConsent, requestDeletion } as const;

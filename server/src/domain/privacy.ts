/**
 * Consents and deletion requests (docs/sandbox/accounts-and-privacy.md 'Privacy: consents and deletion requests';
 * docs/borrower-rights.md 'Privacy centre and consent'). A consent is given and withdrawn on the
 * lender's clock; data sent under a withdrawn one is refused with CONSENT_MESSAGES, never stored.
 * A borrower who never gave one explicitly (an older app, another client) is not refused: only a
 * withdrawal is a "no".
 */
import { randomBytes } from 'node:crypto';
import type { ConsentAnswer, ConsentPurpose, DeletionRequestAnswer, DeletionState } from '../../../contract/privacy';
import { CONSENT_PURPOSES } from '../../../contract/privacy';
import type { Queryable } from '../db';
import { ApiError } from '../envelope';
import { istDateTime } from '../time';

export const CONSENT_MESSAGES: Record<ConsentPurpose, string> = {
  identity: 'You withdrew your consent to send Aadhaar and PAN images. Give it again on the identity step to send them.',
  face: 'You withdrew your consent to send a photo of your face. Give it again on the face step to send one.',
  location: 'You withdrew your consent to share your location, so it was not stored.',
  device: 'You withdrew your consent to send device information, so it was not stored.',
};

export const PRIVACY_MESSAGES = {
  notYours: 'No such deletion request.',
  alreadyDecided: 'This request has already been decided.',
  reasonNeeded: 'A declined request needs a reason the borrower can read.',
} as const;

interface ConsentRow {
  purpose: ConsentPurpose;
  given_at: Date | null;
  withdrawn_at: Date | null;
}

const consentAnswer = (row: ConsentRow): ConsentAnswer => ({
  purpose: row.purpose,
  givenAt: istDateTime(row.given_at),
  withdrawnAt: istDateTime(row.withdrawn_at),
});

export async function listConsents(db: Queryable, userId: number): Promise<ConsentAnswer[]> {
  const rows = await db.query<ConsentRow>('SELECT purpose, given_at, withdrawn_at FROM privacy_consents WHERE user_id = $1', [userId]);
  // In one order, whatever the table's: the order of CONSENT_PURPOSES.
  return [...rows.rows].sort((a, b) => CONSENT_PURPOSES.indexOf(a.purpose) - CONSENT_PURPOSES.indexOf(b.purpose)).map(consentAnswer);
}

/** Gives (withdrawn_at cleared) or withdraws (given_at kept) a consent, at `now`; answers it as kept. */
export async function setConsent(db: Queryable, userId: number, purpose: ConsentPurpose, given: boolean, now: Date): Promise<ConsentAnswer> {
  const at = now.toISOString();
  const row = given
    ? await db.query<ConsentRow>(
        `INSERT INTO privacy_consents (user_id, purpose, given_at, withdrawn_at) VALUES ($1, $2, $3, NULL)
         ON CONFLICT (user_id, purpose) DO UPDATE SET given_at = EXCLUDED.given_at, withdrawn_at = NULL
         RETURNING purpose, given_at, withdrawn_at`,
        [userId, purpose, at],
      )
    : // Withdrawing twice keeps the first time; withdrawing what was never given records the "no".
      await db.query<ConsentRow>(
        `INSERT INTO privacy_consents (user_id, purpose, given_at, withdrawn_at) VALUES ($1, $2, NULL, $3)
         ON CONFLICT (user_id, purpose) DO UPDATE SET withdrawn_at = COALESCE(privacy_consents.withdrawn_at, EXCLUDED.withdrawn_at)
         RETURNING purpose, given_at, withdrawn_at`,
        [userId, purpose, at],
      );
  return consentAnswer(row.rows[0]!);
}

/** Refuses data of `purpose` while the borrower's consent to it is withdrawn. */
export async function requireConsent(db: Queryable, userId: number, purpose: ConsentPurpose): Promise<void> {
  const r = await db.query<{ withdrawn: boolean }>('SELECT withdrawn_at IS NOT NULL AS withdrawn FROM privacy_consents WHERE user_id = $1 AND purpose = $2', [userId, purpose]);
  if (r.rows[0]?.withdrawn) throw new ApiError(CONSENT_MESSAGES[purpose]);
}

interface RequestRow {
  public_id: string;
  state: DeletionState;
  reason: string;
  requested_at: Date;
  decided_at: Date | null;
}

const requestAnswer = (row: RequestRow): DeletionRequestAnswer => ({
  id: row.public_id,
  state: row.state,
  requestedAt: istDateTime(row.requested_at),
  decidedAt: istDateTime(row.decided_at),
  reason: row.reason,
});

const REQUEST_COLUMNS = 'public_id, state, reason, requested_at, decided_at';

export async function listDeletionRequests(db: Queryable, userId: number): Promise<DeletionRequestAnswer[]> {
  const rows = await db.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM deletion_requests WHERE user_id = $1 ORDER BY requested_at DESC, id DESC`, [userId]);
  return rows.rows.map(requestAnswer);
}

/** A new request, or the one already received (asking twice is one request). */
export async function requestDeletion(db: Queryable, userId: number, now: Date): Promise<DeletionRequestAnswer> {
  const inserted = await db.query<RequestRow>(
    `INSERT INTO deletion_requests (public_id, user_id, requested_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) WHERE state = 'received' DO NOTHING RETURNING ${REQUEST_COLUMNS}`,
    [randomBytes(12).toString('hex'), userId, now.toISOString()],
  );
  const row =
    inserted.rows[0] ??
    (await db.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM deletion_requests WHERE user_id = $1 AND state = 'received'`, [userId])).rows[0]!;
  return requestAnswer(row);
}

export type Decision = Exclude<DeletionState, 'received'>;

/** QA: moves a received request to done or declined, with its reason. */
export async function decideDeletion(
  db: Queryable,
  publicId: string,
  decision: Decision,
  reason: string,
  now: Date,
): Promise<{ ok: true; request: DeletionRequestAnswer } | { ok: false; error: string; status: 400 | 404 | 409 }> {
  if (decision === 'declined' && reason.trim() === '') return { ok: false, error: PRIVACY_MESSAGES.reasonNeeded, status: 400 };
  const found = await db.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM deletion_requests WHERE public_id = $1`, [publicId]);
  const row = found.rows[0];
  if (!row) return { ok: false, error: PRIVACY_MESSAGES.notYours, status: 404 };
  if (row.state !== 'received') return { ok: false, error: PRIVACY_MESSAGES.alreadyDecided, status: 409 };
  const updated = await db.query<RequestRow>(
    `UPDATE deletion_requests SET state = $2, reason = $3, decided_at = $4 WHERE public_id = $1 AND state = 'received' RETURNING ${REQUEST_COLUMNS}`,
    [publicId, decision, reason.trim(), now.toISOString()],
  );
  const decided = updated.rows[0];
  return decided ? { ok: true, request: requestAnswer(decided) } : { ok: false, error: PRIVACY_MESSAGES.alreadyDecided, status: 409 };
}

/**
 * One person is one borrower (docs/sandbox/verification.md 'Verification', 'One person, one borrower'): an Aadhaar
 * number or a PAN verified by one borrower cannot be verified by another. The register
 * (`verified_identities`, migration 016) holds a keyed hash of each verified number, unique per kind;
 * the same hash keys the per-Aadhaar OTP limit (limits.ts), so no limit or index holds a number in clear.
 */
import crypto from 'node:crypto';
import type { Queryable } from './db';

/**
 * The hashes' key: SANDBOX_IDENTITY_KEY, else this published test key. A keyed hash, because a plain
 * hash of a 12-digit number is undone by trying them all. Changing it makes earlier entries unmatchable.
 */
export const TEST_IDENTITY_KEY = 'sandbox-identity-key-do-not-use-in-production';
export const identityKey = () => process.env.SANDBOX_IDENTITY_KEY || TEST_IDENTITY_KEY;

export type IdentityKind = 'aadhaar' | 'pan';

/** hex HMAC-SHA256 of `kind:number` (the number as stored: Aadhaar without spaces, PAN in capitals). */
export const identityHash = (kind: IdentityKind, number: string, key = identityKey()) =>
  crypto.createHmac('sha256', key).update(`${kind}:${number}`).digest('hex');

export const IDENTITY_MESSAGES = {
  aadhaarTaken:
    'This Aadhaar number is already verified on another account. One person can have only one account: please sign in with the mobile number you used before.',
  panTaken: 'This PAN is already verified on another account. One person can have only one account: please sign in with the mobile number you used before.',
} as const;

const TAKEN: Record<IdentityKind, string> = { aadhaar: IDENTITY_MESSAGES.aadhaarTaken, pan: IDENTITY_MESSAGES.panTaken };

/** The refusal when another borrower has verified this number, else null. */
export async function takenByAnother(db: Queryable, userId: number, kind: IdentityKind, number: string): Promise<string | null> {
  const r = await db.query('SELECT 1 FROM verified_identities WHERE kind = $1 AND number_hash = $2 AND user_id <> $3', [kind, identityHash(kind, number), userId]);
  return r.rowCount > 0 ? TAKEN[kind] : null;
}

/** The first refusal among these numbers (Aadhaar first), else null. */
export async function identityRefusal(db: Queryable, userId: number, numbers: { aadhaar: string; pan: string }): Promise<string | null> {
  return (await takenByAnother(db, userId, 'aadhaar', numbers.aadhaar)) ?? (await takenByAnother(db, userId, 'pan', numbers.pan));
}

/**
 * Records the borrower's verified numbers (one of each kind: a new one replaces theirs). Two
 * borrowers claiming one number at once: the unique index refuses the second (isIdentityClash).
 */
export async function claimIdentity(tx: Queryable, userId: number, numbers: { aadhaar: string; pan: string }, now: Date): Promise<void> {
  for (const kind of ['aadhaar', 'pan'] as const) {
    await tx.query(
      `INSERT INTO verified_identities (user_id, kind, number_hash, verified_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, kind) DO UPDATE SET number_hash = EXCLUDED.number_hash, verified_at = EXCLUDED.verified_at`,
      [userId, kind, identityHash(kind, numbers[kind]), now.toISOString()],
    );
  }
}

/** Unique violation of the register's one-borrower-per-number index. */
export function isIdentityClash(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err) || err.code !== '23505') return false;
  const { constraint, message } = err as { constraint?: unknown; message?: unknown };
  return String(constraint ?? message).includes('verified_identities_one_borrower');
}

/** Forgets the borrower's verified numbers (QA's reset of the journey). */
export async function forgetIdentity(tx: Queryable, userId: number): Promise<void> {
  await tx.query('DELETE FROM verified_identities WHERE user_id = $1', [userId]);
}

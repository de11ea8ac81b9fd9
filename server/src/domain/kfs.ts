/**
 * The lender's Key Fact Statements (docs/borrower-rights.md 'Key Fact Statement'): issued with a
 * number and a validity, acknowledged by the borrower, and the record an order is disbursed under.
 */
import { kfsValidAt, kfsValidUntil } from '../../../machines/shared/kfs-validity';
import type { Queryable } from '../db';
import { ApiError } from '../envelope';
import { istYmd } from '../time';

export type KfsKind = 'application' | 'order' | 'schedule' | 'extension';

export interface KfsRecord {
  id: number;
  kfsNo: string;
  userId: number;
  kind: KfsKind;
  orderId: number | null;
  scheduleId: number | null;
  extensionId: number | null;
  /** What it states, as the borrower saw it. */
  facts: Record<string, unknown>;
  issuedAt: Date;
  validUntil: Date;
  acknowledgedAt: Date | null;
}

interface Row {
  id: number;
  kfs_no: string;
  user_id: number;
  kind: KfsKind;
  order_id: number | null;
  schedule_id: number | null;
  extension_id: number | null;
  facts: Record<string, unknown>;
  issued_at: Date;
  valid_until: Date;
  acknowledged_at: Date | null;
}

export const kfsRecord = (r: Row): KfsRecord => ({
  id: r.id,
  kfsNo: r.kfs_no,
  userId: r.user_id,
  kind: r.kind,
  orderId: r.order_id,
  scheduleId: r.schedule_id,
  extensionId: r.extension_id,
  facts: r.facts,
  issuedAt: new Date(r.issued_at),
  validUntil: new Date(r.valid_until),
  acknowledgedAt: r.acknowledged_at === null ? null : new Date(r.acknowledged_at),
});

/** The loan KFS an order was acknowledged under (the latest acknowledged, not an extension's amendment), or null. */
export async function acknowledgedKfsOfOrder(db: Queryable, orderId: number): Promise<KfsRecord | null> {
  const r = await db.query<Row>(
    `SELECT * FROM kfs_statements WHERE order_id = $1 AND kind <> 'extension' AND acknowledged_at IS NOT NULL
      ORDER BY acknowledged_at DESC, id DESC LIMIT 1`,
    [orderId],
  );
  return r.rows[0] ? kfsRecord(r.rows[0]) : null;
}

export const KFS_MESSAGES = {
  notFound: 'Key Fact Statement not found.',
  expired: 'This Key Fact Statement is no longer valid. Please read the current one and acknowledge it.',
  notAcknowledged: 'Please read the Key Fact Statement and acknowledge it first.',
  notForThis: 'This Key Fact Statement is for another loan. Please read the one shown and acknowledge it.',
  used: 'This Key Fact Statement was used for another application. Please read the current one.',
  getMoney: 'Please acknowledge the current Key Fact Statement before Get money: the one you acknowledged is no longer valid.',
  amendment: 'Please read the amendment to your Key Fact Statement and acknowledge it before paying the extension fee.',
  amendmentChanged: 'The extension fee has changed since you acknowledged the amendment. Please read it again.',
} as const;

const COLUMNS = 'id, kfs_no, user_id, kind, order_id, schedule_id, extension_id, facts, issued_at, valid_until, acknowledged_at';

/** The next number: 'KFS' + the IST day + a sequence, unique across the lender (a sequence, not a count). */
async function nextKfsNo(tx: Queryable, at: Date): Promise<string> {
  const r = await tx.query<{ n: string }>("SELECT nextval('kfs_numbers')::text AS n");
  return `KFS${istYmd(at)}${r.rows[0]!.n.padStart(6, '0')}`;
}

export interface KfsIssue {
  userId: number;
  kind: KfsKind;
  productId?: number | null;
  orderId?: number | null;
  extensionId?: number | null;
  facts: Record<string, unknown>;
  /** The loan's (or the extension's) days: a week or more is valid 3 working days, less 1. */
  tenureDays: number;
}

/** Issues a KFS at `now`, valid by the working-day rule (machines/shared/kfs-validity.ts). */
export async function issueKfs(tx: Queryable, issue: KfsIssue, now: Date): Promise<KfsRecord> {
  const r = await tx.query<Row>(
    `INSERT INTO kfs_statements (kfs_no, user_id, kind, product_id, order_id, extension_id, facts, issued_at, valid_until)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
    [
      await nextKfsNo(tx, now), issue.userId, issue.kind, issue.productId ?? null, issue.orderId ?? null, issue.extensionId ?? null,
      JSON.stringify(issue.facts), now.toISOString(), kfsValidUntil(now, issue.tenureDays).toISOString(),
    ],
  );
  return kfsRecord(r.rows[0]!);
}

/** The borrower's KFS of this number (locked with `lock`), or `Key Fact Statement not found.`. */
export async function ownKfs(tx: Queryable, userId: number, kfsNo: string, lock = false): Promise<KfsRecord> {
  const r = await tx.query<Row>(`SELECT ${COLUMNS} FROM kfs_statements WHERE kfs_no = $1 AND user_id = $2${lock ? ' FOR UPDATE' : ''}`, [kfsNo, userId]);
  if (!r.rows[0]) throw new ApiError(KFS_MESSAGES.notFound);
  return kfsRecord(r.rows[0]);
}

/**
 * The borrower acknowledges a KFS: once, within its validity. Acknowledging it again answers it as it
 * is (idempotent per number, whatever the time); an expired one is refused and stays unacknowledged.
 */
export async function acknowledgeKfs(tx: Queryable, userId: number, kfsNo: string, now: Date): Promise<KfsRecord> {
  const k = await ownKfs(tx, userId, kfsNo, true);
  if (k.acknowledgedAt) return k;
  if (!kfsValidAt(k.validUntil, now)) throw new ApiError(KFS_MESSAGES.expired);
  const r = await tx.query<Row>(`UPDATE kfs_statements SET acknowledged_at = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [k.id, now.toISOString()]);
  return kfsRecord(r.rows[0]!);
}

/**
 * The acknowledged KFS an application or a schedule names, checked for what it is asked for (same
 * kind, product and amount, still valid, not used by another order). Refusals are ApiErrors.
 */
export async function kfsForApplication(
  tx: Queryable,
  userId: number,
  kfsNo: string,
  ask: { kind: 'application' | 'schedule'; productId: number; amount: number },
  now: Date,
): Promise<KfsRecord> {
  const k = await ownKfs(tx, userId, kfsNo, true);
  const product = await tx.query<{ product_id: number | null }>('SELECT product_id FROM kfs_statements WHERE id = $1', [k.id]);
  if (k.kind !== ask.kind || product.rows[0]?.product_id !== ask.productId || k.facts.sanctioned !== ask.amount) throw new ApiError(KFS_MESSAGES.notForThis);
  if (k.orderId !== null || k.scheduleId !== null) throw new ApiError(KFS_MESSAGES.used);
  if (!k.acknowledgedAt) throw new ApiError(KFS_MESSAGES.notAcknowledged);
  if (!kfsValidAt(k.validUntil, now)) throw new ApiError(KFS_MESSAGES.expired);
  return k;
}

/** Ties a KFS to the order (or schedule, or extension) it was acknowledged for. */
export async function tieKfs(tx: Queryable, kfsId: number, to: { orderId?: number; scheduleId?: number; extensionId?: number }): Promise<void> {
  await tx.query(
    `UPDATE kfs_statements SET order_id = COALESCE($2, order_id), schedule_id = COALESCE($3, schedule_id), extension_id = COALESCE($4, extension_id)
      WHERE id = $1`,
    [kfsId, to.orderId ?? null, to.scheduleId ?? null, to.extensionId ?? null],
  );
}

/** Whether the order may be disbursed at `at`: the loan KFS it was last acknowledged under binds then. */
export async function orderKfsValidAt(db: Queryable, orderId: number, at: Date): Promise<boolean> {
  const k = await acknowledgedKfsOfOrder(db, orderId);
  return k !== null && kfsValidAt(k.validUntil, at);
}

/** The SQL for an engine row's `kfs_acknowledged_at` and `kfs_valid_until` (orders o): the last acknowledged loan KFS's. */
const LAST_LOAN_KFS = `FROM kfs_statements k WHERE k.order_id = o.id AND k.kind <> 'extension' AND k.acknowledged_at IS NOT NULL
  ORDER BY k.acknowledged_at DESC, k.id DESC LIMIT 1`;
export const KFS_ENGINE_COLUMNS = `(SELECT k.acknowledged_at ${LAST_LOAN_KFS}) AS kfs_acknowledged_at, (SELECT k.valid_until ${LAST_LOAN_KFS}) AS kfs_valid_until`;

/** The KFS as the app reads it (contract/kfs.ts LenderKfs). */
export const lenderKfs = (k: KfsRecord) => ({
  kfsNo: k.kfsNo,
  kind: k.kind,
  issuedAt: k.issuedAt.toISOString(),
  validUntil: k.validUntil.toISOString(),
  acknowledgedAt: k.acknowledgedAt ? k.acknowledgedAt.toISOString() : null,
  facts: k.facts,
});

/**
 * The amendment an extension's fee is charged under (kind 'extension'): the one already tied to this
 * extension (applied, paying again), else the acknowledged one named by `kfsNo`, for this order and
 * extension, still valid. Refused with a clear message otherwise.
 */
export async function amendmentFor(
  tx: Queryable,
  userId: number,
  action: { orderId: number; extensionId: number },
  kfsNo: string | undefined,
  now: Date,
): Promise<KfsRecord> {
  const tied = await tx.query<Row>(
    `SELECT ${COLUMNS} FROM kfs_statements WHERE kind = 'extension' AND extension_id = $1 AND order_id = $2 AND acknowledged_at IS NOT NULL
      ORDER BY acknowledged_at DESC LIMIT 1`,
    [action.extensionId, action.orderId],
  );
  if (kfsNo === undefined) {
    if (tied.rows[0]) return kfsRecord(tied.rows[0]);
    throw new ApiError(KFS_MESSAGES.amendment);
  }
  const k = await ownKfs(tx, userId, kfsNo, true);
  if (k.kind !== 'extension' || k.orderId !== action.orderId || k.extensionId !== action.extensionId) throw new ApiError(KFS_MESSAGES.notForThis);
  if (!k.acknowledgedAt) throw new ApiError(KFS_MESSAGES.amendment);
  if (tied.rows[0]?.id === k.id) return k;
  if (!kfsValidAt(k.validUntil, now)) throw new ApiError(KFS_MESSAGES.expired);
  return k;
}

const rupeesOf = (x: unknown): number => (typeof x === 'number' ? x : Number(x ?? 0));
/** The fee an amendment states before anything paid counts: processing fee + overdue fee + interest, to the paisa. */
export const amendmentGross = (facts: Record<string, unknown>): number =>
  Math.round((rupeesOf(facts.extensionServiceFee) + rupeesOf(facts.extensionOverdueFee) + rupeesOf(facts.extensionInterest)) * 100) / 100;

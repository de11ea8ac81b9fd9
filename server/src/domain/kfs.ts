/**
 * The lender's Key Fact Statements (docs/borrower-rights.md 'Key Fact Statement'): issued with a
 * number and a validity, acknowledged by the borrower, and the record an order is disbursed under.
 */
import type { Queryable } from '../db';

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

/**
 * The gateway's records and signatures: what the lender's side (its payments, its callback route) and
 * the gateway's own pages (gateway.ts) both use. The gateway is another party than the lender; this is
 * the part of it that a merchant SDK and the gateway's status API would give the lender.
 */
import crypto from 'node:crypto';
import type { PaymentNotification } from '../../../contract/orders';
import type { Queryable } from '../db';
import { MINUTE } from '../time';

/** The test secret every sandbox shares unless SANDBOX_GATEWAY_SECRET is set. Not a secret: never use it for real money. */
export const TEST_GATEWAY_SECRET = 'sandbox_test_secret_do_not_use_in_production';
export const gatewaySecret = () => process.env.SANDBOX_GATEWAY_SECRET || TEST_GATEWAY_SECRET;

/** Notifications are signed like Cashfree's webhooks: hex HMAC-SHA256(secret, timestamp + '.' + raw body) in this header. */
export const SIGNATURE_HEADER = 'X-Gateway-Signature';

/** A pending payment's bank answers this long after the borrower paid (sandbox clock). */
export const PENDING_RESOLVES_AFTER_MS = 2 * MINUTE;

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** `prefix` + 24 random base62 characters (about 143 bits): payment ids are the hosted page's only key. */
export function randomId(prefix: 'pay_' | 'gw_'): string {
  const bytes = crypto.randomBytes(24);
  return prefix + Array.from(bytes, (b) => BASE62[b % 62]).join('');
}

// ——— Signing (what a merchant SDK would give the lender) ———

/** hex HMAC-SHA256(secret, timestamp + '.' + rawBody). */
export function signNotification(timestamp: number | string, rawBody: string, secret = gatewaySecret()): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** Timing-safe check of a notification's signature. */
export function verifySignature(timestamp: number | string, rawBody: string, signature: string, secret = gatewaySecret()): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signNotification(timestamp, rawBody, secret), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

// ——— The gateway's records ———

export interface GatewayTransaction {
  ref: string;
  payment_id: string;
  vpa: string;
  amount: number;
  status: 'pending' | 'success' | 'failed';
  resolves_at: Date | null;
  notified_at: Date | null;
  notify_status: number | null;
  created_at: Date;
}

/** The columns of a GatewayTransaction, read alike by the status API and the page that records one. */
export const TXN_COLUMNS = 'ref, payment_id, vpa, amount, status, resolves_at, notified_at, notify_status, created_at';

/**
 * The gateway's status of a payment (its status API): its transaction, with a pending one resolved
 * first when the bank's answer is due on the sandbox clock. Null when the borrower has not paid yet.
 */
export async function gatewayStatus(db: Queryable, paymentId: string, now: Date): Promise<GatewayTransaction | null> {
  await db.query(
    `UPDATE gateway_transactions SET status = resolves_to, updated_at = $2
      WHERE payment_id = $1 AND status = 'pending' AND resolves_at <= $2`,
    [paymentId, now.toISOString()],
  );
  const r = await db.query<GatewayTransaction>(`SELECT ${TXN_COLUMNS} FROM gateway_transactions WHERE payment_id = $1`, [paymentId]);
  return r.rows[0] ?? null;
}

/** The notification for a transaction as it stands, signed at `now`. */
export function notification(txn: GatewayTransaction, orderId: number, now: Date): { body: string; signature: string } {
  const payload: PaymentNotification = {
    paymentId: txn.payment_id,
    orderId: String(orderId),
    amount: txn.amount,
    status: txn.status,
    gatewayRef: txn.ref,
    timestamp: Math.floor(now.getTime() / 1000),
  };
  const body = JSON.stringify(payload);
  return { body, signature: signNotification(payload.timestamp, body) };
}

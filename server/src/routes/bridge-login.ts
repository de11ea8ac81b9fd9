/**
 * The native shell logins (endpoint table: signedLogin, unsignedLogin). A device id is not a secret,
 * so no login reaches an existing borrower on the id alone:
 * - the signed login carries `sign`, the HMAC-SHA256 of the canonical device string (with a timestamp
 *   and a nonce) under the shell's secret; it signs the device in as the borrower it is bound to, or
 *   makes a new borrower for a new device;
 * - the unsigned login (a partner's shell) makes a new, empty borrower for a device never seen, and
 *   signs in again only a device it made whose borrower still holds nothing (partnerMayReach).
 * Both need the deviceId header to be the body's; a new borrower takes a unit of the device sign-up
 * limits (limits.ts).
 */
import crypto from 'node:crypto';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { BRIDGE_LOGIN_HEADERS, type BridgeLoginPayload } from '../../../contract/device';
import { ENDPOINTS } from '../../../contract/endpoints';
import { createSession, safeEqual } from '../auth';
import type { Queryable } from '../db';
import type { AppEnv } from '../env';
import { ApiError, isStorableText } from '../envelope';
import type { Taken } from '../limits';
import { clientAddress, limitKey } from '../network';
import { MINUTE } from '../time';
import { serve } from './serve';

/**
 * The sandbox shell's secret (a test key, like a payment sandbox's): SANDBOX_SHELL_SECRET, else this
 * documented default. A real lender shares its own with its native app only.
 */
export const DEFAULT_SHELL_SECRET = 'sandbox-shell-secret';
export const shellSecret = () => process.env.SANDBOX_SHELL_SECRET || DEFAULT_SHELL_SECRET;

/** The signed fields, in the order of the canonical string: the device, then when and which attempt. */
export const SIGNED_FIELDS = ['deviceId', 'version', 'idfv', 'idfa', 'systemVersion', 'model', 'timestamp', 'nonce'] as const;
type SignedInfo = Partial<Record<(typeof SIGNED_FIELDS)[number], string>>;

/** A signature counts this long either side of the lender's (sandbox) clock, as the gateway's callbacks do. */
export const SIGNATURE_WINDOW_MS = 5 * MINUTE;
const TIMESTAMP_RE = /^\d{1,12}$/;
const NONCE_RE = /^[A-Za-z0-9_-]{16,128}$/;

/** `deviceId=…&version=…&idfv=…&idfa=…&systemVersion=…&model=…&timestamp=…&nonce=…`: the values as sent (no encoding), '' when absent. */
export function canonicalDevice(info: SignedInfo): string {
  return SIGNED_FIELDS.map((f) => `${f}=${info[f] ?? ''}`).join('&');
}

/** HMAC-SHA256 of the canonical string with the secret, lower-case hex. */
export function signDevice(info: SignedInfo, secret = shellSecret()): string {
  return crypto.createHmac('sha256', secret).update(canonicalDevice(info), 'utf8').digest('hex');
}

/** A fresh nonce, as a shell makes one for each device-info answer (the sandbox shell's signer). */
export const newNonce = () => crypto.randomBytes(16).toString('hex');

/** Phones of borrowers made by a new device: 91 80000 followed by 5 digits (real-looking, so every QA control takes them). */
export const NEW_DEVICE_PHONE_PREFIX = '9180000';

export const BRIDGE_LOGIN_MESSAGES = {
  noSign: 'The device info is not signed. Please update the app and try again.',
  noFreshness: 'The device info is signed without a time and a nonce. Please update the app and try again.',
  badSign: 'The device info signature is not valid. Please update the app and try again.',
  stale: 'The device info signature has expired. Please try again.',
  replayed: 'This device info was already used to sign in. Please try again.',
  needsProof: 'This device is linked to an account that this app cannot open without a verified sign-in. Please sign in with your mobile number.',
  noDeviceHeader: 'The deviceId header is required.',
  deviceMismatch: 'The deviceId header does not match the device info.',
  noPhoneLeft: 'The sandbox has no phone number left for a new device.',
  retry: 'This device changed while signing in. Please try again.',
} as const;

/** A header value as sent; percent-decoded when the app had to encode it (non-ASCII). */
function header(c: Context, name: string): string | undefined {
  const raw = c.req.header(name);
  if (raw === undefined) return undefined;
  try {
    const decoded = raw.includes('%') ? decodeURIComponent(raw) : raw;
    return isStorableText(decoded) ? decoded : raw;
  } catch {
    return raw;
  }
}

/** The shell's device as Account's list names it: 'Apple iPhone15,2' (the brand header, unless the model already says it). */
function shellDevice(brand: string | undefined, model: string): string {
  const b = (brand ?? '').trim();
  return b && !model.toLowerCase().startsWith(b.toLowerCase()) ? `${b} ${model}`.trim() : model;
}

type BoundBy = 'signed' | 'unsigned' | 'qa';

/** The device's binding, or null for a device never seen. */
async function findDevice(db: Queryable, deviceId: string): Promise<{ userId: number; boundBy: BoundBy } | null> {
  const r = await db.query<{ user_id: number; bound_by: BoundBy }>('SELECT user_id, bound_by FROM bridge_devices WHERE device_id = $1', [deviceId]);
  const row = r.rows[0];
  return row ? { userId: row.user_id, boundBy: row.bound_by } : null;
}

/** A new borrower with a phone from the sandbox's block, bound to the device. */
async function newDeviceBorrower(db: Queryable, deviceId: string, boundBy: BoundBy, now: Date): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const phone = `${NEW_DEVICE_PHONE_PREFIX}${String(crypto.randomInt(0, 100_000)).padStart(5, '0')}`;
    const made = await db.query<{ id: number }>('INSERT INTO users (phone, created_at) VALUES ($1, $2) ON CONFLICT (phone) DO NOTHING RETURNING id', [
      phone,
      now.toISOString(),
    ]);
    const userId = made.rows[0]?.id;
    if (userId === undefined) continue;
    await db.query('INSERT INTO bridge_devices (device_id, user_id, created_at, bound_by) VALUES ($1, $2, $3, $4)', [deviceId, userId, now.toISOString(), boundBy]);
    return userId;
  }
  throw new ApiError(BRIDGE_LOGIN_MESSAGES.noPhoneLeft);
}

/**
 * Whether an unsigned login may sign this device in again: it made the borrower itself (no signed
 * login or QA binding since), the borrower has no other device and never signed in with a phone code,
 * and holds nothing of a person — no verification step or answer, upload, OTP, face check, verified
 * number, bank account, order, schedule, feedback or location. Such a borrower has nothing to take.
 */
export async function partnerMayReach(db: Queryable, deviceId: string, userId: number): Promise<boolean> {
  const r = await db.query<{ reachable: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM bridge_devices WHERE user_id = $1 AND (device_id <> $2 OR bound_by <> 'unsigned'))
        AND EXISTS (SELECT 1 FROM users WHERE id = $1 AND phone_signed_in_at IS NULL AND persona IS NULL AND name IS NULL)
        AND NOT EXISTS (SELECT 1 FROM verification_setups WHERE user_id = $1
                         AND (basic + work + kyc_aadhaar_and_pan + kyc_face_and_hold + contact > 0 OR aadhaar_verified IS NOT NULL))
        AND NOT EXISTS (SELECT 1 FROM verification_answers WHERE user_id = $1)
        AND NOT EXISTS (SELECT 1 FROM verification_uploads WHERE user_id = $1)
        AND NOT EXISTS (SELECT 1 FROM aadhaar_otps WHERE user_id = $1)
        AND NOT EXISTS (SELECT 1 FROM face_checks WHERE user_id = $1)
        AND NOT EXISTS (SELECT 1 FROM verified_identities WHERE user_id = $1)
        AND NOT EXISTS (SELECT 1 FROM bank_cards WHERE user_id = $1)
        AND NOT EXISTS (SELECT 1 FROM orders WHERE user_id = $1)
        AND NOT EXISTS (SELECT 1 FROM scheduled_orders WHERE user_id = $1)
        AND NOT EXISTS (SELECT 1 FROM feedback WHERE user_id = $1)
        AND NOT EXISTS (SELECT 1 FROM device_locations WHERE user_id = $1) AS reachable`,
    [userId, deviceId],
  );
  return r.rows[0]?.reachable === true;
}

/** Binds a device to the borrower with this phone (creating the borrower when new): the sandbox shell's control. */
export async function bindDevice(db: Queryable, deviceId: string, phone: string, now: Date): Promise<void> {
  await db.query('INSERT INTO users (phone, created_at) VALUES ($1, $2) ON CONFLICT (phone) DO NOTHING', [phone, now.toISOString()]);
  await db.query(
    `INSERT INTO bridge_devices (device_id, user_id, created_at, bound_by)
       SELECT $1, id, $3, 'qa' FROM users WHERE phone = $2
     ON CONFLICT (device_id) DO UPDATE SET user_id = EXCLUDED.user_id, bound_by = 'qa'`,
    [deviceId, phone, now.toISOString()],
  );
}

/** What QA sees of a device: the borrower's phone, how it was bound, whether an unsigned login reaches it now, and its last login. Null when unknown. */
export async function deviceView(db: Queryable, deviceId: string) {
  const r = await db.query<{ user_id: number; phone: string; bound_by: BoundBy; last_login_at: Date | null; last_signed: boolean | null; last_info: unknown }>(
    `SELECT d.user_id, u.phone, d.bound_by, d.last_login_at, d.last_signed, d.last_info
       FROM bridge_devices d JOIN users u ON u.id = d.user_id WHERE d.device_id = $1`,
    [deviceId],
  );
  const row = r.rows[0];
  if (!row) return null;
  return {
    deviceId,
    phone: row.phone,
    boundBy: row.bound_by,
    unsignedReaches: await partnerMayReach(db, deviceId, row.user_id),
    lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
    lastSigned: row.last_signed,
    lastSent: row.last_info,
  };
}

/** The signed login's checks, in this order: a sign, its time and nonce, the signature, its freshness. */
function checkSignature(info: BridgeLoginPayload, now: Date): void {
  const sign = info.sign.trim().toLowerCase();
  if (sign === '') throw new ApiError(BRIDGE_LOGIN_MESSAGES.noSign);
  if (!TIMESTAMP_RE.test(info.timestamp) || !NONCE_RE.test(info.nonce)) throw new ApiError(BRIDGE_LOGIN_MESSAGES.noFreshness);
  if (!safeEqual(sign, signDevice(info))) throw new ApiError(BRIDGE_LOGIN_MESSAGES.badSign);
  if (Math.abs(now.getTime() - Number(info.timestamp) * 1000) > SIGNATURE_WINDOW_MS) throw new ApiError(BRIDGE_LOGIN_MESSAGES.stale);
}

/** Uses the nonce up (kept until its signature could no longer be fresh), or refuses a nonce seen before. */
async function spendNonce(tx: Queryable, info: BridgeLoginPayload, now: Date): Promise<void> {
  await tx.query('DELETE FROM bridge_nonces WHERE expires_at < $1', [now.toISOString()]);
  const expires = new Date(Number(info.timestamp) * 1000 + SIGNATURE_WINDOW_MS);
  const spent = await tx.query('INSERT INTO bridge_nonces (nonce, device_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT (nonce) DO NOTHING RETURNING nonce', [
    info.nonce,
    info.deviceId,
    expires.toISOString(),
  ]);
  if (spent.rowCount === 0) throw new ApiError(BRIDGE_LOGIN_MESSAGES.replayed);
}

export function bridgeLoginRoutes() {
  const r = new Hono<AppEnv>();

  const login = (signed: boolean) => async (c: Context<AppEnv>, info: BridgeLoginPayload) => {
    const { db, clock, rateLimits } = c.var.deps;
    const headerDevice = header(c, 'deviceId');
    if (headerDevice === undefined || headerDevice.trim() === '') throw new ApiError(BRIDGE_LOGIN_MESSAGES.noDeviceHeader);
    if (headerDevice.trim() !== info.deviceId) throw new ApiError(BRIDGE_LOGIN_MESSAGES.deviceMismatch);
    const now = clock.now();
    if (signed) checkSignature(info, now);
    const headers = Object.fromEntries(BRIDGE_LOGIN_HEADERS.map((h) => [h, header(c, h) ?? null]));
    const sent = { ...Object.fromEntries(SIGNED_FIELDS.map((f) => [f, info[f]])), headers };

    // A new device makes a borrower: a unit of the sign-up limits, taken before (outside) the
    // transaction and given back when the device turned out to be known after all.
    let taken: Taken | null = null;
    // A replay is refused as one before it could cost a unit (the nonce is spent in the transaction).
    if (signed && (await db.query('SELECT 1 FROM bridge_nonces WHERE nonce = $1', [info.nonce])).rowCount > 0)
      throw new ApiError(BRIDGE_LOGIN_MESSAGES.replayed);
    if (!(await findDevice(db, info.deviceId))) {
      const client = limitKey(clientAddress(c));
      taken = await rateLimits.take(
        [
          ['deviceSignupPerIpMinute', client],
          ['deviceSignupPerIpDay', client],
          ['deviceSignupTotalMinute', 'all'],
          ['deviceSignupTotalDay', 'all'],
        ],
        now,
      );
      if (!taken.ok) throw new ApiError(taken.message);
    }
    // Not awaited: it may be called inside the transaction below, where a query of its own would wait
    // on the transaction's connection (PGlite has one); it runs after, and never rejects.
    const release = () => {
      if (taken?.ok) void taken.release();
    };

    const value = await db
      .transaction(async (tx) => {
        // Serialise logins of one device, so two at once cannot make two borrowers.
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`device:${info.deviceId}`]);
        if (signed) await spendNonce(tx, info, now);
        const found = await findDevice(tx, info.deviceId);
        let userId: number;
        if (!found) {
          // Known a moment ago and gone now (its borrower was deleted): no unit was taken for a new one.
          if (!taken) throw new ApiError(BRIDGE_LOGIN_MESSAGES.retry);
          userId = await newDeviceBorrower(tx, info.deviceId, signed ? 'signed' : 'unsigned', now);
        } else {
          release();
          taken = null;
          userId = found.userId;
          if (signed) {
            // Proven by the lender's app from now on: never again reached unsigned.
            await tx.query("UPDATE bridge_devices SET bound_by = 'signed' WHERE device_id = $1 AND bound_by = 'unsigned'", [info.deviceId]);
          } else {
            if (!(await partnerMayReach(tx, info.deviceId, userId))) throw new ApiError(BRIDGE_LOGIN_MESSAGES.needsProof);
            // Whoever signed in with this id before holds nothing more: only the newest session adds to it.
            await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
          }
        }
        await tx.query('UPDATE bridge_devices SET last_login_at = $2, last_signed = $3, last_info = $4 WHERE device_id = $1', [
          info.deviceId,
          now.toISOString(),
          signed,
          JSON.stringify(sent),
        ]);
        const token = await createSession(tx, userId, now, { method: signed ? 'app' : 'partner', userAgent: c.req.header('user-agent'), model: shellDevice(header(c, 'brand'), info.model) });
        return { token, isRegister: found ? 0 : 1 };
      })
      .catch((error: unknown) => {
        release();
        throw error;
      });
    return value;
  };

  serve(r, ENDPOINTS.signedLogin, login(true));
  serve(r, ENDPOINTS.unsignedLogin, login(false));
  return r;
}

/**
 * The native shell logins (spec §7 POST /user/v1/user-login and POST /tripartite/v1/user-login;
 * server/README.md 'Native shell logins'). Sent without a token, with the headers deviceId, version,
 * idfv, idfa, sdkVersion and brand; the body is the shell's device-info fields.
 *
 * - /user/v1/user-login is the signed login: `sign` must be the HMAC-SHA256 (hex) of the canonical
 *   device string (canonicalDevice) with the shell's secret (SHELL_SECRET); a missing or wrong sign
 *   is refused (code 1) with a clear msg.
 * - /tripartite/v1/user-login is the unsigned login of a partner's shell: no signature is checked.
 * - Both: the deviceId header must be there and be the body's deviceId. The device signs in as the
 *   borrower it is bound to (bridge_devices; QA binds one on /sandbox/shell); a device never seen
 *   before becomes a new borrower with a phone from the sandbox's own block (NEW_DEVICE_PHONE_PREFIX).
 *   What the device sent (fields and headers) is kept for QA. The answer is a login result
 *   (token, isRegister: 1 when the borrower was created by this login).
 */
import crypto from 'node:crypto';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { LoginResponse } from '../../../contract/auth';
import { BRIDGE_LOGIN_HEADERS, BridgeLoginPayload } from '../../../contract/device';
import { createSession, safeEqual } from '../auth';
import type { Queryable } from '../db';
import type { AppEnv } from '../env';
import { answer, ApiError, isStorableText, jsonBodyLimit, readJson } from '../envelope';
import { idempotent } from '../idempotency';

/**
 * The sandbox shell's secret (a test key, like a payment sandbox's): SANDBOX_SHELL_SECRET, else this
 * documented default. A real lender shares its own with its native app only.
 */
export const DEFAULT_SHELL_SECRET = 'sandbox-shell-secret';
export const shellSecret = () => process.env.SANDBOX_SHELL_SECRET || DEFAULT_SHELL_SECRET;

/** The signed fields, in the order of the canonical string. */
export const SIGNED_FIELDS = ['deviceId', 'version', 'idfv', 'idfa', 'systemVersion', 'model'] as const;

/** `deviceId=…&version=…&idfv=…&idfa=…&systemVersion=…&model=…`: the values as sent (no encoding), '' when absent. */
export function canonicalDevice(info: Partial<Record<(typeof SIGNED_FIELDS)[number], string>>): string {
  return SIGNED_FIELDS.map((f) => `${f}=${info[f] ?? ''}`).join('&');
}

/** HMAC-SHA256 of the canonical string with the secret, lower-case hex. */
export function signDevice(info: Partial<Record<(typeof SIGNED_FIELDS)[number], string>>, secret = shellSecret()): string {
  return crypto.createHmac('sha256', secret).update(canonicalDevice(info), 'utf8').digest('hex');
}

/** Phones of borrowers made by a new device: 91 80000 followed by 5 digits (real-looking, so every QA control takes them). */
export const NEW_DEVICE_PHONE_PREFIX = '9180000';

export const BRIDGE_LOGIN_MESSAGES = {
  noSign: 'The device info is not signed. Please update the app and try again.',
  badSign: 'The device info signature is not valid. Please update the app and try again.',
  noDeviceHeader: 'The deviceId header is required.',
  deviceMismatch: 'The deviceId header does not match the device info.',
  noPhoneLeft: 'The sandbox has no phone number left for a new device.',
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

/** The borrower a device is bound to, binding a new one (a new borrower) the first time. */
async function deviceBorrower(db: Queryable, deviceId: string, now: Date): Promise<{ userId: number; created: boolean }> {
  const bound = await db.query<{ user_id: number }>('SELECT user_id FROM bridge_devices WHERE device_id = $1', [deviceId]);
  const existing = bound.rows[0]?.user_id;
  if (existing !== undefined) return { userId: existing, created: false };
  for (let attempt = 0; attempt < 50; attempt++) {
    const phone = `${NEW_DEVICE_PHONE_PREFIX}${String(crypto.randomInt(0, 100_000)).padStart(5, '0')}`;
    const made = await db.query<{ id: number }>('INSERT INTO users (phone, created_at) VALUES ($1, $2) ON CONFLICT (phone) DO NOTHING RETURNING id', [
      phone,
      now.toISOString(),
    ]);
    const userId = made.rows[0]?.id;
    if (userId === undefined) continue;
    await db.query('INSERT INTO bridge_devices (device_id, user_id, created_at) VALUES ($1, $2, $3)', [deviceId, userId, now.toISOString()]);
    return { userId, created: true };
  }
  throw new ApiError(BRIDGE_LOGIN_MESSAGES.noPhoneLeft);
}

/** Binds a device to the borrower with this phone (creating the borrower when new): the sandbox shell's control. */
export async function bindDevice(db: Queryable, deviceId: string, phone: string, now: Date): Promise<void> {
  await db.query('INSERT INTO users (phone, created_at) VALUES ($1, $2) ON CONFLICT (phone) DO NOTHING', [phone, now.toISOString()]);
  await db.query(
    `INSERT INTO bridge_devices (device_id, user_id, created_at)
       SELECT $1, id, $3 FROM users WHERE phone = $2
     ON CONFLICT (device_id) DO UPDATE SET user_id = EXCLUDED.user_id`,
    [deviceId, phone, now.toISOString()],
  );
}

/** What QA sees of a device: the borrower's phone and its last login. Null when unknown. */
export async function deviceView(db: Queryable, deviceId: string) {
  const r = await db.query<{ phone: string; last_login_at: Date | null; last_signed: boolean | null; last_info: unknown }>(
    `SELECT u.phone, d.last_login_at, d.last_signed, d.last_info
       FROM bridge_devices d JOIN users u ON u.id = d.user_id WHERE d.device_id = $1`,
    [deviceId],
  );
  const row = r.rows[0];
  return row
    ? { deviceId, phone: row.phone, lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null, lastSigned: row.last_signed, lastSent: row.last_info }
    : null;
}

export function bridgeLoginRoutes() {
  const r = new Hono<AppEnv>();

  const login = (signed: boolean) => async (c: Context<AppEnv>) => {
    const { db, clock } = c.var.deps;
    const info = await readJson(c, BridgeLoginPayload);
    const headerDevice = header(c, 'deviceId');
    if (headerDevice === undefined || headerDevice.trim() === '') throw new ApiError(BRIDGE_LOGIN_MESSAGES.noDeviceHeader);
    if (headerDevice.trim() !== info.deviceId) throw new ApiError(BRIDGE_LOGIN_MESSAGES.deviceMismatch);
    if (signed) {
      const sign = info.sign.trim().toLowerCase();
      if (sign === '') throw new ApiError(BRIDGE_LOGIN_MESSAGES.noSign);
      if (!safeEqual(sign, signDevice(info))) throw new ApiError(BRIDGE_LOGIN_MESSAGES.badSign);
    }
    const headers = Object.fromEntries(BRIDGE_LOGIN_HEADERS.map((h) => [h, header(c, h) ?? null]));
    const sent = { ...Object.fromEntries(SIGNED_FIELDS.map((f) => [f, info[f]])), headers };
    const now = clock.now();
    const value = await db.transaction(async (tx) => {
      // Serialise logins of one device, so two at once cannot make two borrowers.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`device:${info.deviceId}`]);
      const { userId, created } = await deviceBorrower(tx, info.deviceId, now);
      await tx.query('UPDATE bridge_devices SET last_login_at = $2, last_signed = $3, last_info = $4 WHERE device_id = $1', [
        info.deviceId,
        now.toISOString(),
        signed,
        JSON.stringify(sent),
      ]);
      const token = await createSession(tx, userId, now, { method: signed ? 'app' : 'partner', userAgent: c.req.header('user-agent'), model: shellDevice(header(c, 'brand'), info.model) });
      return { token, isRegister: created ? 1 : 0 };
    });
    return answer(c, LoginResponse, value);
  };

  r.post('/user/v1/user-login', jsonBodyLimit(), idempotent, login(true));
  r.post('/tripartite/v1/user-login', jsonBodyLimit(), idempotent, login(false));
  return r;
}

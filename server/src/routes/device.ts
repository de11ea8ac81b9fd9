/**
 * Device data and the request's country (endpoint table: needUpload, uploadDeviceInfo, country). The
 * sandbox wants a borrower's location only when QA asked for it (/sandbox/api/device), and only until
 * one has arrived. It has no address lookup: the country is a `CF-IPCountry` header, else 'IN'.
 */
import { Hono } from 'hono';
import { ENDPOINTS } from '../../../contract/endpoints';
import { requireConsent } from '../domain/privacy';
import type { Queryable } from '../db';
import type { AppEnv } from '../env';
import { jsonBodyLimit, ok } from '../envelope';
import { serve } from './serve';

/** What the sandbox says when it cannot tell: its borrowers are in India. */
export const DEFAULT_COUNTRY = 'IN';

async function gpsWanted(db: Queryable, userId: number): Promise<boolean> {
  const r = await db.query<{ gps_wanted: boolean }>('SELECT gps_wanted FROM device_settings WHERE user_id = $1', [userId]);
  return r.rows[0]?.gps_wanted ?? false;
}

/** The country of a request: a two-letter CF-IPCountry header, else DEFAULT_COUNTRY. */
export function requestCountry(header: string | undefined): string {
  const code = (header ?? '').trim().toUpperCase();
  // 'XX' and 'T1' (Tor) are Cloudflare's "unknown": not a country.
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : DEFAULT_COUNTRY;
}

export function deviceRoutes() {
  const r = new Hono<AppEnv>();

  // No body is read; the limit and the key follow the house rule for every POST.
  serve(r, ENDPOINTS.needUpload, async (c) => [{ type: 'gps', needUpload: (await gpsWanted(c.var.deps.db, c.get('user').id)) ? 1 : 0 }]);

  serve(r, ENDPOINTS.uploadDeviceInfo, { bodyLimit: jsonBodyLimit(4 * 1024) }, async (c, { gps }) => {
    const { db, clock, log } = c.var.deps;
    const userId = c.get('user').id;
    await requireConsent(db, userId, 'location');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO device_locations (user_id, latitude, longitude, address, received_at) VALUES ($1, $2, $3, $4, $5)', [
        userId,
        gps.latitude,
        gps.longitude,
        gps.address,
        clock.now().toISOString(),
      ]);
      // Once is enough: the next needUpload says gps 0 until QA asks again.
      await tx.query('UPDATE device_settings SET gps_wanted = false WHERE user_id = $1', [userId]);
    });
    log(`[sandbox device] location received for user ${userId}`);
    return ok(c);
  });

  serve(r, ENDPOINTS.country, (c) => ({ country: requestCountry(c.req.header('cf-ipcountry')) }));

  return r;
}

/** The QA view of one borrower's device data (GET/POST /sandbox/api/device); null when the phone has no borrower. */
export async function deviceView(db: Queryable, phone: string) {
  const user = await db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
  const id = user.rows[0]?.id;
  if (id === undefined) return null;
  const locations = await db.query<{ latitude: number; longitude: number; address: string; received_at: Date }>(
    'SELECT latitude, longitude, address, received_at FROM device_locations WHERE user_id = $1 ORDER BY received_at DESC, id DESC LIMIT 20',
    [id],
  );
  return {
    phone,
    gps: (await gpsWanted(db, id)) ? 1 : 0,
    locations: locations.rows.map((l) => ({ latitude: l.latitude, longitude: l.longitude, address: l.address, receivedAt: new Date(l.received_at).toISOString() })),
  };
}

/** QA: whether the sandbox wants this borrower's location (creating the borrower when the number is new, like /sandbox/api/verification). */
export async function setGpsWanted(db: Queryable, phone: string, wanted: boolean, now: Date) {
  await db.query('INSERT INTO users (phone, created_at) VALUES ($1, $2) ON CONFLICT (phone) DO NOTHING', [phone, now.toISOString()]);
  await db.query(
    `INSERT INTO device_settings (user_id, gps_wanted) SELECT id, $2 FROM users WHERE phone = $1
     ON CONFLICT (user_id) DO UPDATE SET gps_wanted = EXCLUDED.gps_wanted`,
    [phone, wanted],
  );
  return deviceView(db, phone);
}

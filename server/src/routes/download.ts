/**
 * The download check (spec §7 'Download check: returns data.accordWith'; method and path not given,
 * chosen here): GET /api1/client/v1/download-check, no session needed. The sandbox has no audience
 * rule of its own: every caller accords (`accordWith: true`) unless QA asks for the other answer with
 * the query `accordWith=false` (or `0`) or the header `X-Sandbox-Accord-With: false` (or `0`); `true`/`1`
 * ask for true. Anything else in them is ignored. The app adds its own rule: only an ios-h5 device
 * asks, and APPLY NOW goes into the app only when the answer accords (is_ok 1).
 */
import { Hono } from 'hono';
import { DownloadCheck } from '../../../contract/device';
import type { AppEnv } from '../env';
import { answer } from '../envelope';

export const ACCORD_HEADER = 'X-Sandbox-Accord-With';

/** 'true'/'1' → true, 'false'/'0' → false, anything else (absent included) → no say. */
function requested(value: string | undefined): boolean | null {
  const v = value?.trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return null;
}

/** The query wins over the header; neither → true. */
export function accordWith(query: string | undefined, header: string | undefined): boolean {
  return requested(query) ?? requested(header) ?? true;
}

export function downloadRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/client/v1/download-check', (c) => answer(c, DownloadCheck, { accordWith: accordWith(c.req.query('accordWith'), c.req.header(ACCORD_HEADER)) }));
  return r;
}

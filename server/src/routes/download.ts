/**
 * The download check (endpoint table: downloadCheck; the spec gives no method or path). The sandbox
 * has no audience rule: every caller accords unless QA asks otherwise with `accordWith=false` (or 0)
 * in the query or the X-Sandbox-Accord-With header; the query wins.
 */
import { Hono } from 'hono';
import { ENDPOINTS } from '../../../contract/endpoints';
import type { AppEnv } from '../env';
import { serve } from './serve';

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
  serve(r, ENDPOINTS.downloadCheck, (c) => ({ accordWith: accordWith(c.req.query('accordWith'), c.req.header(ACCORD_HEADER)) }));
  return r;
}

/**
 * The privacy centre (endpoint table: privacy, giveConsent, withdrawConsent, requestDeletion), on the
 * sandbox clock (domain/privacy.ts). Giving or withdrawing twice answers as once. Data sent under a
 * withdrawn consent is refused where it arrives (uploads.ts, device.ts).
 */
import { Hono } from 'hono';
import { ENDPOINTS } from '../../../contract/endpoints';
import { listConsents, listDeletionRequests, requestDeletion, setConsent } from '../domain/privacy';
import type { AppEnv } from '../env';
import { serve } from './serve';

export function privacyRoutes() {
  const r = new Hono<AppEnv>();

  serve(r, ENDPOINTS.privacy, async (c) => {
    const { db } = c.var.deps;
    const userId = c.get('user').id;
    return { consents: await listConsents(db, userId), deletionRequests: await listDeletionRequests(db, userId) };
  });

  for (const [call, given] of [[ENDPOINTS.giveConsent, true], [ENDPOINTS.withdrawConsent, false]] as const) {
    serve(r, call, async (c, { purpose }) => {
      const { db, clock, log } = c.var.deps;
      const consent = await setConsent(db, c.get('user').id, purpose, given, clock.now());
      log(`[sandbox privacy] user ${c.get('user').id}: ${purpose} ${given ? 'given' : 'withdrawn'}`);
      return consent;
    });
  }

  serve(r, ENDPOINTS.requestDeletion, async (c) => {
    const { db, clock } = c.var.deps;
    return requestDeletion(db, c.get('user').id, clock.now());
  });

  return r;
}

/**
 * The privacy centre (beyond the spec: contract/beyond-spec.ts; server/README.md 'Privacy: consents
 * and deletion requests'):
 * - GET /user/v1/privacy: the borrower's consents and deletion requests.
 * - POST /user/v1/consents {purpose} / POST /user/v1/consents/withdraw {purpose}: on the sandbox clock;
 *   giving or withdrawing twice answers as once, so neither carries a key.
 * - POST /user/v1/deletion-requests {}: the open request, new or already received.
 * Data sent under a withdrawn consent is refused where it arrives (uploads.ts, device.ts).
 */
import { Hono } from 'hono';
import { BEYOND_SPEC } from '../../../contract/beyond-spec';
import { ConsentPayload, DeletionRequestPayload } from '../../../contract/privacy';
import { requireUser } from '../auth';
import { listConsents, listDeletionRequests, requestDeletion, setConsent } from '../domain/privacy';
import type { AppEnv } from '../env';
import { answer, jsonBodyLimit, readJson } from '../envelope';
import { idempotent } from '../idempotency';

export function privacyRoutes() {
  const r = new Hono<AppEnv>();

  r.get(BEYOND_SPEC.privacy.path, requireUser, async (c) => {
    const { db } = c.var.deps;
    const userId = c.get('user').id;
    return answer(c, BEYOND_SPEC.privacy.answer, { consents: await listConsents(db, userId), deletionRequests: await listDeletionRequests(db, userId) });
  });

  for (const [call, given] of [[BEYOND_SPEC.giveConsent, true], [BEYOND_SPEC.withdrawConsent, false]] as const) {
    r.post(call.path, requireUser, jsonBodyLimit(), idempotent, async (c) => {
      const { purpose } = await readJson(c, ConsentPayload);
      const { db, clock, log } = c.var.deps;
      const consent = await setConsent(db, c.get('user').id, purpose, given, clock.now());
      log(`[sandbox privacy] user ${c.get('user').id}: ${purpose} ${given ? 'given' : 'withdrawn'}`);
      return answer(c, call.answer, consent);
    });
  }

  r.post(BEYOND_SPEC.requestDeletion.path, requireUser, jsonBodyLimit(), idempotent, async (c) => {
    await readJson(c, DeletionRequestPayload);
    const { db, clock } = c.var.deps;
    return answer(c, BEYOND_SPEC.requestDeletion.answer, await requestDeletion(db, c.get('user').id, clock.now()));
  });

  return r;
}

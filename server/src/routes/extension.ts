/**
 * The extension of the due date (endpoint table: extensionCalc, applyExtension, giveupExtension).
 * The rules are domain/extension.ts's; the fee is paid through the same gateway as repayment.
 */
import { Hono } from 'hono';
import { ENDPOINTS } from '../../../contract/endpoints';
import type { ExtensionActionPayload } from '../../../contract/extension';
import {
  abandonExtension,
  appliedFee,
  applyExtension,
  EXTENSION_MESSAGES,
  ExtensionRefused,
  quoteExtension,
  type ExtensionAction,
} from '../domain/extension';
import { amendmentFor, amendmentGross, KFS_MESSAGES, tieKfs } from '../domain/kfs';
import { createPayment, pendingPayment, reconcilePayments } from '../domain/payments';
import type { AppEnv } from '../env';
import { ApiError } from '../envelope';
import { EXTENSION_COVERED_PREFIX, gatewayPageUrl, origin } from '../gateway';
import { answerOnce } from '../idempotency';
import { requestAppOrigin } from '../origins';
import { parseId } from './products';
import { serve } from './serve';

/** The domain's refusals as the envelope (code 1 with the message); anything else is thrown on. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ExtensionRefused) throw new ApiError(err.message);
    throw err;
  }
}

/** The action's ids: the borrower's order, its extension; orderRepayId is the order's repayment (its id). */
function readAction(body: ExtensionActionPayload): ExtensionAction & { kfsNo?: string } {
  const orderId = parseId(body.orderId);
  if (orderId === undefined) throw new ApiError(EXTENSION_MESSAGES.orderNotFound);
  const extensionId = parseId(body.extensionId);
  if (extensionId === undefined || parseId(body.orderRepayId) !== orderId) throw new ApiError(EXTENSION_MESSAGES.extensionNotFound);
  return { orderId, extensionId, kfsNo: body.kfsNo };
}

export function extensionRoutes() {
  const r = new Hono<AppEnv>();

  // Another borrower's order answers exactly like one that does not exist.
  serve(r, ENDPOINTS.extensionCalc, { invalid: EXTENSION_MESSAGES.orderNotFound }, async (c, { id }) => {
    const { db, clock } = c.var.deps;
    const orderId = parseId(id);
    if (orderId === undefined) throw new ApiError(EXTENSION_MESSAGES.orderNotFound);
    const now = clock.now();
    // A fee payment the bank has answered counts before the extension is read.
    await reconcilePayments(db, now, { orderId, userId: c.var.user.id });
    const info = await refusing(() => db.transaction((tx) => quoteExtension(tx, orderId, c.var.user.id, now)));
    return info;
  });

  // Each action and its Idempotency-Key's answer are written in one transaction (answerOnce).
  serve(r, ENDPOINTS.applyExtension, { key: 'inTransaction' }, async (c, body) => {
    const { db, clock } = c.var.deps;
    const action = readAction(body);
    const userId = c.var.user.id;
    const now = clock.now();
    await reconcilePayments(db, now, { orderId: action.orderId, userId });
    return refusing(() =>
      answerOnce(c, ENDPOINTS.applyExtension.answer, async (tx) => {
        const returnOrigin = requestAppOrigin(c);
        const outcome = await applyExtension(tx, action, userId, now, returnOrigin);
        // No charge outside the KFS: the fee is the one the acknowledged amendment states. Checked
        // after the extension's own refusals; a refusal here rolls the application back.
        const amendment = await amendmentFor(tx, userId, action, action.kfsNo, now);
        if (Math.abs(amendmentGross(amendment.facts) - appliedFee(outcome.extension).gross) >= 0.005) throw new ExtensionRefused(KFS_MESSAGES.amendmentChanged);
        await tieKfs(tx, amendment.id, { extensionId: outcome.extension.id });
        if (outcome.kind === 'covered') return { paymentUrl: `${origin(c)}${EXTENSION_COVERED_PREFIX}${outcome.extension.id}` };
        // A payment at the bank still unanswered (the fee's, or a repayment's) might pay twice.
        if (await pendingPayment(tx, action.orderId)) throw new ExtensionRefused(EXTENSION_MESSAGES.pending);
        const paymentId = await createPayment(tx, {
          orderId: action.orderId,
          userId,
          amount: outcome.amount,
          returnOrigin,
          now,
          extensionId: outcome.extension.id,
          expiresAt: outcome.expiresAt,
        });
        // Beyond the spec, the payment's id: the app knows which payment it comes back from.
        return { paymentUrl: gatewayPageUrl(origin(c), paymentId), paymentId };
      }),
    );
  });

  serve(r, ENDPOINTS.giveupExtension, { key: 'inTransaction' }, async (c, body) => {
    const { db, clock } = c.var.deps;
    const action = readAction(body);
    const now = clock.now();
    await reconcilePayments(db, now, { orderId: action.orderId, userId: c.var.user.id });
    return refusing(() =>
      answerOnce(c, ENDPOINTS.giveupExtension.answer, async (tx) => {
        await abandonExtension(tx, action, c.var.user.id, now);
        return null;
      }),
    );
  });

  return r;
}

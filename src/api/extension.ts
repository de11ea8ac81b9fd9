/** The extension calls (spec §7): the extension info, applying (and paying) and giving up. */
import { api, type CallOptions, type IntentOptions } from './client';
import { Ignored } from '../../contract/common';
import { ExtensionInfo, type ExtensionActionPayload } from '../../contract/extension';
import { PaymentUrl } from '../../contract/orders';

/** GET /order-repay-extension/v1/extension-calc/{orderId} */
export function extensionCalc(orderId: string, { signal }: CallOptions = {}): Promise<ExtensionInfo> {
  return api.get(`order-repay-extension/v1/extension-calc/${encodeURIComponent(orderId)}`, ExtensionInfo, { signal });
}

/** POST /order-repay-extension/v1/apply-extension {extensionId, orderId, orderRepayId}, with the intent's Idempotency-Key → data.paymentUrl. */
export function applyExtension(payload: ExtensionActionPayload, { signal, idempotencyKey }: IntentOptions): Promise<PaymentUrl> {
  return api.post('order-repay-extension/v1/apply-extension', PaymentUrl, { json: payload, signal, idempotencyKey });
}

/** POST /order-repay-extension/v1/giveup-extension {extensionId, orderId, orderRepayId}, with the intent's Idempotency-Key. The answer's data is not used. */
export async function giveupExtension(payload: ExtensionActionPayload, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.post('order-repay-extension/v1/giveup-extension', Ignored, { json: payload, signal, idempotencyKey });
}

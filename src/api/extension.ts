/** The extension calls (contract/extension.ts): the extension info, applying (and paying) and giving up. */
import { extensionCalls, type ExtensionActionPayload, type ExtensionInfo } from '../../contract/extension';
import type { PaymentUrl } from '../../contract/orders';
import { api, type CallOptions, type IntentOptions } from './client';

export function extensionCalc(orderId: string, { signal }: CallOptions = {}): Promise<ExtensionInfo> {
  return api.call(extensionCalls.extensionCalc, { params: { id: orderId }, signal });
}

/** With the intent's Idempotency-Key: the gateway's paymentUrl for the fee. */
export function applyExtension(payload: ExtensionActionPayload, { signal, idempotencyKey }: IntentOptions): Promise<PaymentUrl> {
  return api.call(extensionCalls.applyExtension, { json: payload, signal, idempotencyKey });
}

/** With the intent's Idempotency-Key. The answer's data is not used. */
export async function giveupExtension(payload: ExtensionActionPayload, { signal, idempotencyKey }: IntentOptions): Promise<void> {
  await api.call(extensionCalls.giveupExtension, { json: payload, signal, idempotencyKey });
}

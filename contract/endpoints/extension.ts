/** The extension (spec §7): its figures, applying (and paying) and giving up. */
import { Ignored } from '../envelope';
import type { Endpoint } from '../endpoint';
import { ExtensionActionPayload, ExtensionInfo, ExtensionOrderParam } from '../extension';
import { PaymentUrl } from '../orders';

export const extensionCalls = {
  /** {id} is the order's id. */
  extensionCalc: {
    method: 'GET',
    path: '/order-repay-extension/v1/extension-calc/{id}',
    params: { id: ExtensionOrderParam },
    answer: ExtensionInfo,
    token: true,
    beyondSpec: false,
  },
  applyExtension: {
    method: 'POST',
    path: '/order-repay-extension/v1/apply-extension',
    body: ExtensionActionPayload,
    answer: PaymentUrl,
    token: true,
    beyondSpec: false,
    intent: true,
    money: true,
  },
  giveupExtension: { method: 'POST', path: '/order-repay-extension/v1/giveup-extension', body: ExtensionActionPayload, answer: Ignored, token: true, beyondSpec: false, intent: true },
} as const satisfies Record<string, Endpoint>;

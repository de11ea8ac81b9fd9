/** The extension (spec §7): its figures, applying (and paying) and giving up. */
import { Ignored } from '../envelope';
import type { Endpoint } from '../endpoint';
import { ExtensionActionPayload, ExtensionInfo, ExtensionOrderParam } from '../extension';
import { PaymentUrl } from '../orders';

/** {id} is the order's id. */
export const extensionCalc = {
  method: 'GET',
  path: '/order-repay-extension/v1/extension-calc/{id}',
  params: { id: ExtensionOrderParam },
  answer: ExtensionInfo,
  token: true,
  beyondSpec: false,
} as const satisfies Endpoint;

export const applyExtension = {
  method: 'POST',
  path: '/order-repay-extension/v1/apply-extension',
  body: ExtensionActionPayload,
  answer: PaymentUrl,
  token: true,
  beyondSpec: false,
  intent: true,
  money: true,
} as const satisfies Endpoint;

export const giveupExtension = { method: 'POST', path: '/order-repay-extension/v1/giveup-extension', body: ExtensionActionPayload, answer: Ignored, token: true, beyondSpec: false, intent: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const extensionCalls = { extensionCalc, applyExtension, giveupExtension } as const;

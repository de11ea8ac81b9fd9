/**
 * What the extension chart keeps and hears: its input, context, events and draft, and the pure
 * helpers its actions and invokes share. Written apart from the chart so that
 * extension.machine.ts holds the chart itself; the machine module re-exports every type here.
 */
import type { ExtensionActionPayload, ExtensionInfo } from '../../contract/extension';
import type { Order, PaymentUrl } from '../../contract/orders';
import type { Said } from '../../i18n/core';
import type { ExtensionKey } from '../../i18n/en/extension';
import { intentKey, type IdempotentIntent } from '../shared/idempotency';
import type { KfsStanding } from '../shared/kfs-ack';
import { markOf, type StartedPayment } from '../shared/payment';

/** What the page keeps across a reload (bw.draft.extension.apply.<orderId>): the Apply and payment key. */
export type ExtensionDraft = IdempotentIntent;

export interface ExtensionInput {
  orderId: string;
  /** The page's draft, read when the page opened. */
  draft?: ExtensionDraft | null;
  /** The app's origin: the return address, and the one payment origin always allowed. */
  origin: string;
  /** Payment hosts allowed at build time (VITE_PAYMENT_HOSTS). */
  paymentHosts: readonly string[];
  /** The lender's clock (src/lib/lender-clock.ts); defaults to the device's. */
  now?: () => number;
}

export interface ExtensionContext extends IdempotentIntent {
  orderId: string;
  origin: string;
  paymentHosts: readonly string[];
  now: () => number;
  order: Order | null;
  info: ExtensionInfo | null;
  /** The end of the fee's payment window (ms since the epoch), from the info; null when unreadable. */
  deadline: number | null;
  /** Why the order, or the info, could not be read (while loading): the server's msg, else by key. */
  orderError: Said<ExtensionKey> | null;
  infoError: Said<ExtensionKey> | null;
  /** Why the page could not be loaded. */
  error: Said<ExtensionKey> | null;
  /** A failed apply, giveup or re-check, shown at its button: the server's msg, else by key. */
  notice: Said<ExtensionKey> | null;
  /** The key of the unanswered giveup (its own intent). */
  giveupKey: string | null;
  /** When the unanswered Apply and payment happened (the lender's clock); null after a reload (then: when it is answered). */
  intentAt: number | null;
  /** The amendment to the KFS the fee is charged under (machines/shared/kfs-ack.ts): the offer's, null until issued; the applied extension's, the app's. */
  amendment: KfsStanding | null;
  /** When the borrower ticked the amendment's acknowledgement (the lender's clock), or null. */
  amendmentTickedAt: number | null;
}

export type ExtensionEvent =
  | { type: 'page.retried' }
  | { type: 'page.visible' }
  | { type: 'page.restored' }
  | { type: 'apply.tapped' }
  | { type: 'amendment.ticked'; checked: boolean }
  | { type: 'abandon.tapped' }
  | { type: 'abandon.continued' }
  | { type: 'abandon.confirmed' }
  | { type: 'refresh.tapped' };

/** The longest timer a browser keeps (2^31 − 1 ms, about 24.8 days): the window of an unreadable apply time. */
export const NO_DEADLINE_MS = 2_147_483_647;

/** The extension fee payment the intent started, as the tab remembers it (the page shows the order only once read). */
export function feeStarted(context: ExtensionContext, answer: PaymentUrl): StartedPayment {
  if (context.order === null) throw new Error('extension: paying without the order');
  return {
    orderId: context.orderId,
    purpose: 'extensionFee',
    key: intentKey(context, 'extension'),
    at: context.intentAt ?? context.now(),
    paymentId: answer.paymentId ?? null,
    before: markOf(context.order),
  };
}

/** The three ids of the extension, for apply and giveup (the page shows the order only with its info). */
export function actionPayload({ orderId, info, amendment }: Pick<ExtensionContext, 'orderId' | 'info' | 'amendment'>): ExtensionActionPayload {
  if (info === null) throw new Error('extension: acting without the extension info');
  const payload = { extensionId: info.extensionId, orderId, orderRepayId: info.orderRepayId };
  // The lender's amendment acknowledged: an extra field a backend following the spec ignores.
  return amendment?.source === 'lender' ? { ...payload, kfsNo: amendment.kfsNo } : payload;
}

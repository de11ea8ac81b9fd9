/**
 * The effects of the two pages the native shell opens with a token: the bridge calls (store review,
 * close the webview, finish) and, on the rating audit page, the order detail. The bridge is a
 * parameter, so tests pass a fake (src/lib/native-bridge.ts is the real one).
 */
import type { rateMachine } from '../../../machines/rating/rate.machine';
import type { ratingAuditMachine } from '../../../machines/rating/rating-audit.machine';
import { getOrder } from '../../api/orders';
import { fromCall } from '../../lib/abortable';
import { bridge as nativeBridge, type Bridge } from '../../lib/native-bridge';
import type { Effects } from '../shared/effects';

/** What these pages ask of the shell. */
export type RatingBridge = Pick<Bridge, 'openStoreReview' | 'closeWebview' | 'finish'>;

export function rateEffects(bridge: RatingBridge = nativeBridge): Effects<typeof rateMachine> {
  return {
    actors: {
      openStoreReview: fromCall((_input: unknown, signal: AbortSignal) => bridge.openStoreReview({ signal })),
      closeWebview: fromCall((_input: unknown, signal: AbortSignal) => bridge.closeWebview({ signal })),
    },
  };
}

export function ratingAuditEffects(bridge: RatingBridge = nativeBridge): Effects<typeof ratingAuditMachine> {
  return {
    actors: {
      loadOrder: fromCall(({ orderId }: { orderId: string }, signal) => getOrder(orderId, { signal })),
      finish: fromCall((_input: unknown, signal: AbortSignal) => bridge.finish({ signal })),
      openStoreReview: fromCall((_input: unknown, signal: AbortSignal) => bridge.openStoreReview({ signal })),
    },
  };
}

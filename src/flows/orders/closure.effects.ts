/**
 * The effects of ending a loan early on its detail page (machines/closure): the quote (beyond the
 * spec), the repay call with its purpose and key, the payment started remembered in the tab (the
 * same record Repayment keeps, so the order page tells its outcome), and leaving for the payment page.
 */
import { assign } from 'xstate';
import type { closureMachine } from '../../../machines/closure/closure.machine';
import type { StartedPayment } from '../../../machines/shared/payment';
import { closureQuote, repayFor } from '../../api/closure';
import { fromCall } from '../../lib/abortable';
import type { DraftStore } from '../../lib/draft';
import { newKey } from '../../lib/idempotency';
import type { Effects } from '../shared/effects';
import { assignLocation, startedPaymentStore, type OpenPayment } from '../shared/payment';

export function closureEffects(
  orderId: string,
  { openPayment = assignLocation, started = startedPaymentStore(orderId) }: { openPayment?: OpenPayment; started?: DraftStore<StartedPayment> } = {},
): Effects<typeof closureMachine> {
  return {
    actors: {
      closureQuote: fromCall(({ orderId: id }, signal) => closureQuote(id, { signal })),
      pay: fromCall(({ idempotencyKey, ...payload }, signal) => repayFor(payload, { signal, idempotencyKey })),
    },
    actions: {
      openPayment: (_, { url }) => openPayment(url),
      rememberPayment: (_, { started: payment }) => started.write(payment),
      newIdempotencyKey: assign({ idempotencyKey: newKey }),
    },
  };
}

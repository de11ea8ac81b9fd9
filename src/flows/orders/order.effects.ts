/**
 * The effects of the order pages (audit, confirm, detail): the order detail, Get Money and repayment
 * calls with their idempotency keys, the order's payments (beyond the spec), the Get Money draft, the
 * payment started (remembered in the tab), navigation and leaving for the payment page.
 */
import * as v from 'valibot';
import { assign } from 'xstate';
import { IdempotencyKey } from '../../../contract/common';
import type { OrderDraft, orderMachine } from '../../../machines/order/order.machine';
import type { Order } from '../../../contract/orders';
import { paths } from '../../../machines/shared/paths';
import { confirmLoan, getOrder, keepOrderAhead, repay } from '../../api/orders';
import { acknowledgeKfs, issueKfs, orderKfs, readOrderKfsAhead } from '../../api/kfs';
import { listPayments } from '../../api/payments';
import { fromCall } from '../../lib/abortable';
import { draftStore, type DraftOptions, type DraftStore } from '../../lib/draft';
import { newKey } from '../../lib/idempotency';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';
import type { StartedPayment } from '../../../machines/shared/payment';
import { assignLocation, startedPaymentStore, type OpenPayment } from '../shared/payment';

/** A stored Get Money draft read back; anything else counts as none. */
export function parseOrderDraft(raw: unknown): OrderDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { idempotencyKey } = raw as { idempotencyKey?: unknown };
  return v.is(IdempotencyKey, idempotencyKey) ? { idempotencyKey } : null;
}

/** The Get Money draft of order `orderId`: bw.draft.order.loan.<orderId>.<phone>. */
export const orderDraft = (orderId: string, options?: DraftOptions): DraftStore<OrderDraft> => draftStore(`order.loan.${orderId}`, parseOrderDraft, options);

export function orderEffects(
  orderId: string,
  nav: Navigate,
  {
    draft = orderDraft(orderId),
    openPayment = assignLocation,
    started = startedPaymentStore(orderId),
  }: { draft?: DraftStore<OrderDraft>; openPayment?: OpenPayment; started?: DraftStore<StartedPayment> } = {},
): Effects<typeof orderMachine> {
  let loaded: Order | null = null;
  const navigate = navigateWith(nav);
  return {
    actors: {
      loadOrder: fromCall(async ({ orderId: id }, signal) => (loaded = await getOrder(id, { signal }))),
      confirmLoan: fromCall(({ orderId: id, idempotencyKey }, signal) => confirmLoan(id, { signal, idempotencyKey })),
      repay: fromCall(({ orderId: id, idempotencyKey }, signal) => repay(id, { signal, idempotencyKey })),
      listPayments: fromCall(({ orderId: id }, signal) => listPayments(id, { signal })),
      orderKfs: fromCall(({ orderId: id }, signal) => orderKfs(id, { signal })),
      issueKfs: fromCall(({ orderId: id }, signal) => issueKfs({ kind: 'order', orderId: id }, { signal })),
      acknowledgeKfs: fromCall(({ kfsNo }, signal) => acknowledgeKfs(kfsNo, { signal })),
    },
    actions: {
      navigate: (args, params) => {
        // A passed order sent on to its confirm page: that page starts with this answer, and its KFS is asked now.
        if (loaded && params.to === paths.orderConfirm.href(orderId)) {
          keepOrderAhead(orderId, loaded);
          readOrderKfsAhead(orderId);
        }
        navigate(args, params);
      },
      openPayment: (_, { url }) => openPayment(url),
      persistDraft: (_, { draft: d }) => draft.write(d),
      clearDraft: () => draft.remove(),
      rememberPayment: (_, { started: payment }) => started.write(payment),
      forgetPayment: () => started.remove(),
      newIdempotencyKey: assign({ idempotencyKey: newKey }),
    },
  };
}

/**
 * The effects of a payment's receipt: the order's payments (beyond the spec) and who lends (the
 * client config, read once per session), side by side; the browser's print dialog.
 */
import type { receiptMachine } from '../../../machines/receipt/receipt.machine';
import { listPayments } from '../../api/payments';
import { fromCall } from '../../lib/abortable';
import { clientConfig } from '../shared/client-config';
import type { Effects } from '../shared/effects';

export function receiptEffects({ print = () => window.print() }: { print?: () => void } = {}): Effects<typeof receiptMachine> {
  return {
    actors: {
      // Who lends is not worth failing the receipt for: without it the receipt says 'Not provided by the lender'.
      loadReceipt: fromCall(async ({ orderId }, signal) => {
        const [payments, config] = await Promise.all([listPayments(orderId, { signal }), clientConfig.fetch().catch(() => null)]);
        return { payments, lender: config?.lender ?? null };
      }),
    },
    actions: { print: () => print() },
  };
}

/**
 * The event cases of a payment's receipt (tests/machines/receipt.machine.test.ts, the view tests and
 * `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { Offered } from '../../contract/offered';
import type { PaymentRecord } from '../../contract/payments';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import type { Lender, ReceiptData, ReceiptInput, receiptMachine } from './receipt.machine';

export const ORDER_ID = '501';
export const PAYMENT_ID = 'pay_0001';

/** A received part payment: ₹4,000 of which ₹1,638 interest and ₹2,362 principal. */
export const RECEIVED: PaymentRecord = {
  id: PAYMENT_ID,
  orderId: ORDER_ID,
  orderNo: 'BW20250601000042',
  purpose: 'repayment',
  status: 'received',
  amount: 21638,
  paidAmount: 4000,
  createdAt: '2025-06-12 11:30:05',
  paidAt: '2025-06-12 11:31:10',
  reference: 'gw_TEST0001',
  knownBy: '',
  receiptNo: 'RC20250612000001',
  paidOff: { principal: 2362, interest: 1638, fees: 0, penalCharge: 0, excess: 0 },
  dueAfter: 17638,
  newDueDate: '',
};

export const LENDER: Lender = { name: 'Sandbox Finance Private Limited', rbiRegistration: 'N-14.03268', address: '', website: '' };

const offered = (...records: PaymentRecord[]): Offered<PaymentRecord[]> => ({ offered: true, value: records });

export const DATA = {
  found: { payments: offered(RECEIVED), lender: LENDER },
  pendingOnly: { payments: offered({ ...RECEIVED, status: 'pending', paidAmount: 0, receiptNo: '', paidOff: null }), lender: LENDER },
  notOffered: { payments: { offered: false }, lender: LENDER },
} satisfies Record<string, ReceiptData>;

export const cases = [
  actorDone('loadReceipt', DATA.found),
  actorDone('loadReceipt', DATA.pendingOnly),
  actorDone('loadReceipt', DATA.notOffered),
  actorError('loadReceipt', new Error('Service busy, please try again')),
  { type: 'page.retried' },
  { type: 'print.tapped' },
] satisfies CaseList<typeof receiptMachine>;

export const inputs = {
  receipt: { orderId: ORDER_ID, paymentId: PAYMENT_ID },
} satisfies Record<string, ReceiptInput>;

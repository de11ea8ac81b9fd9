/** Orders (spec §3 'Order list item', 'Order'; §7 order list, detail, repay). */
import * as v from 'valibot';
import { id, list, num, optionalNum, text } from './common';

export const OrderListItem = v.looseObject({
  orderId: id,
  orderNo: text,
  orderState: num,
  loanAmount: num,
  arriveAmount: optionalNum,
  repaymentAmount: optionalNum,
  /** Not in the spec's list item, but sent by backends that know it; used to match orders to products. */
  productId: v.optional(v.nullable(id)),
});
export type OrderListItem = v.InferOutput<typeof OrderListItem>;
export const OrderList = list(OrderListItem);

export const Order = v.looseObject({
  orderId: id,
  orderNo: text,
  productId: id,
  orderState: num,
  loanAmount: num,
  period: num,
  arriveAmount: optionalNum,
  repaymentAmount: optionalNum,
  repaymentDate: text,
  loanDate: text,
  applyTime: text,
  overdueDays: optionalNum,
  overdueFee: optionalNum,
  serviceFee: optionalNum,
  gstFee: optionalNum,
  gtsFee: optionalNum,
  interest: optionalNum,
  extensionMsg: text,
  extensionState: optionalNum,
  isExtension: optionalNum,
  reservation: optionalNum,
  bankNo: text,
  canChooseAmount: optionalNum,
});
export type Order = v.InferOutput<typeof Order>;

export const PaymentUrl = v.looseObject({ paymentUrl: v.pipe(v.string(), v.url()) });
export type PaymentUrl = v.InferOutput<typeof PaymentUrl>;

/** GET /order/v1/detail?orderId= */
export const OrderQuery = v.looseObject({ orderId: id });
export type OrderQuery = v.InferOutput<typeof OrderQuery>;

/** POST /order/v1/loan (Get Money) and POST /pay-order/v1/repay: the order acted on. */
export const OrderActionPayload = v.object({ orderId: id });
export type OrderActionPayload = v.InferOutput<typeof OrderActionPayload>;

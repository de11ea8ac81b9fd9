/** An order's payments, and the gateway's notification of one: both beyond the spec. */
import type { Endpoint } from '../endpoint';
import { PaymentNotification, PaymentNotificationResult } from '../orders';
import { PaymentList, PaymentsQuery } from '../payments';

/** An order's payments, newest first, each with its receipt once received (?orderId=). */
export const listPayments = { method: 'GET', path: '/pay-order/v1/payments', query: PaymentsQuery, answer: PaymentList, token: true, beyondSpec: true } as const satisfies Endpoint;

/** The gateway's signed server-to-server notification: a payment counts only after it. */
export const paymentCallback = {
  method: 'POST',
  path: '/pay-order/v1/callback',
  body: PaymentNotification,
  answer: PaymentNotificationResult,
  token: false,
  beyondSpec: true,
  caller: 'gateway',
} as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const paymentCalls = { listPayments, paymentCallback } as const;

/** Leaving for a payment page (repayment, the extension fee): the hosts allowed at build time, and the leaving itself. */
import { parsePaymentHosts } from '../../../machines/shared/payment';

/** The payment hosts allowed at build time (VITE_PAYMENT_HOSTS, comma-separated host[:port]). */
export const PAYMENT_HOSTS: readonly string[] = parsePaymentHosts(import.meta.env.VITE_PAYMENT_HOSTS);

/** The browser leaves for the payment page (a test passes a spy). */
export type OpenPayment = (url: string) => void;
export const assignLocation: OpenPayment = (url) => window.location.assign(url);

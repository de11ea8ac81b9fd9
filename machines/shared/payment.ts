/**
 * Leaving the app to pay (spec §4 'Repayment and extension'): repayment and the extension fee go to a
 * payment URL the lender returns. The browser goes there only when it is the app's own origin or an
 * https host allowed at build time, with the app's return address appended.
 */

/** The query parameter of the payment URL that carries the return address (agreed with the sandbox's gateway). */
export const RETURN_PARAM = 'return';

/**
 * `paymentUrl` with `return={returnUrl}` appended, with '?' or '&' as the URL needs (spec §4), before
 * any '#fragment'.
 */
export function withReturn(paymentUrl: string, returnUrl: string): string {
  const hashAt = paymentUrl.indexOf('#');
  const base = hashAt === -1 ? paymentUrl : paymentUrl.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : paymentUrl.slice(hashAt);
  const joiner = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${joiner}${RETURN_PARAM}=${encodeURIComponent(returnUrl)}${hash}`;
}

/** Where the browser may go to pay: the app's own origin, and the payment hosts allowed at build time. */
export interface PaymentPolicy {
  /** The app's origin ('https://app.example'). */
  origin: string;
  /** Allowed hosts ('pay.example', 'pay.example:8443'), lower case (VITE_PAYMENT_HOSTS). */
  hosts: readonly string[];
}

/** VITE_PAYMENT_HOSTS ('pay.example, checkout.bank.example:8443') → lower-case hosts, blanks dropped. */
export const parsePaymentHosts = (raw: string | null | undefined): string[] =>
  (raw ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

/**
 * Whether the browser may be sent to `raw`: a URL of the app's own origin, or an https URL whose
 * host is an allowed payment host. Anything else (http elsewhere, javascript:, data:, another host,
 * credentials in the URL) is refused.
 */
export function paymentAllowed(raw: string, policy: PaymentPolicy): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  let own: string | null = null;
  try {
    own = new URL(policy.origin).origin;
  } catch {
    own = null;
  }
  if (own !== null && own !== 'null' && url.origin === own) return true;
  return url.protocol === 'https:' && policy.hosts.includes(url.host.toLowerCase());
}

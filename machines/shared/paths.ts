/**
 * Every route pattern and every in-app link, built here and nowhere else (spec §2).
 *
 * The route table (src/app/routes.ts) reads its patterns from `paths.<name>.pattern`; machines and
 * views build links with `paths.<name>.href(...)`. A link is never written by hand elsewhere, so a
 * renamed route or a new query parameter is one change, and `safeRedirect` knows every page of the
 * app from this one list.
 */

const enc = encodeURIComponent;

/** '?a=1&b=2' from the parts that are set ('' when none is). */
function query(parts: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, val] of Object.entries(parts)) if (val !== null && val !== undefined && val !== '') q.set(k, String(val));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The query every verification step carries (spec §2 Verification router): pid, step (1-based), as (the number of steps). */
export interface StepQuery {
  pid: string;
  /** 1-based, or null when the page was opened without it. */
  step: number | null;
  /** The number of steps, or null. */
  total: number | null;
}

/** '?pid=&step=&as=' (the parts that are known; step and as only together). */
export function stepQueryString({ pid, step, total }: StepQuery): string {
  const both = step !== null && total !== null;
  return query({ pid, step: both ? step : null, as: both ? total : null });
}

/**
 * The query parameters of Loan History that say why the borrower is there: `blocked`, the product an
 * open loan refused an application for; `submitted`, the product just applied for (read by
 * machines/orders/orders.rules.ts).
 */
export const ORDERS_REASON_PARAMS = { blocked: 'blocked', submitted: 'submitted' } as const;

/** The verification steps' pages, by the step key of the status list (identity is the KYC page). */
export type AuthStepPage = 'identity' | 'kyc' | 'face' | 'basic' | 'work' | 'contacts';

export const paths = {
  home: { pattern: '/', href: () => '/' },
  personal: { pattern: '/personal', href: () => '/personal' },
  aboutUs: { pattern: '/personal/aboutus', href: () => '/personal/aboutus' },
  help: { pattern: '/personal/help', href: () => '/personal/help' },
  /** The borrower's documents, per loan (beyond the spec's routes: Account → Documents). */
  documents: { pattern: '/personal/documents', href: () => '/personal/documents' },
  /** One document the lender issued: a page to print or save as PDF (the SMS of its issue links here). */
  document: { pattern: '/personal/documents/:docId', href: (docId: string) => `/personal/documents/${enc(docId)}` },
  privacy: { pattern: '/personal/privacy', href: () => '/personal/privacy' },
  /** /login, or /login?redirect={path} to come back to `redirect` after sign-in. */
  login: {
    pattern: '/login',
    href: (redirect?: string) => (redirect === undefined || redirect === '/' || redirect === '' ? '/login' : `/login${query({ redirect })}`),
  },
  joint: { pattern: '/joint', href: () => '/joint' },
  rate: { pattern: '/rate', href: () => '/rate' },
  download: { pattern: '/download', href: () => '/download' },
  alert: { pattern: '/alert', href: () => '/alert' },
  contact2: { pattern: '/verify/contact2', href: () => '/verify/contact2' },
  product: { pattern: '/product/:pid', href: (pid: string) => `/product/${enc(pid)}` },
  /** The loan confirmation page; `bankId` is the account picked on /bank. */
  productDetail: {
    pattern: '/product/:pid/detail',
    href: (pid: string, { bankId }: { bankId?: string | null } = {}) => `/product/${enc(pid)}/detail${query({ bank_id: bankId })}`,
  },
  productDenied: {
    pattern: '/product/:pid/denied',
    href: (pid: string, { day, hour }: { day: number; hour: number }) => `/product/${enc(pid)}/denied${query({ day, hour })}`,
  },
  /** The verification hub, which sends the borrower on to the next step not done. */
  authHub: { pattern: '/auth/index', href: (pid: string) => `/auth/index${query({ pid })}` },
  /** A verification step: /auth/{key}?pid=&step=&as=. */
  authStep: {
    patterns: {
      kyc: '/auth/kyc',
      identity: '/auth/identity',
      face: '/auth/face',
      basic: '/auth/basic',
      work: '/auth/work',
      contacts: '/auth/contacts',
    } satisfies Record<AuthStepPage, string>,
    href: (key: AuthStepPage, q: StepQuery) => `/auth/${key}${stepQueryString(q)}`,
  },
  faceResult: { pattern: '/auth/callback', href: (q: StepQuery) => `/auth/callback${stepQueryString(q)}` },
  schedule: { pattern: '/schedule', href: () => '/schedule' },
  /** A scheduled application; `pid` is its product (spec §2: /schedule/{oid}?pid=). */
  scheduledOrder: { pattern: '/schedule/:oid', href: (oid: string, pid?: string | null) => `/schedule/${enc(oid)}${query({ pid })}` },
  /** Schedule an application of product `pid` (not in the spec's routes: where the app creates one). */
  productSchedule: { pattern: '/product/:pid/schedule', href: (pid: string) => `/product/${enc(pid)}/schedule` },
  /** The borrower's bank accounts, picked for the application of product `pid`. */
  bank: { pattern: '/bank', href: (pid: string) => `/bank${query({ pid })}` },
  /** Add an account; `ifscCode` comes back from the IFSC finder. */
  bankAdd: { pattern: '/bank/add', href: (pid: string, { ifscCode }: { ifscCode?: string | null } = {}) => `/bank/add${query({ pid, ifsc_code: ifscCode })}` },
  /** The IFSC finder: bank → state → city → branch. */
  bankIfsc: { pattern: '/bank/ifsc', href: (pid: string) => `/bank/ifsc${query({ pid })}` },
  /**
   * Loan History; `blocked` is the product whose application an open loan refused (precheck 2, or
   * home's order check), `submitted` the product just applied for, so the page can say why the
   * borrower is there. A query parameter, so a reload, Back and the return from sign-in keep it.
   */
  orders: {
    pattern: '/orders',
    href: ({ blocked, submitted }: { blocked?: string | null; submitted?: string | null } = {}) =>
      `/orders${query({ [ORDERS_REASON_PARAMS.blocked]: blocked, [ORDERS_REASON_PARAMS.submitted]: submitted })}`,
  },
  /** The audit page opened from an SMS link (no session needed). */
  ordersAudit: { pattern: '/orders/audit', href: () => '/orders/audit' },
  orderAudit: { pattern: '/orders/:orderId/audit', href: (orderId: string) => `/orders/${enc(orderId)}/audit` },
  orderConfirm: { pattern: '/orders/:orderId/confirm', href: (orderId: string) => `/orders/${enc(orderId)}/confirm` },
  /** The Key Fact Statement of an order, from its own figures (not in the spec's routes: a document is a page). */
  orderKfs: { pattern: '/orders/:orderId/kfs', href: (orderId: string) => `/orders/${enc(orderId)}/kfs` },
  orderDetail: { pattern: '/orders/:orderId/detail', href: (orderId: string) => `/orders/${enc(orderId)}/detail` },
  orderExtension: { pattern: '/orders/:orderId/extension', href: (orderId: string) => `/orders/${enc(orderId)}/extension` },
  /** A received payment's receipt (beyond the spec's routes: a document to print or save as PDF). */
  orderReceipt: {
    pattern: '/orders/:orderId/receipts/:paymentId',
    href: (orderId: string, paymentId: string) => `/orders/${enc(orderId)}/receipts/${enc(paymentId)}`,
  },
} as const;

/** Every route pattern of the app, each once. */
export const allPatterns: readonly string[] = Object.values(paths).flatMap((p) => ('patterns' in p ? Object.values(p.patterns) : [p.pattern]));

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

/**
 * The params of `pathname` against `pattern` ('/product/:pid'), or null when it does not match:
 * exact segments, a trailing slash ignored, params decoded.
 */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = trimSlashes(pattern).split('/');
  const have = trimSlashes(pathname).split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const p = want[i] as string;
    const s = have[i] as string;
    if (p.startsWith(':')) {
      if (!s) return null;
      try {
        params[p.slice(1)] = decodeURIComponent(s);
      } catch {
        return null;
      }
    } else if (p !== s) return null;
  }
  return params;
}

/** The pattern of the app that `pathname` is, or null. */
export function findPattern(pathname: string): string | null {
  return allPatterns.find((pattern) => matchPattern(pattern, pathname) !== null) ?? null;
}

const PROBE_ORIGIN = 'https://app.invalid';

/**
 * Where to go after sign-in: `raw` only when it is a page of this app, else '/'.
 * Rejects absolute URLs, protocol-relative `//host`, `/\host`, `javascript:` and other schemes,
 * whitespace or control characters, and paths that are not app pages (or are /login).
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return '/';
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== PROBE_ORIGIN) return '/';
  const pattern = findPattern(url.pathname);
  if (pattern === null || pattern === paths.login.pattern) return '/';
  return url.pathname + url.search + url.hash;
}

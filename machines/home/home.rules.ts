/**
 * Home rules (spec §4 'Home in-progress item' and 'Applying from home'). Pure functions, used by the
 * home machine and by views as selectors. The types name only what the rules need, so any backend
 * entity with these fields fits (src/api/schemas.ts HomeResponse does).
 */
export const SINGLE_LAYOUT = 1;
export const MULTI_LAYOUT = 2;

export interface HomeProductLike {
  id: string;
  name: string;
  logo: string;
  maxAmount: number;
  period: number;
  rate: number;
  isFull: number;
  productType?: number | null;
  h5Href: string;
}
export interface InProgressLike {
  orderId: string;
  orderState: number;
  name: string;
  logo: string;
  amount?: number | null;
  fullButtonName: string;
}
export interface HomeLike {
  userStatus: number;
  homeProductVos: readonly HomeProductLike[];
  undwayList: readonly InProgressLike[];
}
export interface OrderLike {
  orderState: number;
  productId?: string | null;
}

/** Where tapping an in-progress item goes: 1 audit, 2 confirm, 6 or 8 detail, anything else /orders. */
export function inProgressTarget(orderId: string, orderState: number): string {
  const id = encodeURIComponent(orderId);
  switch (orderState) {
    case 1:
      return `/orders/${id}/audit`;
    case 2:
      return `/orders/${id}/confirm`;
    case 6:
    case 8:
      return `/orders/${id}/detail`;
    default:
      return '/orders';
  }
}

/** Order states that block a new application for the same product from home (single layout). */
export const OPEN_ORDER_STATES: readonly number[] = [1, 2, 4, 6, 8];

/**
 * Whether the borrower already has an order for this product in an open state.
 * The spec's order list item has no productId; when a backend sends one it is matched, otherwise
 * (single layout: there is one product) every order counts as an order for it.
 */
export function hasOpenOrderFor(orders: readonly OrderLike[], productId: string): boolean {
  return orders.some((o) => OPEN_ORDER_STATES.includes(o.orderState) && (o.productId == null || o.productId === productId));
}

/** Whether a product card offers applying: always in the single layout (the order check decides), else when isFull is 0. */
export function canApply(userStatus: number, product: Pick<HomeProductLike, 'isFull'>): boolean {
  return userStatus === SINGLE_LAYOUT || product.isFull === 0;
}

/** The verification hub for a product. */
export const verificationPath = (productId: string) => `/auth/index?pid=${encodeURIComponent(productId)}`;

/** Android browsers (not the native shell) are sent to the app download page in the multi layout. */
export function isAndroidBrowser(userAgent: string, appMode: boolean): boolean {
  return !appMode && /Android/i.test(userAgent);
}

/** What applying for a product from home does (spec §4 'Applying from home'). */
export type ApplyDecision =
  | { kind: 'ignore' }
  | { kind: 'checkOrders' }
  | { kind: 'download'; url: string }
  | { kind: 'external'; url: string }
  | { kind: 'linkBroken' }
  | { kind: 'verify'; to: string };

/**
 * Single layout: the order list decides (checkOrders). Multi layout: an Android browser goes to the
 * app download page; productType 0 goes to the product's external link (only a safe http(s) URL);
 * otherwise the verification hub. A product that cannot be applied for is ignored.
 */
export function applyDecision(
  home: HomeLike | null,
  productId: string,
  env: { androidBrowser: boolean; androidDownloadUrl: string },
  safeUrl: (raw: string) => string | null,
): ApplyDecision {
  const product = home?.homeProductVos.find((p) => p.id === productId);
  if (!home || !product || !canApply(home.userStatus, product)) return { kind: 'ignore' };
  if (home.userStatus === SINGLE_LAYOUT) return { kind: 'checkOrders' };
  if (env.androidBrowser) return { kind: 'download', url: env.androidDownloadUrl };
  if (product.productType === 0) {
    const url = safeUrl(product.h5Href);
    return url ? { kind: 'external', url } : { kind: 'linkBroken' };
  }
  return { kind: 'verify', to: verificationPath(productId) };
}

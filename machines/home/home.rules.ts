/**
 * Home rules (spec §4 'Home in-progress item' and 'Applying from home'). Pure functions, used by the
 * home machine and by views as selectors. They read the contract's shapes (contract/home.ts,
 * contract/orders.ts), or only the fields a rule needs.
 */
import type { HomeProduct, HomeResponse } from '../../contract/home';
import type { OrderListItem } from '../../contract/orders';
import { paths } from '../shared/paths';

export const SINGLE_LAYOUT = 1;
export const MULTI_LAYOUT = 2;

/** What the open-order check reads of an order list item. */
export type CheckedOrder = Pick<OrderListItem, 'orderState' | 'productId'>;

/** Where tapping an in-progress item goes: 1 audit, 2 confirm, 6 or 8 detail, anything else /orders. */
export function inProgressTarget(orderId: string, orderState: number): string {
  switch (orderState) {
    case 1:
      return paths.orderAudit.href(orderId);
    case 2:
      return paths.orderConfirm.href(orderId);
    case 6:
    case 8:
      return paths.orderDetail.href(orderId);
    default:
      return paths.orders.href();
  }
}

/** Order states that block a new application for the same product from home (single layout). */
export const OPEN_ORDER_STATES: readonly number[] = [1, 2, 4, 6, 8];

/**
 * Whether the borrower already has an order for this product in an open state.
 * The spec's order list item has no productId; when a backend sends one it is matched, otherwise
 * (single layout: there is one product) every order counts as an order for it.
 */
export function hasOpenOrderFor(orders: readonly CheckedOrder[], productId: string): boolean {
  return orders.some((o) => OPEN_ORDER_STATES.includes(o.orderState) && (o.productId == null || o.productId === productId));
}

/** Whether a product card offers applying: always in the single layout (the order check decides), else when isFull is 0. */
export function canApply(userStatus: number, product: Pick<HomeProduct, 'isFull'>): boolean {
  return userStatus === SINGLE_LAYOUT || product.isFull === 0;
}

/**
 * Whether a product card offers scheduling an application: a product of the multi layout
 * that cannot be applied for now (isFull ≠ 0) and that the app applies for itself (not a partner's
 * link, productType 0).
 */
export function canSchedule(userStatus: number, product: Pick<HomeProduct, 'isFull' | 'productType'>): boolean {
  return userStatus === MULTI_LAYOUT && product.isFull !== 0 && product.productType !== 0;
}

/** Home links to the Schedule List when the borrower has at least one scheduled application (any state); unknown (not loaded, failed) shows nothing. */
export const showsSchedules = (schedules: readonly unknown[] | null): boolean => schedules !== null && schedules.length > 0;

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
  | { kind: 'verify' };

/**
 * Single layout: the order list decides (checkOrders). Multi layout: an Android browser goes to the
 * app download page; productType 0 goes to the product's external link (only a safe http(s) URL);
 * otherwise the verification hub. A product that cannot be applied for is ignored.
 */
export function applyDecision(
  home: Pick<HomeResponse, 'userStatus' | 'homeProductVos'> | null,
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
  return { kind: 'verify' };
}

/** A product's page (spec §7). */
import { ProductInfo, ProductQuery } from '../products';
import type { Endpoint } from '../endpoint';

export const productCalls = {
  /** ?id={pid} */
  productInfo: { method: 'GET', path: '/product/v1/product-info', query: ProductQuery, answer: ProductInfo, token: true, beyondSpec: false },
} as const satisfies Record<string, Endpoint>;

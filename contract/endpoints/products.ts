/** A product's page (spec §7). */
import { ProductInfo, ProductQuery } from '../products';
import type { Endpoint } from '../endpoint';

/** ?id={pid} */
export const productInfo = { method: 'GET', path: '/product/v1/product-info', query: ProductQuery, answer: ProductInfo, token: true, beyondSpec: false } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const productCalls = { productInfo } as const;

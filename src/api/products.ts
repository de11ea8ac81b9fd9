import { productCalls, type ProductInfo } from '../../contract/products';
import { api, type CallOptions } from './client';
import { readKey, readOrCall } from './read-ahead';

export const productInfoRead = (pid: string): string => readKey(productCalls.productInfo.path, { id: pid });

/** A product's info: a fresh read-ahead answer (started at Apply), else the call. */
export function getProductInfo(pid: string, { signal }: CallOptions = {}): Promise<ProductInfo> {
  return readOrCall(productInfoRead(pid), (s) => api.call(productCalls.productInfo, { query: { id: pid }, signal: s }), signal);
}

import { productCalls, type ProductInfo } from '../../contract/products';
import { api, type CallOptions } from './client';

export function getProductInfo(pid: string, { signal }: CallOptions = {}): Promise<ProductInfo> {
  return api.call(productCalls.productInfo, { query: { id: pid }, signal });
}

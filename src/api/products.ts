import { productCalls, type ProductInfo } from '../../contract/products';
import { call, type CallOptions } from './client';

export function getProductInfo(pid: string, { signal }: CallOptions = {}): Promise<ProductInfo> {
  return call(productCalls.productInfo, { query: { id: pid }, signal });
}

import { api, type CallOptions } from './client';
import { ProductInfo } from '../../contract/products';

/** GET /product/v1/product-info?id={pid} */
export function getProductInfo(pid: string, { signal }: CallOptions = {}): Promise<ProductInfo> {
  return api.get('product/v1/product-info', ProductInfo, { searchParams: { id: pid }, signal });
}

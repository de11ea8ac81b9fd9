import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { getProductInfo } from '../../api/products';
import type { ProductInfo } from '../../../contract/products';
import type { RouteScreenProps } from '../../app/routes';
import { ResourceView, useResource } from '../shared/useResource';
import { Screen } from '../../ui/Screen';
import { ProductView } from './ProductView';

const productMachine = resourceMachineFor<ProductInfo>();

/** Product detail (/product/{pid}): GET /product/v1/product-info?id=. */
export default function ProductRoute({ params }: RouteScreenProps) {
  const pid = params.pid ?? '';
  const product = useResource(productMachine, (signal) => getProductInfo(pid, { signal }));
  return (
    <Screen title="Product detail" backTo="/">
      <ResourceView resource={product} loadingLabel="Loading product…">
        {(info) => <ProductView pid={pid} info={info} />}
      </ResourceView>
    </Screen>
  );
}

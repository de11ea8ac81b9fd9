import type { ProductInfo } from '../../../contract/products';
import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { paths } from '../../../machines/shared/paths';
import { getProductInfo } from '../../api/products';
import { Screen } from '../../ui/Screen';
import type { RouteScreenProps } from '../shared/route';
import { ResourceView, useResource } from '../shared/useResource';
import { ProductView } from './ProductView';

const productMachine = resourceMachineFor<ProductInfo>();

/** Product detail (/product/{pid}): GET /product/v1/product-info?id=. */
export default function ProductRoute({ params }: RouteScreenProps) {
  const pid = params.pid ?? '';
  const product = useResource(productMachine, (signal) => getProductInfo(pid, { signal }));
  return (
    <Screen title="Product detail" backTo={paths.home.href()}>
      <ResourceView resource={product} loadingLabel="Loading product…">
        {(info) => <ProductView pid={pid} info={info} />}
      </ResourceView>
    </Screen>
  );
}

import type { ProductInfo } from '../../../contract/products';
import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { paths } from '../../../machines/shared/paths';
import { getProductInfo } from '../../api/products';
import { productText } from '../../../i18n/en/product';
import { Screen } from '../../ui/Screen';
import { useText } from '../../ui/text';
import type { RouteScreenProps } from '../shared/route';
import { ResourceView, useResource } from '../shared/useResource';
import { ProductView } from './ProductView';

const productMachine = resourceMachineFor<ProductInfo>();

/** Product detail (/product/{pid}): GET /product/v1/product-info?id=. */
export default function ProductRoute({ params }: RouteScreenProps) {
  const pid = params.pid ?? '';
  const t = useText(productText);
  const product = useResource(productMachine, (signal) => getProductInfo(pid, { signal }));
  return (
    <Screen title={t('title')} backTo={paths.home.href()}>
      <ResourceView resource={product} loadingLabel={t('loading')}>
        {(info) => <ProductView pid={pid} info={info} />}
      </ResourceView>
    </Screen>
  );
}

import type { HelpItem } from '../../../contract/content';
import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { paths } from '../../../machines/shared/paths';
import { getFaq } from '../../api/content';
import { Screen } from '../../ui/Screen';
import { ResourceView, useResource } from '../shared/useResource';
import { HelpView } from './HelpView';

const faqMachine = resourceMachineFor<HelpItem[]>();

/** Help Center (/personal/help): GET /client/v1/faq, shown as an accordion. */
export default function HelpRoute() {
  const faq = useResource(faqMachine, (signal) => getFaq({ signal }));
  return (
    <Screen title="Help Center" backTo={paths.personal.href()}>
      <ResourceView resource={faq} loadingLabel="Loading questions…">
        {(items) => <HelpView items={items} />}
      </ResourceView>
    </Screen>
  );
}

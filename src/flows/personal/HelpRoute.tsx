import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { getFaq } from '../../api/content';
import type { HelpItem } from '../../../contract/content';
import { ResourceView, useResource } from '../shared/useResource';
import { Screen } from '../../ui/Screen';
import { HelpView } from './HelpView';

const faqMachine = resourceMachineFor<HelpItem[]>();

export default function HelpRoute() {
  const faq = useResource(faqMachine, (signal) => getFaq({ signal }));
  return (
    <Screen title="Help Center" backTo="/personal">
      <ResourceView resource={faq} loadingLabel="Loading questions…">
        {(items) => <HelpView items={items} />}
      </ResourceView>
    </Screen>
  );
}

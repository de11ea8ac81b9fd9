import type { HelpItem } from '../../../contract/content';
import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { paths } from '../../../machines/shared/paths';
import { getFaq } from '../../api/content';
import { accountText } from '../../../i18n/en/account';
import { helpText } from '../../../i18n/en/help';
import { Screen } from '../../ui/Screen';
import { useText } from '../../ui/text';
import { ResourceView, useResource } from '../shared/useResource';
import { HelpView } from './HelpView';

const faqMachine = resourceMachineFor<HelpItem[]>();

/** Help Center (/personal/help): GET /client/v1/faq, shown as an accordion. */
export default function HelpRoute() {
  const faq = useResource(faqMachine, (signal) => getFaq({ signal }));
  const t = useText(accountText);
  const help = useText(helpText);
  return (
    <Screen title={t('help')} backTo={paths.personal.href()}>
      <ResourceView resource={faq} loadingLabel={help('loading')}>
        {(items) => <HelpView items={items} />}
      </ResourceView>
    </Screen>
  );
}

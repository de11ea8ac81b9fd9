import { useState } from 'react';
import type { HelpItem } from '../../../contract/content';
import { complaintsMachine } from '../../../machines/complaints/complaints.machine';
import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { paths } from '../../../machines/shared/paths';
import { getFaq } from '../../api/content';
import { accountText } from '../../../i18n/en/account';
import { helpText } from '../../../i18n/en/help';
import { Screen } from '../../ui/Screen';
import { useText } from '../../ui/text';
import { complaintDraft, complaintsEffects } from '../complaints/complaints.effects';
import { ComplaintsFlow } from '../complaints/ComplaintsFlow';
import { useClientConfig } from '../shared/client-config';
import { ResourceView, useResource } from '../shared/useResource';
import { HelpView } from './HelpView';
import { useProvided } from '../shared/effects';

const faqMachine = resourceMachineFor<HelpItem[]>();

/**
 * Help Center (/personal/help): GET /client/v1/faq, shown as an accordion, then complaints: the
 * borrower's tickets and the form (when the lender offers them), the grievance officer and the RBI route.
 */
export default function HelpRoute() {
  const faq = useResource(faqMachine, (signal) => getFaq({ signal }));
  const config = useClientConfig();
  // Read once, when the page opens.
  const [draft] = useState(() => complaintDraft().read());
  const t = useText(accountText);
  const help = useText(helpText);
  const machine = useProvided(complaintsMachine, () => complaintsEffects());
  return (
    <Screen title={t('help')} backTo={paths.personal.href()}>
      <ResourceView resource={faq} loadingLabel={help('loading')}>
        {(items) => <HelpView items={items} officer={false} />}
      </ResourceView>
      <ComplaintsFlow machine={machine} draft={draft} config={config} />
    </Screen>
  );
}

import type { AboutUs } from '../../../contract/content';
import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { paths } from '../../../machines/shared/paths';
import { LenderIdentity } from '../../ui/LenderIdentity';
import { Paragraphs } from '../../ui/Paragraphs';
import { accountText } from '../../../i18n/en/account';
import { Screen } from '../../ui/Screen';
import { useText } from '../../ui/text';
import { aboutUs, useClientConfig } from '../shared/client-config';
import { ResourceView, useResource } from '../shared/useResource';
import './about.css';

const aboutMachine = resourceMachineFor<AboutUs>();

/**
 * About us (/personal/aboutus): GET /client/v1/about-us (read once per session, shared with the app's
 * name elsewhere), the app name and its text, rendered as text (never HTML); then who lends, with the
 * grievance officer's contact open.
 */
export default function AboutRoute() {
  const about = useResource(aboutMachine, () => aboutUs.fetch());
  const config = useClientConfig();
  const t = useText(accountText);
  return (
    <Screen title={t('about')} backTo={paths.personal.href()}>
      <ResourceView resource={about}>
        {(a) => (
          <article className="prose">
            <h2>{a.appName}</h2>
            <Paragraphs text={a.copywriting} />
            <LenderIdentity config={config} open />
          </article>
        )}
      </ResourceView>
    </Screen>
  );
}

import type { AboutUs } from '../../../contract/content';
import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { paths } from '../../../machines/shared/paths';
import { getAboutUs } from '../../api/content';
import { Paragraphs } from '../../ui/Paragraphs';
import { Screen } from '../../ui/Screen';
import { ResourceView, useResource } from '../shared/useResource';
import './about.css';

const aboutMachine = resourceMachineFor<AboutUs>();

/** About us (/personal/aboutus): GET /client/v1/about-us, the app name and its text, rendered as text (never HTML). */
export default function AboutRoute() {
  const about = useResource(aboutMachine, (signal) => getAboutUs({ signal }));
  return (
    <Screen title="About us" backTo={paths.personal.href()}>
      <ResourceView resource={about}>
        {(a) => (
          <article className="prose">
            <h2>{a.appName}</h2>
            <Paragraphs text={a.copywriting} />
          </article>
        )}
      </ResourceView>
    </Screen>
  );
}

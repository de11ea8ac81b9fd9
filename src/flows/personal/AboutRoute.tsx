import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { getAboutUs } from '../../api/content';
import type { AboutUs } from '../../../contract/content';
import { ResourceView, useResource } from '../shared/useResource';
import { Paragraphs } from '../../ui/Paragraphs';
import { Screen } from '../../ui/Screen';

const aboutMachine = resourceMachineFor<AboutUs>();

/** About us: the app name and its text, rendered as text (never HTML). */
export default function AboutRoute() {
  const about = useResource(aboutMachine, (signal) => getAboutUs({ signal }));
  return (
    <Screen title="About us" backTo="/personal">
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

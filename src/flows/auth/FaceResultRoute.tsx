/**
 * Route component for /auth/callback?pid=&step=&as=: GET authen/h5/face-result through the generic
 * resource machine, then the result (status 1 success, anything else failure) and the way on.
 * `FaceResultFlow` takes the call, so tests give it a fake.
 */
import type { FaceResult } from '../../../contract/verification';
import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { getFaceResult } from '../../api/verification';
import { Screen } from '../../ui/Screen';
import { StepHeader } from '../../ui/StepHeader';
import { ResourceView, useResource, type ResourceLoad } from '../shared/useResource';
import { FaceResultView } from './FaceResultView';
import { useStepQuery, type StepQuery } from './step';

const faceResultMachine = resourceMachineFor<FaceResult>();

export function FaceResultFlow({ query, load }: { query: StepQuery; load: ResourceLoad<typeof faceResultMachine> }) {
  const result = useResource(faceResultMachine, load);
  return (
    <Screen title="Face recognition result">
      <StepHeader step={query.step} total={query.total} />
      <ResourceView resource={result} loadingLabel="Getting your result…">
        {(data) => <FaceResultView status={data.status} query={query} />}
      </ResourceView>
    </Screen>
  );
}

const loadFaceResult: ResourceLoad<typeof faceResultMachine> = (signal) => getFaceResult({ signal });

export default function FaceResultRoute() {
  return <FaceResultFlow query={useStepQuery()} load={loadFaceResult} />;
}

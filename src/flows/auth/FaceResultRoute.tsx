/**
 * Route component for /auth/callback?pid=&step=&as=: GET authen/h5/face-result through the generic
 * resource machine, then the result (status 1 success, anything else failure) and the way on.
 */
import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { getFaceResult } from '../../api/verification';
import { ResourceView, useResource } from '../shared/useResource';
import { Screen } from '../../ui/Screen';
import { StepHeader } from '../../ui/StepHeader';
import { FaceResultView } from './FaceResultView';
import { useStepQuery, type StepQuery } from './step';

const faceResultMachine = resourceMachineFor<{ status: number }>();

export interface FaceResultDeps {
  loadResult: (signal: AbortSignal) => Promise<{ status: number }>;
}

export function FaceResultFlow({ query, deps }: { query: StepQuery; deps: FaceResultDeps }) {
  const result = useResource(faceResultMachine, deps.loadResult);
  return (
    <Screen title="Face recognition result">
      <StepHeader step={query.step} total={query.total} />
      <ResourceView resource={result} loadingLabel="Getting your result…">
        {(data) => <FaceResultView status={data.status} query={query} />}
      </ResourceView>
    </Screen>
  );
}

const realDeps: FaceResultDeps = { loadResult: (signal) => getFaceResult({ signal }) };

export default function FaceResultRoute() {
  return <FaceResultFlow query={useStepQuery()} deps={realDeps} />;
}

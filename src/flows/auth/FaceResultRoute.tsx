/**
 * Route component for /auth/callback?pid=&step=&as=: GET authen/h5/face-result through the generic
 * resource machine, then the result (status 1 success, anything else failure) and the way on.
 * `FaceResultFlow` takes the call, so tests give it a fake.
 */
import type { FaceResult } from '../../../contract/verification';
import { faceText } from '../../../i18n/en/face';
import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { getFaceResult } from '../../api/verification';
import { Screen } from '../../ui/Screen';
import { StepHeader } from '../../ui/StepHeader';
import { useText } from '../../ui/text';
import { ResourceView, useResource, type ResourceLoad } from '../shared/useResource';
import { FaceResultView } from './FaceResultView';
import { useStepQuery, type StepQuery } from './step';

const faceResultMachine = resourceMachineFor<FaceResult>();

export function FaceResultFlow({ query, load }: { query: StepQuery; load: ResourceLoad<typeof faceResultMachine> }) {
  const t = useText(faceText);
  const result = useResource(faceResultMachine, load);
  return (
    <Screen title={t('resultTitle')}>
      <StepHeader step={query.step} total={query.total} />
      <ResourceView resource={result} loadingLabel={t('resultLoading')}>
        {(data) => <FaceResultView status={data.status} query={query} />}
      </ResourceView>
    </Screen>
  );
}

const loadFaceResult: ResourceLoad<typeof faceResultMachine> = (signal) => getFaceResult({ signal });

export default function FaceResultRoute() {
  return <FaceResultFlow query={useStepQuery()} load={loadFaceResult} />;
}

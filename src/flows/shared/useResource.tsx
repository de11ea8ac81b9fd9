/**
 * What a screen of the generic resource machine shows (machines/resource): loading, failure (with
 * retry) or the data. The hook that runs the machine is in resource.ts, re-exported here.
 */
import type { ReactNode } from 'react';
import type { Said } from '../../../i18n/core';
import { commonText, type CommonKey } from '../../../i18n/en/common';
import type { useResource } from './resource';
import { LoadError, Loading } from '../../ui/Status';
import { useText } from '../../ui/text';

export { useResource, type ResourceLoad } from './resource';

export function ResourceView<T>({
  resource,
  loadingLabel,
  children,
}: {
  resource: ReturnType<typeof useResource<T>>;
  loadingLabel?: string;
  children: (data: T) => ReactNode;
}) {
  const t = useText(commonText);
  // The error: the server's text, or the common 'somethingWrong'.
  const error: Said<CommonKey> | null = resource.error;
  // The screen around keeps its header; the failure offers a retry and a way home (offline, it may stay failed).
  if (error !== null) return <LoadError message={t.said(error)} onRetry={resource.retry} homeLink />;
  if (resource.data === null) return <Loading label={loadingLabel} />;
  return <>{children(resource.data)}</>;
}

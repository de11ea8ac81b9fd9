/**
 * /download (public): the landing page and its one check. Two loads through the generic resource
 * machine (src/flows/shared/useResource.tsx): the download check, asked only on an ios-h5 device
 * (anywhere else is_ok is 2 whatever the server says), and the client config for the contact block.
 * A failed check leaves is_ok at 2; a failed config shows its reason and a retry in the contact block.
 */
import { commonText } from '../../../i18n/en/common';
import { useText } from '../../ui/text';
import type { ClientConfig } from '../../../contract/content';
import type { DownloadCheck } from '../../../contract/device';
import { contactGroups, isOk, needsCheck, productSiteUrl, type DeviceOs } from '../../../machines/shared/download';
import { resourceMachineFor } from '../../../machines/resource/resource.machine';
import { clientConfig } from '../shared/client-config';
import { getDownloadCheck } from '../../api/download';
import { osFromUserAgent } from '../../api/headers';
import { useResource } from '../shared/useResource';
import { DownloadView, type ContactsState } from './DownloadView';

/** Where APPLY NOW points when is_ok is 2 (build-time VITE_PRODUCT_SITE_URL; http(s) only). */
export const PRODUCT_SITE_URL = productSiteUrl(import.meta.env.VITE_PRODUCT_SITE_URL);

const checkMachine = resourceMachineFor<DownloadCheck | null>();
const configMachine = resourceMachineFor<ClientConfig>();

export interface DownloadPageProps {
  os: DeviceOs;
  loadCheck: (signal: AbortSignal) => Promise<DownloadCheck>;
  loadConfig: (signal: AbortSignal) => Promise<ClientConfig>;
  productSite: string;
}

/** The page with its loads given at the edge (the route below; fakes in the view tests). */
export function DownloadPage({ os, loadCheck, loadConfig, productSite }: DownloadPageProps) {
  const check = useResource(checkMachine, (signal) => (needsCheck(os) ? loadCheck(signal) : Promise.resolve(null)));
  const config = useResource(configMachine, loadConfig);
  const common = useText(commonText);
  const contacts: ContactsState =
    config.error !== null
      ? { kind: 'failed', message: common.said(config.error), retry: config.retry }
      : config.data === null
        ? { kind: 'loading' }
        : { kind: 'ready', groups: contactGroups(config.data) };
  return <DownloadView isOk={isOk(check.data, os)} productSite={productSite} contacts={contacts} />;
}

export default function DownloadRoute() {
  return (
    <DownloadPage
      os={osFromUserAgent(navigator.userAgent, navigator.maxTouchPoints)}
      loadCheck={(signal) => getDownloadCheck({ signal })}
      loadConfig={() => clientConfig.fetch()}
      productSite={PRODUCT_SITE_URL}
    />
  );
}

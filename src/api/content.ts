import { api, type CallOptions } from './client';
import { AboutUs, HelpList, type HelpItem } from '../../contract/content';

/** GET /client/v1/faq */
export function getFaq({ signal }: CallOptions = {}): Promise<HelpItem[]> {
  return api.get('client/v1/faq', HelpList, { signal });
}
/** GET /client/v1/about-us */
export function getAboutUs({ signal }: CallOptions = {}): Promise<AboutUs> {
  return api.get('client/v1/about-us', AboutUs, { signal });
}

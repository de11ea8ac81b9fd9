/** Who lends: the client config and About us are public and carry the lender's identity and the app's name. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AboutUs, ClientConfig } from '../../contract/content';
import { ABOUT_US, CLIENT_CONFIG } from '../../server/src/routes/client';
import { api, parsed, startHarness, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('client config and About us, signed out', () => {
  it('GET /client/v1/config answers without a token: the lender, its RBI registration and the grievance officer', async () => {
    const config = parsed(ClientConfig, await api(h.app, 'GET', '/client/v1/config'));
    expect(config.lender).toMatchObject({ name: 'Sandbox Finance Private Limited', rbiRegistration: 'N-14.03268' });
    expect(config.grievanceOfficer).toMatchObject({ name: 'Priya Raman', phone: '+91 80 4718 2099', email: 'grievance@lender.example' });
    expect(config).toMatchObject(CLIENT_CONFIG);
  });

  it('GET /client/v1/about-us answers without a token: the app name the app shows', async () => {
    const about = parsed(AboutUs, await api(h.app, 'GET', '/client/v1/about-us'));
    expect(about.appName).toBe(ABOUT_US.appName);
    expect(about.appName).not.toBe('Borrower');
    expect(about.copywriting).toContain('Sandbox Finance Private Limited');
  });
});

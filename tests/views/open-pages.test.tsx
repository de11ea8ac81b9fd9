/** The open pages: /download (statements, APPLY NOW, contacts), /alert, /verify/contact2. */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import * as v from 'valibot';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { ClientConfig } from '../../contract/content';
import type { DownloadCheck } from '../../contract/device';
import { noticeText } from '../../i18n/en/notice';
import { ApiError, MESSAGES } from '../../src/api/client';
import AlertRoute from '../../src/flows/open-pages/AlertRoute';
import Contact2Route from '../../src/flows/open-pages/Contact2Route';
import { DownloadPage } from '../../src/flows/open-pages/DownloadRoute';
import { CLIENT_CONFIG } from '../../server/src/routes/client';
import { fakeCalls } from '../support/fakes';

const SITE = 'https://product.example/';
const inRouter = (ui: ReactNode, strict = false) => {
  const { hook } = memoryLocation({ path: '/download' });
  const tree = <Router hook={hook}>{ui}</Router>;
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
};
const flush = () => act(async () => {});

function downloadPage(os: 'ios-h5' | 'android-h5', strict = false) {
  const check = fakeCalls<DownloadCheck>();
  const config = fakeCalls<ClientConfig>();
  const view = inRouter(<DownloadPage os={os} loadCheck={check.fn} loadConfig={config.fn} productSite={SITE} />, strict);
  return { check, config, view };
}
const applyNow = () => screen.getByRole('link', { name: 'APPLY NOW' });
const text = () => (document.querySelector('main')?.textContent ?? '').replace(/\s+/g, ' ');

describe('/download: what spec §1 says the page states', () => {
  it('eligibility, required information, rates, GST, tenure, the worked example, the banner sample, the tiers', async () => {
    const { config } = downloadPage('ios-h5');
    const t = text();
    for (const s of [
      'Indian citizen',
      'Aged 18 or above',
      'KYC documents',
      'Basic information',
      'Work information',
      'Contact information',
      'Interest30% per annum',
      'GST18% of the processing fee',
      'Loan tenure91 days, maximum 360 days',
      '₹2,00,000',
      // the example at 33%, and why
      'worked at 33% per annum, the rate the product\'s published example uses, not at the 30% stated above',
      'Loan amount₹10,000',
      '₹10,000 × 8% = ₹800',
      '₹800 × 18% = ₹144',
      'Interest for 91 days at 33% per annum₹10,000 × 33% × 91 / 365 = ₹822.74, rounded to ₹823',
      'Amount received₹10,000 − ₹800 − ₹144 = ₹9,056',
      'Total repayable on day 91₹10,000 + ₹823 = ₹10,823',
    ]) {
      expect(t, s).toContain(s);
    }
    const rows = within(screen.getByRole('table')).getAllByRole('row').map((r) => r.textContent?.replace(/\s+/g, ' '));
    expect(rows).toEqual(['Number of loansLoan amount', '1 loan₹1,000 – ₹5,000', '3 loans₹3,000 – ₹10,000', '5 loans₹5,000 – ₹40,000']);
    expect(screen.getByRole('heading', { level: 1, name: 'Personal loans' })).toBeTruthy();
    config.pending().resolve(v.parse(ClientConfig, CLIENT_CONFIG));
    await flush();
  });

  it("the lender's contact details, as the config sends them", async () => {
    const { config } = downloadPage('android-h5');
    expect(screen.getByText('Loading the contact details…')).toBeTruthy();
    config.pending().resolve(v.parse(ClientConfig, CLIENT_CONFIG));
    await flush();
    const block = screen.getByRole('region', { name: 'Contact us' });
    const t = block.textContent ?? '';
    for (const s of ['Sandbox Finance Private Limited', 'N-14.03268', 'Prestige Meridian', '+91 80 4718 2000', 'support@borrower.example', 'Priya Raman', '+91 80 4718 2099', 'grievance@lender.example']) {
      expect(t, s).toContain(s);
    }
    expect(within(block).getByRole('link', { name: 'support@borrower.example' }).getAttribute('href')).toBe('mailto:support@borrower.example');
    expect(within(block).getByRole('link', { name: '+91 80 4718 2000' }).getAttribute('href')).toBe('tel:+918047182000');
  });

  it('a config without contacts: the page still works and says so', async () => {
    const { config, check } = downloadPage('ios-h5');
    config.pending().resolve(v.parse(ClientConfig, {}));
    check.pending().resolve({ accordWith: true });
    await flush();
    expect(screen.getByText('The lender has not published contact details here yet.')).toBeTruthy();
    expect(applyNow().getAttribute('href')).toBe('/');
  });

  it('a config that fails: its reason and a retry in the contact block, the rest of the page as it was', async () => {
    const user = userEvent.setup();
    const { config } = downloadPage('android-h5');
    config.pending().reject(new ApiError('network', MESSAGES.network));
    await flush();
    const block = screen.getByRole('region', { name: 'Contact us' });
    expect(within(block).getByRole('alert').textContent).toContain(MESSAGES.network);
    expect(text()).toContain('30% per annum');
    await user.click(within(block).getByRole('button', { name: 'Try again' }));
    expect(config.live()).toHaveLength(2);
    config.pending().resolve(v.parse(ClientConfig, { customer: { phone: '+91 1', email: 'a@b.example' } }));
    await flush();
    expect(within(block).getByText('a@b.example')).toBeTruthy();
  });
});

describe('/download: APPLY NOW (is_ok)', () => {
  it.each([false, true])('iOS, accordWith: goes to / in the app (StrictMode %s: one live check)', async (strict) => {
    const { check, config } = downloadPage('ios-h5', strict);
    expect(applyNow().getAttribute('href')).toBe(SITE); // is_ok 2 until the server says so
    expect(check.live()).toHaveLength(1);
    expect(config.live()).toHaveLength(1);
    check.pending().resolve({ accordWith: true });
    await flush();
    expect(applyNow().getAttribute('href')).toBe('/');
    expect(applyNow().dataset.isOk).toBe('1');
  });

  it.each([[false], [0], ['0'], [null]])('iOS, accordWith %j: the inert link to the product site', async (accordWith) => {
    const { check } = downloadPage('ios-h5');
    check.pending().resolve({ accordWith } as DownloadCheck);
    await flush();
    expect(applyNow().getAttribute('href')).toBe(SITE);
    expect(applyNow().dataset.isOk).toBe('2');
  });

  it('iOS, the check fails: the inert link, no error shown for it', async () => {
    const { check } = downloadPage('ios-h5');
    check.pending().reject(new ApiError('network', MESSAGES.network));
    await flush();
    expect(applyNow().getAttribute('href')).toBe(SITE);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Android: no check is asked; the inert link', async () => {
    const { check } = downloadPage('android-h5');
    await flush();
    expect(check.all()).toHaveLength(0);
    expect(applyNow().getAttribute('href')).toBe(SITE);
  });
});

describe('/alert and /verify/contact2', () => {
  it('/alert: exactly the two sentences of the spec', () => {
    inRouter(<AlertRoute />);
    const ps = [...document.querySelectorAll('main p')].map((p) => p.textContent);
    expect(ps).toEqual(['This product is only available to IOS users.', 'Please use the IOS browser to open this page.']);
    expect(ps).toEqual([noticeText.en.iosUsers, noticeText.en.iosBrowser]);
  });

  it('/verify/contact2: a notice, no data, and a way to the contacts step through sign-in', () => {
    inRouter(<Contact2Route />);
    expect(screen.getByRole('heading', { level: 1, name: 'Emergency contacts' })).toBeTruthy();
    expect(text()).toContain('Your three emergency contacts are added in the app');
    expect(screen.getByRole('link', { name: 'Add emergency contacts' }).getAttribute('href')).toBe('/login?redirect=%2Fauth%2Fcontacts');
  });
});

/**
 * The open pages in Hindi: the landing page /download (statements, the worked example,
 * the tier table, APPLY NOW, the contact block with its labels; the lender's details as the config
 * sends them), the iOS-only notice /alert and /verify/contact2. English again is the spec's text.
 */
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientConfig } from '../../contract/content';
import type { DownloadCheck } from '../../contract/device';
import { ApiError, MESSAGES } from '../../src/api/client';
import AlertRoute from '../../src/flows/open-pages/AlertRoute';
import Contact2Route from '../../src/flows/open-pages/Contact2Route';
import { DownloadPage } from '../../src/flows/open-pages/DownloadRoute';
import { formatINR } from '../../src/lib/money';
import { CLIENT_CONFIG } from '../../server/src/routes/client';
import { fakeCalls } from '../support/fakes';
import { switchLanguage } from '../support/language';

afterEach(() => switchLanguage('en'));

const SITE = 'https://product.example/';
const inRouter = (ui: ReactNode) => {
  const { hook } = memoryLocation({ path: '/download' });
  return render(<Router hook={hook}>{ui}</Router>);
};
const flush = () => act(async () => {});
const text = () => (document.querySelector('main')?.textContent ?? '').replace(/\s+/g, ' ');

function downloadPage() {
  const check = fakeCalls<DownloadCheck>();
  const config = fakeCalls<ClientConfig>();
  inRouter(<DownloadPage os="android-h5" loadCheck={check.fn} loadConfig={config.fn} productSite={SITE} />);
  return { check, config };
}

describe('/download in Hindi', () => {
  it('every statement, the worked example and the tier table in Hindi; the figures the same', async () => {
    await switchLanguage('hi');
    const { config } = downloadPage();
    expect(screen.getByRole('heading', { level: 1, name: 'पर्सनल लोन' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'अभी आवेदन करें' }).getAttribute('href')).toBe(SITE);
    const t = text();
    for (const s of [
      'अधिकतम लोन',
      'कौन आवेदन कर सकता है',
      'भारतीय नागरिक',
      '18 साल या उससे ज़्यादा उम्र',
      'KYC दस्तावेज़ (आधार और PAN)',
      'ब्याज30% सालाना',
      'जीएसटीप्रोसेसिंग फ़ीस का 18%',
      'लोन की अवधि91 दिन, अधिकतम 360 दिन',
      `91 दिनों के लिए ${formatINR(10_000)} का लोन। यह उदाहरण 33% सालाना ब्याज पर बनाया गया है`,
      'ऊपर बताई गई 30% दर पर नहीं',
      `91 दिनों का ब्याज, 33% सालाना दर पर${formatINR(10_000)} × 33% × 91 / 365 = ${formatINR(822.74)}, पूरे रुपये में ${formatINR(823)}`,
      `आपको मिलने वाली राशि${formatINR(10_000)} − ${formatINR(800)} − ${formatINR(144)} = ${formatINR(9_056)}`,
      `91वें दिन चुकाने की कुल राशि${formatINR(10_000)} + ${formatINR(823)} = ${formatINR(10_823)}`,
    ]) {
      expect(t, s).toContain(s);
    }
    const rows = within(screen.getByRole('table')).getAllByRole('row').map((r) => r.textContent?.replace(/\s+/g, ' '));
    expect(rows).toEqual([
      'लोन की संख्यालोन राशि',
      `1 लोन${formatINR(1_000)} – ${formatINR(5_000)}`,
      `3 लोन${formatINR(3_000)} – ${formatINR(10_000)}`,
      `5 लोन${formatINR(5_000)} – ${formatINR(40_000)}`,
    ]);
    expect(screen.getByText('संपर्क की जानकारी लोड हो रही है…')).toBeTruthy();

    // The contact block: its titles and labels in Hindi, the lender's details as the config sends them.
    config.pending().resolve(v.parse(ClientConfig, CLIENT_CONFIG));
    await flush();
    const block = within(screen.getByRole('region', { name: 'हमसे संपर्क करें' }));
    for (const s of ['लोन कौन देता है', 'कस्टमर केयर', 'शिकायत अधिकारी']) expect(block.getByRole('heading', { name: s })).toBeTruthy();
    expect(block.getAllByText('फ़ोन').length).toBeGreaterThan(0);
    expect(block.getByText('Sandbox Finance Private Limited')).toBeTruthy();
    expect(block.getByRole('link', { name: 'support@borrower.example' }).getAttribute('href')).toBe('mailto:support@borrower.example');

    // Back to English without a reload: the spec's texts.
    await switchLanguage('en');
    expect(screen.getByRole('link', { name: 'APPLY NOW' })).toBeTruthy();
    expect(text()).toContain('Interest30% per annum');
  });

  it('a config that fails: the message in Hindi, the reason as it came, Try again in Hindi', async () => {
    await switchLanguage('hi');
    const { config } = downloadPage();
    config.pending().reject(new ApiError('network', MESSAGES.network));
    await flush();
    const alert = within(screen.getByRole('region', { name: 'हमसे संपर्क करें' })).getByRole('alert');
    expect(alert.textContent).toContain('संपर्क की जानकारी लोड नहीं हो सकी।');
    expect(within(alert).getByRole('button', { name: 'फिर से कोशिश करें' })).toBeTruthy();
  });

  it('a config without contacts says so in Hindi', async () => {
    await switchLanguage('hi');
    const { config } = downloadPage();
    config.pending().resolve(v.parse(ClientConfig, {}));
    await flush();
    expect(screen.getByText('लेंडर ने अभी यहां संपर्क की जानकारी नहीं दी है।')).toBeTruthy();
  });
});

describe('/alert and /verify/contact2 in Hindi', () => {
  it('/alert: the two sentences in Hindi; in English, the spec\'s verbatim', async () => {
    await switchLanguage('hi');
    inRouter(<AlertRoute />);
    const ps = () => [...document.querySelectorAll('main p')].map((p) => p.textContent);
    expect(screen.getByRole('heading', { level: 1, name: 'सूचना' })).toBeTruthy();
    expect(ps()).toEqual(['यह प्रोडक्ट सिर्फ़ iOS यूज़र्स के लिए उपलब्ध है।', 'कृपया यह पेज खोलने के लिए iOS ब्राउज़र का इस्तेमाल करें।']);
    await switchLanguage('en');
    expect(ps()).toEqual(['This product is only available to IOS users.', 'Please use the IOS browser to open this page.']);
  });

  it('/verify/contact2: the notice in Hindi, the same way to the contacts step', async () => {
    await switchLanguage('hi');
    inRouter(<Contact2Route />);
    expect(screen.getByRole('heading', { level: 1, name: 'इमरजेंसी कॉन्टैक्ट' })).toBeTruthy();
    expect(text()).toContain('आप ऐप में अपने तीन इमरजेंसी कॉन्टैक्ट जोड़ते हैं');
    expect(screen.getByRole('link', { name: 'इमरजेंसी कॉन्टैक्ट जोड़ें' }).getAttribute('href')).toBe('/login?redirect=%2Fauth%2Fcontacts');
  });
});
